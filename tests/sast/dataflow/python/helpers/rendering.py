"""HTML fragments shared by several pages."""
import html


class Widget:
    def __init__(self, css_class="card"):
        self.css_class = css_class

    def card(self, title):
        return '<div class="' + self.css_class + '"><h2>' + title + "</h2></div>"

    def escaped_card(self, title):
        return '<div class="' + self.css_class + '"><h2>' + html.escape(title) + "</h2></div>"
