require "erb"

class HtmlBuilder
  def self.card(title, body)
    "<div class='card'><h2>#{title}</h2><p>#{body}</p></div>"
  end

  def self.safe_card(title, body)
    "<div class='card'><h2>#{ERB::Util.html_escape(title)}</h2><p>#{ERB::Util.html_escape(body)}</p></div>"
  end

  def self.placeholder(_title)
    "<div class='card'><h2>Untitled</h2></div>"
  end
end
