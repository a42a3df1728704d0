require_relative "lib/url_policy"

class RedirectsController < ApplicationController
  ALLOWED_PATHS = %w[/dashboard /settings /help].freeze
  ALLOWED_HOSTS = %w[www.example.com shop.example.com].freeze

  def back
    target = params[:return_to]
    # expect: CWE-601
    redirect_to target
  end

  def back_same_host
    target = params[:return_to]
    # ok: CWE-601
    redirect_to target, allow_other_host: false
  end

  def after_login
    # expect: CWE-601
    redirect_to after_login_path(params[:next])
  end

  def after_login_default
    # ok: CWE-601
    redirect_to default_after_login_path(params[:next])
  end

  def continue
    destination = params[:next].present? ? params[:next] : "/dashboard"
    # expect: CWE-601
    redirect_to destination
  end

  def continue_allowed
    destination = ALLOWED_PATHS.include?(params[:next]) ? params[:next] : "/dashboard"
    # ok: CWE-601
    redirect_to destination
  end

  def jump
    destinations = { "home" => "/", "help" => "/help", "custom" => params[:url] }
    # expect: CWE-601
    redirect_to destinations["custom"]
  end

  def jump_help
    destinations = { "home" => "/", "help" => "/help", "custom" => params[:url] }
    # ok: CWE-601
    redirect_to destinations["help"]
  end

  def partner
    url = UrlPolicy.passthrough(params.require(:partner)[:url])
    # expect: CWE-601
    redirect_to url
  end

  def partner_checked
    url = UrlPolicy.checked(params.require(:partner)[:url])
    # ok: CWE-601
    redirect_to url
  end

  def storefront
    url = +"https://"
    url << params[:host].to_s
    url << "/welcome"
    # expect: CWE-601
    redirect_to url, allow_other_host: true
  end

  def storefront_allowed
    url = +"https://"
    url << (ALLOWED_HOSTS.include?(params[:host]) ? params[:host] : "www.example.com")
    url << "/welcome"
    # ok: CWE-601
    redirect_to url, allow_other_host: true
  end

  def resume
    url = "/dashboard"
    url = params[:return_url] if params[:return_url]
    # expect: CWE-601
    redirect_to url
  end

  def resume_disabled
    url = "/dashboard"
    url = params[:return_url] if false
    # ok: CWE-601
    redirect_to url
  end

  private

  def after_login_path(url)
    url.presence || "/dashboard"
  end

  def default_after_login_path(_url)
    "/dashboard"
  end
end
