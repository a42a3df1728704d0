class DownloadsController < ApplicationController
  BASE = Rails.root.join("storage", "exports")

  def show
    # expect: ruby.path-traversal-params
    send_file File.join(BASE, params[:file]), disposition: "attachment"
  end

  def show_safe
    # ok: ruby.path-traversal-params
    send_file File.join(BASE, File.basename(params[:file])), disposition: "attachment"
  end

  def preview
    # expect: ruby.render-path-params
    render template: "previews/#{params[:kind]}"
  end

  def preview_safe
    kind = %w[invoice receipt].include?(params[:kind]) ? params[:kind] : "invoice"
    # ok: ruby.render-path-params
    render template: "previews/show", locals: { kind: kind }
  end

  def proxy
    # expect: ruby.ssrf-params-url
    body = Net::HTTP.get(URI(params[:url]))
    # ok: ruby.ssrf-params-url
    status = Net::HTTP.get(URI("https://status.example.com/api/health"))
    render plain: [body.bytesize, status].join(" ")
  end

  def import
    # expect: ruby.json-load-untrusted
    payload = JSON.load(request.body.read)
    # expect: ruby.oj-load-object-mode
    meta = Oj.load(params[:meta])
    # ok: ruby.oj-load-object-mode
    extra = Oj.load(params[:extra], mode: :strict)
    render json: { ok: true, keys: payload.keys + meta.keys + extra.keys }
  end

  def calc
    # expect: ruby.eval-dynamic-string
    result = eval("#{params[:a].to_f} #{params[:op]} #{params[:b].to_f}")
    render plain: result.to_s
  end

  def note
    # expect: ruby.render-inline-dynamic
    render inline: "<p>#{params[:note]}</p>"
  end

  def note_safe
    # ok: ruby.render-inline-dynamic
    render inline: "<p><%= note %></p>", locals: { note: params[:note] }
  end

  def back
    # ok: ruby.open-redirect-params
    redirect_to downloads_path(page: params[:page])
  end
end

class PreferencesController < ApplicationController
  def update
    # expect: ruby.cookie-missing-secure
    cookies[:layout] = { value: params[:layout], expires: 1.year.from_now }
    # ok: ruby.cookie-missing-secure
    cookies[:density] = { value: params[:density], expires: 1.year.from_now, secure: true, httponly: true }
    head :no_content
  end

  def restore
    # expect: ruby.yaml-unsafe-load
    prefs = YAML.unsafe_load(params[:prefs_yaml])
    # ok: ruby.yaml-unsafe-load
    defaults = YAML.safe_load(params[:defaults_yaml], permitted_classes: [Symbol])
    render json: prefs.merge(defaults)
  end

  def tail_log
    # ok: ruby.kernel-open-non-constant
    lines = File.open(Rails.root.join("log", "production.log")).readlines.last(50)
    render plain: lines.join
  end
end
