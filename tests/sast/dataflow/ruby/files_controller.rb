require_relative "lib/path_resolver"

class FilesController < ApplicationController
  UPLOAD_DIR = "/var/app/uploads".freeze

  def download
    path = Rails.root.join("storage", "uploads", params[:name])
    # expect: CWE-22
    send_file path, disposition: "attachment"
  end

  def download_basename
    path = Rails.root.join("storage", "uploads", File.basename(params[:name]))
    # ok: CWE-22
    send_file path, disposition: "attachment"
  end

  def preview
    name = params[:preview] == "1" ? params[:file] : "index.txt"
    # expect: CWE-22
    body = File.read("/var/data/reports/#{name}")
    render plain: body
  end

  def preview_basename
    name = params[:preview] == "1" ? File.basename(params[:file]) : "index.txt"
    # ok: CWE-22
    body = File.read("/var/data/reports/#{name}")
    render plain: body
  end

  def attachment
    # expect: CWE-22
    File.open(upload_path(params[:name]), "rb") { |f| send_data f.read }
  end

  def attachment_basename
    # ok: CWE-22
    File.open(upload_path(File.basename(params[:name])), "rb") { |f| send_data f.read }
  end

  def report
    files = { report: params[:report], logo: "logo.png" }
    # expect: CWE-22
    send_file File.join(UPLOAD_DIR, files[:report])
  end

  def report_logo
    files = { report: params[:report], logo: "logo.png" }
    # ok: CWE-22
    send_file File.join(UPLOAD_DIR, files[:logo])
  end

  def export
    path = +"/srv/exports/"
    path << params[:name]
    path << ".csv"
    # expect: CWE-22
    send_file path, type: "text/csv"
  end

  def export_basename
    path = +"/srv/exports/"
    path << File.basename(params[:name])
    path << ".csv"
    # ok: CWE-22
    send_file path, type: "text/csv"
  end

  def template
    resolver = PathResolver.new("/var/app/templates")
    full = resolver.resolve(params.require(:template)[:name])
    # expect: CWE-22
    render plain: File.read(full)
  end

  def template_checked
    resolver = PathResolver.new("/var/app/templates")
    full = resolver.safe_resolve(params.require(:template)[:name])
    # ok: CWE-22
    render plain: File.read(full)
  end

  def template_default
    resolver = PathResolver.new("/var/app/templates")
    full = resolver.default_path(params.require(:template)[:name])
    # ok: CWE-22
    render plain: File.read(full)
  end

  def clear_cache
    key = cookies[:cache_key]
    # expect: CWE-22
    File.delete(Rails.root.join("tmp", "cache", key))
    head :no_content
  end

  def clear_cache_fixed
    key = cookies[:cache_key]
    key = "latest"
    # ok: CWE-22
    File.delete(Rails.root.join("tmp", "cache", key))
    head :no_content
  end

  def upload
    upload = params.require(:upload)
    target = File.join("public/uploads", upload[:name])
    # expect: CWE-22
    File.write(target, upload[:data])
    head :created
  end

  def upload_basename
    upload = params.require(:upload)
    target = File.join("public/uploads", File.basename(upload[:name]))
    # ok: CWE-22
    File.write(target, upload[:data])
    head :created
  end

  def tail_log
    candidates = ["production.log"]
    candidates.push(params[:log])
    # expect: CWE-22
    lines = File.readlines(File.join("log", candidates[1])).last(50)
    render plain: lines.join
  end

  def tail_log_default
    candidates = ["production.log"]
    candidates.push(params[:log])
    # ok: CWE-22
    lines = File.readlines(File.join("log", candidates[0])).last(50)
    render plain: lines.join
  end

  def manual
    doc = request.headers["X-Doc-Name"]
    # expect: CWE-22
    send_file Rails.root.join("docs", doc)
  end

  def manual_allowed
    doc = request.headers["X-Doc-Name"]
    doc = "index.pdf" unless %w[index.pdf api.pdf].include?(doc)
    # ok: CWE-22
    send_file Rails.root.join("docs", doc)
  end

  private

  def upload_path(name)
    File.join(UPLOAD_DIR, name)
  end
end
