class LogsController < ApplicationController
  LEVELS = %w[debug info warn error].freeze

  def login_failed
    user = params[:user]
    # expect: CWE-117
    logger.warn("failed login for #{user}")
    head :unauthorized
  end

  def login_failed_clean
    user = params[:user].to_s.gsub(/[\r\n]/, "_")
    # ok: CWE-117
    logger.warn("failed login for #{user}")
    head :unauthorized
  end

  def search
    q = params[:q]
    # expect: CWE-117
    Rails.logger.info("search for %s" % q)
    render json: []
  end

  def search_redacted
    q = params[:q]
    q = "redacted"
    # ok: CWE-117
    Rails.logger.info("search for %s" % q)
    render json: []
  end

  def agent
    ua = agent_label(request.user_agent)
    # expect: CWE-117
    logger.info "visit from " + ua
    head :no_content
  end

  def agent_anonymous
    ua = anonymous_label(request.user_agent)
    # ok: CWE-117
    logger.info "visit from " + ua
    head :no_content
  end

  def comment
    text = pass_through(params[:text])
    # expect: CWE-117
    Rails.logger.info("comment: #{text}")
    head :created
  end

  def comment_flat
    text = one_line(params[:text])
    # ok: CWE-117
    Rails.logger.info("comment: #{text}")
    head :created
  end

  def visit
    entry = { referer: request.referer, path: "/visit" }
    # expect: CWE-117
    logger.info("visit from #{entry[:referer]}")
    head :no_content
  end

  def visit_path
    entry = { referer: request.referer, path: "/visit" }
    # ok: CWE-117
    logger.info("visit to #{entry[:path]}")
    head :no_content
  end

  def missing_order
    parts = [params[:id], "orders"]
    # expect: CWE-117
    logger.error("no such order " + parts[0])
    head :not_found
  end

  def missing_list
    parts = [params[:id], "orders"]
    # ok: CWE-117
    logger.error("no such list " + parts[1])
    head :not_found
  end

  def report
    line = +"report"
    line << " page=#{params[:page]}"
    # expect: CWE-117
    Rails.logger.debug(line)
    render json: []
  end

  def report_page
    line = +"report"
    line << " page=#{params[:page].to_i}"
    # ok: CWE-117
    Rails.logger.debug(line)
    render json: []
  end

  def landing
    source = params[:ref].present? ? params[:ref] : "direct"
    # expect: CWE-117
    logger.warn("landing from #{source}")
    head :no_content
  end

  def landing_tagged
    source = params[:ref].present? ? "referred" : "direct"
    # ok: CWE-117
    logger.warn("landing from #{source}")
    head :no_content
  end

  def note
    note = "none"
    note = params[:note] if params[:note]
    # expect: CWE-117
    logger.info("note " + note)
    head :no_content
  end

  def note_disabled
    note = "none"
    note = params[:note] if false
    # ok: CWE-117
    logger.info("note " + note)
    head :no_content
  end

  def webhook
    # expect: CWE-117
    logger.debug { "bad webhook payload #{params[:event]}" }
    head :bad_request
  end

  def webhook_inspected
    # ok: CWE-117
    logger.debug { "bad webhook payload #{params[:event].inspect}" }
    head :bad_request
  end

  def change_level
    level = params[:level]
    # expect: CWE-117
    Rails.logger.warn("log level change requested: #{level}")
    head :no_content
  end

  def change_level_checked
    level = params[:level]
    return head(:bad_request) unless LEVELS.include?(level)
    # ok: CWE-117
    Rails.logger.warn("log level change requested: #{level}")
    head :no_content
  end

  def upload_rejected
    name = params[:file].original_filename
    # expect: CWE-117
    logger.error("upload rejected: " + name)
    head :unprocessable_entity
  end

  def upload_rejected_json
    name = params[:file].original_filename
    # ok: CWE-117
    logger.error("upload rejected: " + name.to_json)
    head :unprocessable_entity
  end

  private

  def agent_label(agent)
    agent.to_s.strip
  end

  def anonymous_label(_agent)
    "unknown"
  end

  def pass_through(value)
    value.to_s
  end

  def one_line(value)
    value.to_s.delete("\r\n")
  end
end
