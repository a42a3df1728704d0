require_relative "app/services/session_payload"

class SessionsController < ApplicationController
  LOCALES = %w[en fr de es].freeze

  def assume_role
    role = params[:role]
    # expect: CWE-501
    session[:role] = role
    redirect_to "/dashboard"
  end

  def assume_role_fixed
    role = params[:role]
    role = "viewer"
    # ok: CWE-501
    session[:role] = role
    redirect_to "/dashboard"
  end

  def set_locale
    locale = params[:locale].present? ? params[:locale] : "en"
    # expect: CWE-501
    session[:locale] = locale
    head :ok
  end

  def set_locale_allowed
    locale = LOCALES.include?(params[:locale]) ? params[:locale] : "en"
    # ok: CWE-501
    session[:locale] = locale
    head :ok
  end

  def remember_return
    # expect: CWE-501
    session[:return_to] = return_path(params[:return_to])
    head :ok
  end

  def remember_return_default
    # ok: CWE-501
    session[:return_to] = default_return_path(params[:return_to])
    head :ok
  end

  def apply_prefs
    prefs = { theme: cookies[:theme], lang: "en" }
    # expect: CWE-501
    session[:theme] = prefs[:theme]
    head :ok
  end

  def apply_prefs_lang
    prefs = { theme: cookies[:theme], lang: "en" }
    # ok: CWE-501
    session[:theme] = prefs[:lang]
    head :ok
  end

  def switch_tenant
    tenant = "default"
    tenant = request.headers["X-Tenant-Id"] if request.headers["X-Tenant-Id"]
    # expect: CWE-501
    session[:tenant_id] = tenant
    head :ok
  end

  def switch_tenant_disabled
    tenant = "default"
    tenant = request.headers["X-Tenant-Id"] if false
    # ok: CWE-501
    session[:tenant_id] = tenant
    head :ok
  end

  def impersonate
    payload = SessionPayload.new(params.require(:account)[:id])
    # expect: CWE-501
    session[:account_id] = payload.account_id
    head :ok
  end

  def impersonate_guest
    payload = SessionPayload.new(params.require(:account)[:id])
    # ok: CWE-501
    session[:account_id] = payload.guest_id
    head :ok
  end

  def track_page
    label = "visited:"
    label += params[:page].to_s
    # expect: CWE-501
    session[:last_page] = label
    head :ok
  end

  def track_page_home
    label = "visited:"
    label += "home"
    # ok: CWE-501
    session[:last_page] = label
    head :ok
  end

  private

  def return_path(path)
    path.presence || "/"
  end

  def default_return_path(_path)
    "/"
  end
end
