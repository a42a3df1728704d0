require_relative "lib/query_builder"
require_relative "app/models/search_query"

class UsersController < ApplicationController
  SORTABLE = %w[name email created_at].freeze

  def search
    name = params[:name]
    # expect: CWE-89
    @users = User.where("name = '#{name}'")
    render :index
  end

  def search_bound
    name = params[:name]
    # ok: CWE-89
    @users = User.where("name = ?", name)
    render :index
  end

  def show_by_email
    email = params.require(:user)[:email]
    sql = "SELECT * FROM users WHERE email = '#{email}'"
    # expect: CWE-89
    @user = User.find_by_sql(sql).first
    render :show
  end

  def show_by_email_sanitized
    email = params.require(:user)[:email]
    sql = User.sanitize_sql_array(["SELECT * FROM users WHERE email = ?", email])
    # ok: CWE-89
    @user = User.find_by_sql(sql).first
    render :show
  end

  def by_status
    # expect: CWE-89
    @users = User.where(status_clause(params[:status]))
    render :index
  end

  def by_status_numeric
    # ok: CWE-89
    @users = User.where(status_clause(params[:status].to_i))
    render :index
  end

  def purge
    purge_older_than(params[:days])
    head :no_content
  end

  def purge_numeric
    purge_older_than_days(params[:days].to_i)
    head :no_content
  end

  def by_state
    defaults = { q: params[:q], scope: "active" }
    # expect: CWE-89
    @users = User.where("state = '#{defaults[:q]}'")
    render :index
  end

  def by_state_default
    defaults = { q: params[:q], scope: "active" }
    # ok: CWE-89
    @users = User.where("state = '#{defaults[:scope]}'")
    render :index
  end

  def by_clause
    clauses = ["confirmed = TRUE"]
    clauses << "nickname = '#{params[:nickname]}'"
    # expect: CWE-89
    @users = User.where(clauses[1])
    render :index
  end

  def by_clause_fixed
    clauses = ["confirmed = TRUE"]
    clauses << "nickname = '#{params[:nickname]}'"
    # ok: CWE-89
    @users = User.where(clauses[0])
    render :index
  end

  def city_report
    sql = +"SELECT id, name FROM users WHERE 1=1"
    sql << " AND city = '#{params[:city]}'"
    # expect: CWE-89
    @rows = ActiveRecord::Base.connection.select_all(sql)
    render :report
  end

  def city_report_quoted
    sql = +"SELECT id, name FROM users WHERE 1=1"
    sql << " AND city = #{ActiveRecord::Base.connection.quote(params[:city])}"
    # ok: CWE-89
    @rows = ActiveRecord::Base.connection.select_all(sql)
    render :report
  end

  def sorted
    column = params[:dir] == "asc" ? params[:sort] : "created_at"
    # expect: CWE-89
    @users = User.order(Arel.sql(column))
    render :index
  end

  def sorted_allowed
    column = SORTABLE.include?(params[:sort]) ? params[:sort] : "created_at"
    # ok: CWE-89
    @users = User.order(Arel.sql(column))
    render :index
  end

  def export_column
    field = params[:field]
    # expect: CWE-89
    values = User.pluck(Arel.sql(field))
    render json: values
  end

  def export_column_fixed
    field = params[:field]
    field = "email"
    # ok: CWE-89
    values = User.pluck(Arel.sql(field))
    render json: values
  end

  def by_name
    condition = QueryBuilder.name_condition(params.require(:user)[:name])
    # expect: CWE-89
    @users = User.where(condition)
    render :index
  end

  def by_name_quoted
    condition = QueryBuilder.quoted_name_condition(params.require(:user)[:name])
    # ok: CWE-89
    @users = User.where(condition)
    render :index
  end

  def last_search
    # expect: CWE-89
    @users = User.where(QueryBuilder.name_condition(cookies[:last_search]))
    render :index
  end

  def last_search_default
    # ok: CWE-89
    @users = User.where(QueryBuilder.default_condition(cookies[:last_search]))
    render :index
  end

  def products_under
    query = SearchQuery.new(params)
    # expect: CWE-89
    @products = Product.where("price < #{query.term}")
    render :products
  end

  def products_under_limit
    query = SearchQuery.new(params)
    # ok: CWE-89
    @products = Product.where("price < #{query.limit}")
    render :products
  end

  def audit
    sql = format("SELECT * FROM audit_logs WHERE user_id = %s", params[:uid])
    # expect: CWE-89
    @logs = ActiveRecord::Base.connection.execute(sql)
    render :audit
  end

  def audit_numeric
    sql = format("SELECT * FROM audit_logs WHERE user_id = %s", params[:uid].to_i)
    # ok: CWE-89
    @logs = ActiveRecord::Base.connection.execute(sql)
    render :audit
  end

  def by_region
    conditions = ["active = 1", "region = '#{params[:region]}'"].join(" AND ")
    # expect: CWE-89
    @users = User.where(conditions)
    render :index
  end

  def by_region_quoted
    conditions = ["active = 1", "region = #{User.connection.quote(params[:region])}"].join(" AND ")
    # ok: CWE-89
    @users = User.where(conditions)
    render :index
  end

  def popular_groups
    minimum = params[:min]
    # expect: CWE-89
    @groups = User.group(:group_id).having("COUNT(*) > #{minimum}").count
    render json: @groups
  end

  def popular_groups_numeric
    minimum = params[:min].to_i
    # ok: CWE-89
    @groups = User.group(:group_id).having("COUNT(*) > #{minimum}").count
    render json: @groups
  end

  def track_hit
    stmt = "INSERT INTO hits (query) VALUES ('#{request.query_string}')"
    # expect: CWE-89
    ActiveRecord::Base.connection.exec_query(stmt)
    head :ok
  end

  def track_hit_sanitized
    stmt = User.sanitize_sql_array(["INSERT INTO hits (query) VALUES (?)", request.query_string])
    # ok: CWE-89
    ActiveRecord::Base.connection.exec_query(stmt)
    head :ok
  end

  private

  def status_clause(value)
    "status = '#{value}'"
  end

  def purge_older_than(days)
    # expect: CWE-89
    ActiveRecord::Base.connection.execute("DELETE FROM sessions WHERE updated_at < NOW() - INTERVAL '#{days} days'")
  end

  def purge_older_than_days(days)
    # ok: CWE-89
    ActiveRecord::Base.connection.execute("DELETE FROM sessions WHERE updated_at < NOW() - INTERVAL '#{days} days'")
  end
end
