class UsersController < ApplicationController
  # expect: ruby.csrf-protection-disabled
  skip_before_action :verify_authenticity_token, only: [:import]
  # ok: ruby.csrf-protection-disabled
  skip_before_action :require_login, only: [:new, :create]

  before_action :set_user, only: [:show, :edit, :update]

  def index
    # ok: ruby.rails-sqli-string-interpolation
    @users = User.where("name LIKE ?", "%#{params[:q]}%").order(:name)
    if params[:role].present?
      # expect: ruby.rails-sqli-string-interpolation
      @users = @users.where("role = '#{params[:role]}'")
    end
    # ok: ruby.rails-sqli-string-interpolation
    @admins = User.where(role: "admin", active: true)
  end

  def search
    column = %w[name email created_at].include?(params[:sort]) ? params[:sort] : "name"
    # ok: ruby.rails-sqli-string-interpolation
    @users = User.order(column => :asc)
    # expect: ruby.rails-sqli-string-interpolation
    @recent = User.order("#{params[:sort]} DESC").limit(10)
  end

  def create
    # ok: ruby.mass-assignment-raw-params
    @user = User.new(user_params)
    if @user.save
      cookies.signed[:uid] = { value: @user.id, httponly: true, secure: true }
      # ok: ruby.open-redirect-params
      redirect_to user_path(@user), notice: "Welcome!"
    else
      render :new, status: :unprocessable_entity
    end
  end

  def update
    # expect: ruby.mass-assignment-raw-params
    if @user.update(params[:user])
      # expect: ruby.open-redirect-params
      redirect_to params[:return_to]
    else
      render :edit
    end
  end

  def remember
    # expect: ruby.cookie-flags-disabled
    cookies[:remember_token] = { value: @user.remember_token, expires: 2.weeks.from_now, secure: true, httponly: false }
    # ok: ruby.cookie-flags-disabled
    cookies[:theme] = { value: params[:theme], expires: 1.year.from_now, httponly: true, secure: true }
    head :ok
  end

  def export
    # expect: ruby.constantize-user-input
    exporter = "#{params[:format].camelize}Exporter".constantize
    # ok: ruby.constantize-user-input
    fallback = { "csv" => CsvExporter, "json" => JsonExporter }.fetch(params[:format], CsvExporter)
    send_data exporter.new(User.all).call, filename: "users.#{fallback::EXTENSION}"
  end

  def field
    # expect: ruby.send-user-input
    value = @user.public_send(params[:field])
    # ok: ruby.send-user-input
    name = @user.public_send(:display_name)
    render json: { value: value, name: name }
  end

  def bio
    # expect: ruby.html-safe-dynamic
    @bio_html = "<div class='bio'>#{@user.bio}</div>".html_safe
    # ok: ruby.html-safe-dynamic
    @title_html = "<h1>#{h(@user.name)}</h1>".html_safe
  end

  private

  def set_user
    @user = User.find(params[:id])
  end

  def user_params
    params.require(:user).permit(:name, :email, :password)
  end

  def legacy_params
    # expect: ruby.params-permit-all
    params.require(:user).permit!
  end
end
