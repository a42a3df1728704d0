require "net/http"
require "open-uri"
require "httparty"
require "faraday"
require_relative "lib/url_policy"
require_relative "app/services/webhook_target"

class FetchController < ApplicationController
  ALLOWED_HOSTS = %w[api.example.com status.example.com].freeze
  DEFAULT_ENDPOINT = "https://api.example.com/v1/ping".freeze
  HEALTH_URL = "https://status.example.com/health".freeze

  def preview
    uri = URI(params[:url])
    # expect: CWE-918
    body = Net::HTTP.get(uri)
    render plain: body
  end

  def preview_allowed
    uri = URI(params[:url])
    return head(:forbidden) unless ALLOWED_HOSTS.include?(uri.host)
    # ok: CWE-918
    body = Net::HTTP.get(uri)
    render plain: body
  end

  def feed
    feed_url = params[:feed]
    # expect: CWE-918
    xml = URI.parse(feed_url).open.read
    render xml: xml
  end

  def feed_default
    feed_url = params[:feed]
    feed_url = "https://blog.example.com/feed.xml"
    # ok: CWE-918
    xml = URI.parse(feed_url).open.read
    render xml: xml
  end

  def status
    url = "https://"
    url += params[:host].to_s
    url += "/status"
    # expect: CWE-918
    response = HTTParty.get(url)
    render json: response.parsed_response
  end

  def status_allowed
    url = "https://"
    url += (ALLOWED_HOSTS.include?(params[:host]) ? params[:host] : "status.example.com")
    url += "/status"
    # ok: CWE-918
    response = HTTParty.get(url)
    render json: response.parsed_response
  end

  def probe
    target = params[:mode] == "custom" ? params[:endpoint] : DEFAULT_ENDPOINT
    # expect: CWE-918
    response = Faraday.get(target)
    render plain: response.status.to_s
  end

  def probe_allowed
    target = UrlPolicy.host_allowed?(params[:endpoint]) ? params[:endpoint] : DEFAULT_ENDPOINT
    # ok: CWE-918
    response = Faraday.get(target)
    render plain: response.status.to_s
  end

  def webhook_test
    hook = WebhookTarget.new(params.require(:webhook)[:url])
    # expect: CWE-918
    response = HTTParty.post(hook.url, body: { ping: true }.to_json)
    render plain: response.code.to_s
  end

  def webhook_test_default
    hook = WebhookTarget.new(params.require(:webhook)[:url])
    # ok: CWE-918
    response = HTTParty.post(hook.default_url, body: { ping: true }.to_json)
    render plain: response.code.to_s
  end

  def mirror
    endpoints = [HEALTH_URL, params[:mirror]]
    # expect: CWE-918
    response = Net::HTTP.get_response(URI.parse(endpoints[1]))
    render plain: response.code
  end

  def mirror_primary
    endpoints = [HEALTH_URL, params[:mirror]]
    # ok: CWE-918
    response = Net::HTTP.get_response(URI.parse(endpoints[0]))
    render plain: response.code
  end

  def image_proxy
    send_data fetch_image(params[:src]), type: "image/png"
  end

  def image_proxy_checked
    send_data fetch_image_checked(params[:src]), type: "image/png"
  end

  def callback
    callback_url = "https://hooks.example.com/default"
    callback_url = request.headers["X-Callback-Url"] if request.headers["X-Callback-Url"]
    # expect: CWE-918
    Faraday.new(url: callback_url).post("/notify", "{}")
    head :accepted
  end

  def callback_disabled
    callback_url = "https://hooks.example.com/default"
    callback_url = request.headers["X-Callback-Url"] if false
    # ok: CWE-918
    Faraday.new(url: callback_url).post("/notify", "{}")
    head :accepted
  end

  private

  def fetch_image(src)
    uri = URI.parse(src)
    # expect: CWE-918
    Net::HTTP.get(uri)
  end

  def fetch_image_checked(src)
    uri = URI.parse(src)
    raise ActionController::BadRequest unless ALLOWED_HOSTS.include?(uri.host)
    # ok: CWE-918
    Net::HTTP.get(uri)
  end
end
