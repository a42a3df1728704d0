class HeadersController < ApplicationController
  ALLOWED_ORIGINS = %w[https://app.example.com https://admin.example.com].freeze

  def content_language
    lang = params[:lang]
    # expect: CWE-113
    response.headers["Content-Language"] = lang
    head :no_content
  end

  def content_language_stripped
    lang = params[:lang].to_s.delete("\r\n")
    # ok: CWE-113
    response.headers["Content-Language"] = lang
    head :no_content
  end

  def cors_preflight
    origin = request.headers["Origin"]
    # expect: CWE-113
    headers["Access-Control-Allow-Origin"] = origin if origin.present?
    head :no_content
  end

  def cors_preflight_allowed
    origin = request.headers["Origin"]
    # ok: CWE-113
    headers["Access-Control-Allow-Origin"] = origin if ALLOWED_ORIGINS.include?(origin)
    head :no_content
  end

  def export
    # expect: CWE-113
    response.headers["Content-Disposition"] = attachment_disposition(params[:file])
    render plain: "id,total\n1,10\n"
  end

  def export_default
    # ok: CWE-113
    response.headers["Content-Disposition"] = default_disposition(params[:file])
    render plain: "id,total\n1,10\n"
  end

  def download
    name = params[:name]
    # expect: CWE-113
    response.headers["Content-Disposition"] = "attachment; filename=#{name}"
    render plain: "id,total\n1,10\n"
  end

  def download_encoded
    name = ERB::Util.url_encode(params[:name])
    # ok: CWE-113
    response.headers["Content-Disposition"] = "attachment; filename=#{name}"
    render plain: "id,total\n1,10\n"
  end

  def trace
    meta = { rid: request.headers["X-Request-Id"], server: "web-1" }
    # expect: CWE-113
    response.headers["X-Request-Id"] = meta[:rid]
    head :no_content
  end

  def served_by
    meta = { rid: request.headers["X-Request-Id"], server: "web-1" }
    # ok: CWE-113
    response.headers["X-Served-By"] = meta[:server]
    head :no_content
  end

  def items
    links = ["<#{params[:next]}>; rel=\"next\"", "</assets/items.css>; rel=preload"]
    # expect: CWE-113
    response.headers["Link"] = links.join(", ")
    render json: []
  end

  def items_preload
    links = ["<#{params[:next]}>; rel=\"next\"", "</assets/items.css>; rel=preload"]
    # ok: CWE-113
    response.headers["Link"] = links[1]
    render json: []
  end

  def status_refresh
    delay = params[:delay].present? ? params[:delay] : "5"
    # expect: CWE-113
    response.headers["Refresh"] = delay
    render plain: "working"
  end

  def status_refresh_number
    delay = params[:delay].present? ? params[:delay].to_i.to_s : "5"
    # ok: CWE-113
    response.headers["Refresh"] = delay
    render plain: "working"
  end

  def tenant
    tenant = "default"
    tenant = cookies[:tenant] if cookies[:tenant]
    # expect: CWE-113
    response.set_header("X-Tenant", tenant)
    head :no_content
  end

  def tenant_disabled
    tenant = "default"
    tenant = cookies[:tenant] if false
    # ok: CWE-113
    response.set_header("X-Tenant", tenant)
    head :no_content
  end

  def request_id
    rid = request.headers["X-Request-Id"]
    # expect: CWE-113
    response.set_header("X-Request-Id", rid)
    head :no_content
  end

  def request_id_generated
    rid = request.headers["X-Request-Id"]
    rid = "generated"
    # ok: CWE-113
    response.set_header("X-Request-Id", rid)
    head :no_content
  end

  private

  def attachment_disposition(name)
    "attachment; filename=\"#{name.to_s.strip}\""
  end

  def default_disposition(_name)
    "attachment; filename=\"export.csv\""
  end
end
