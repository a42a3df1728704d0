require "open3"
require "shellwords"
require_relative "app/services/shell_runner"
require_relative "lib/command_builder"

class CommandsController < ApplicationController
  def ping
    host = params[:host]
    # expect: CWE-78
    ok = system("ping -c 1 #{host}")
    render json: { reachable: ok }
  end

  def ping_args
    host = params[:host]
    # ok: CWE-78
    ok = system("ping", "-c", "1", host)
    render json: { reachable: ok }
  end

  def lookup
    domain = params[:domain]
    # expect: CWE-78
    output = `nslookup #{domain}`
    render plain: output
  end

  def lookup_escaped
    domain = params[:domain]
    # ok: CWE-78
    output = `nslookup #{Shellwords.escape(domain)}`
    render plain: output
  end

  def whois
    target = params[:full] ? params[:domain] : "example.com"
    # expect: CWE-78
    output = %x(whois #{target})
    render plain: output
  end

  def whois_escaped
    target = params[:full] ? Shellwords.escape(params[:domain]) : "example.com"
    # ok: CWE-78
    output = %x(whois #{target})
    render plain: output
  end

  def dump_table
    pid = fork do
      # expect: CWE-78
      exec(dump_command(params[:table]))
    end
    Process.detach(pid)
    head :accepted
  end

  def dump_default_table
    pid = fork do
      # ok: CWE-78
      exec(dump_command("users"))
    end
    Process.detach(pid)
    head :accepted
  end

  def git_log
    cmd = "git log --oneline"
    cmd += " --author=#{params[:author]}"
    # expect: CWE-78
    out, _status = Open3.capture2(cmd)
    render plain: out
  end

  def git_log_escaped
    cmd = "git log --oneline"
    cmd += " --author=#{Shellwords.escape(params[:author])}"
    # ok: CWE-78
    out, _status = Open3.capture2(cmd)
    render plain: out
  end

  def env_status
    args = ["production", params[:env]]
    # expect: CWE-78
    io = IO.popen("bin/status #{args[1]}")
    render plain: io.read
  end

  def env_status_default
    args = ["production", params[:env]]
    # ok: CWE-78
    io = IO.popen("bin/status #{args[0]}")
    render plain: io.read
  end

  def record_event
    ShellRunner.log_event(params[:event])
    head :created
  end

  def record_event_args
    ShellRunner.log_event_args(params[:event])
    head :created
  end

  def transcode
    file = "sample.mp4"
    file = params[:file] if params[:file].present?
    # expect: CWE-78
    pid = Process.spawn("ffmpeg -i uploads/#{file} -f webm out.webm")
    Process.detach(pid)
    head :accepted
  end

  def transcode_disabled
    file = "sample.mp4"
    file = params[:file] if false
    # ok: CWE-78
    pid = Process.spawn("ffmpeg -i uploads/#{file} -f webm out.webm")
    Process.detach(pid)
    head :accepted
  end

  def line_count
    builder = CommandBuilder.new(params.require(:upload)[:filename])
    # expect: CWE-78
    out, _err, _st = Open3.capture3(builder.command)
    render plain: out
  end

  def line_count_escaped
    builder = CommandBuilder.new(params.require(:upload)[:filename])
    # ok: CWE-78
    out, _err, _st = Open3.capture3(builder.escaped_command)
    render plain: out
  end

  def render_page
    page = request.headers["X-Page"]
    # expect: CWE-78
    out, _st = Open3.capture2e("bin/render --page #{page}")
    render plain: out
  end

  def render_page_numeric
    page = request.headers["X-Page"].to_i
    # ok: CWE-78
    out, _st = Open3.capture2e("bin/render --page #{page}")
    render plain: out
  end

  def archive
    parts = ["zip", "-r", "/tmp/archive.zip"]
    parts << params[:folder]
    # expect: CWE-78
    system(parts.join(" "))
    head :created
  end

  def archive_checked
    parts = ["zip", "-r", "/tmp/archive.zip"]
    parts << (%w[docs images].include?(params[:folder]) ? params[:folder] : "docs")
    # ok: CWE-78
    system(parts.join(" "))
    head :created
  end

  private

  def dump_command(table)
    "pg_dump -t #{table} app_db -f /tmp/export.sql"
  end
end
