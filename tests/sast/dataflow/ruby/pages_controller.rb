require "cgi"
require_relative "lib/html_builder"

class PagesController < ApplicationController
  def heading
    title = params[:title]
    # expect: CWE-79
    render html: "<h1>#{title}</h1>".html_safe
  end

  def heading_escaped
    title = ERB::Util.html_escape(params[:title])
    # ok: CWE-79
    render html: "<h1>#{title}</h1>".html_safe
  end

  def bio
    bio = params.require(:profile)[:bio]
    # expect: CWE-79
    render html: helpers.raw(bio), layout: "application"
  end

  def bio_sanitized
    bio = params.require(:profile)[:bio]
    # ok: CWE-79
    render html: helpers.sanitize(bio), layout: "application"
  end

  def notice
    # expect: CWE-79
    render html: banner(params[:msg]).html_safe
  end

  def notice_escaped
    # ok: CWE-79
    render html: banner(CGI.escapeHTML(params[:msg])).html_safe
  end

  def breadcrumb
    items = []
    items << "<li>#{params[:section]}</li>"
    items << "<li>Home</li>"
    # expect: CWE-79
    render html: items[0].html_safe
  end

  def breadcrumb_home
    items = []
    items << "<li>#{params[:section]}</li>"
    items << "<li>Home</li>"
    # ok: CWE-79
    render html: items[1].html_safe
  end

  def note
    html = +"<p class='note'>"
    html << params[:note].to_s
    html << "</p>"
    # expect: CWE-79
    render html: html.html_safe
  end

  def note_escaped
    html = +"<p class='note'>"
    html << CGI.escapeHTML(params[:note].to_s)
    html << "</p>"
    # ok: CWE-79
    render html: html.html_safe
  end

  def flash_message
    msg = params[:kind] == "custom" ? params[:message] : "Saved"
    # expect: CWE-79
    render html: "<div class='flash'>#{msg}</div>".html_safe
  end

  def flash_message_escaped
    msg = params[:kind] == "custom" ? ERB::Util.h(params[:message]) : "Saved"
    # ok: CWE-79
    render html: "<div class='flash'>#{msg}</div>".html_safe
  end

  def card
    markup = HtmlBuilder.card(params[:title], params[:body])
    # expect: CWE-79
    render html: markup.html_safe
  end

  def card_escaped
    markup = HtmlBuilder.safe_card(params[:title], params[:body])
    # ok: CWE-79
    render html: markup.html_safe
  end

  def card_placeholder
    markup = HtmlBuilder.placeholder(params[:title])
    # ok: CWE-79
    render html: markup.html_safe
  end

  def greeting
    snippet = format("<span class='name'>%s</span>", params[:name])
    # expect: CWE-79
    render html: snippet.html_safe
  end

  def greeting_escaped
    snippet = format("<span class='name'>%s</span>", ERB::Util.html_escape(params[:name]))
    # ok: CWE-79
    render html: snippet.html_safe
  end

  def welcome_back
    user = params[:username]
    # expect: CWE-79
    render html: "Welcome back, #{user}".html_safe
  end

  def welcome_back_fixed
    user = params[:username]
    user = "friend"
    # ok: CWE-79
    render html: "Welcome back, #{user}".html_safe
  end

  def tag_list
    tags = params[:tags].to_s.split(",").map { |t| "<b>#{t}</b>" }.join(" ")
    # expect: CWE-79
    render html: tags.html_safe
  end

  def tag_list_escaped
    tags = params[:tags].to_s.split(",").map { |t| "<b>#{ERB::Util.h(t)}</b>" }.join(" ")
    # ok: CWE-79
    render html: tags.html_safe
  end

  def search_echo
    term = params[:q].to_s
    # expect: CWE-79
    render html: helpers.content_tag(:p, "Results for #{term}".html_safe)
  end

  def search_echo_escaped
    term = CGI.escapeHTML(params[:q].to_s)
    # ok: CWE-79
    render html: helpers.content_tag(:p, "Results for #{term}".html_safe)
  end

  private

  def banner(msg)
    "<div class='banner'>#{msg}</div>"
  end
end
