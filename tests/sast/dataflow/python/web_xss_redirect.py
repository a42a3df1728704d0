"""Pages that echo user input and login/logout redirects."""
import html

from flask import Flask, make_response, redirect, render_template, render_template_string, request, url_for
from markupsafe import Markup, escape

from helpers.rendering import Widget
from helpers.web_state import SAFE_PATHS, NextUrl

app = Flask(__name__)


def _result_row(label):
    return "<tr><td>" + label + "</td></tr>"


def _empty_row(label):
    return "<tr><td>No results</td></tr>"


def _post_login_target():
    return request.args.get("next", "/")


def _post_login_default():
    return "/dashboard"


@app.route("/hello")
def hello():
    name = request.args.get("name", "")
    page = "<h1>Hello " + name + "</h1>"
    # expect: CWE-79
    return page


@app.route("/hello-escaped")
def hello_escaped():
    name = request.args.get("name", "")
    page = "<h1>Hello " + html.escape(name) + "</h1>"
    # ok: CWE-79
    return page


@app.route("/search")
def search_page():
    q = request.args.get("q", "")
    # expect: CWE-79
    resp = make_response(f"<p>Results for <b>{q}</b></p>")
    resp.headers["Cache-Control"] = "no-store"
    return resp


@app.route("/search-escaped")
def search_page_escaped():
    q = request.args.get("q", "")
    # ok: CWE-79
    resp = make_response(f"<p>Results for <b>{escape(q)}</b></p>")
    resp.headers["Cache-Control"] = "no-store"
    return resp


@app.route("/comments/preview", methods=["POST"])
def comment_preview():
    comment = request.form["comment"]
    # expect: CWE-79
    content = Markup("<blockquote>" + comment + "</blockquote>")
    return render_template("preview.html", content=content)


@app.route("/comments/preview-escaped", methods=["POST"])
def comment_preview_escaped():
    comment = request.form["comment"]
    # ok: CWE-79
    content = Markup("<blockquote>" + str(escape(comment)) + "</blockquote>")
    return render_template("preview.html", content=content)


@app.route("/greet/<user>")
def greet(user):
    # expect: CWE-79
    return render_template_string("<p>Welcome back, " + user + "!</p>")


@app.route("/greet-ctx/<user>")
def greet_context(user):
    # ok: CWE-79
    return render_template_string("<p>Welcome back, {{ user }}!</p>", user=user)


@app.route("/table")
def results_table():
    label = request.values.get("label", "")
    row = _result_row(label)
    # expect: CWE-79
    return "<table>" + row + "</table>"


@app.route("/table-empty")
def results_table_empty():
    label = request.values.get("label", "")
    row = _empty_row(label)
    # ok: CWE-79
    return "<table>" + row + "</table>"


@app.route("/cards")
def card_page():
    title = request.args.get("title", "Untitled")
    fragment = Widget().card(title)
    # expect: CWE-79
    return make_response(fragment)


@app.route("/cards-escaped")
def card_page_escaped():
    title = request.args.get("title", "Untitled")
    fragment = Widget().escaped_card(title)
    # ok: CWE-79
    return make_response(fragment)


@app.route("/profile", methods=["POST"])
def profile_preview():
    ctx = {"title": "Profile", "bio": request.form.get("bio", "")}
    page = "<section><h2>" + ctx["bio"] + "</h2></section>"
    # expect: CWE-79
    return page


@app.route("/profile-title", methods=["POST"])
def profile_preview_title():
    ctx = {"title": "Profile", "bio": request.form.get("bio", "")}
    page = "<section><h2>" + ctx["title"] + "</h2></section>"
    # ok: CWE-79
    return page


@app.route("/badge")
def nickname_badge():
    nick = request.args["nick"] if "nick" in request.args else "guest"
    # expect: CWE-79
    return f"<span class='badge'>{nick}</span>"


@app.route("/badge-escaped")
def nickname_badge_escaped():
    nick = html.escape(request.args["nick"]) if "nick" in request.args else "guest"
    # ok: CWE-79
    return f"<span class='badge'>{nick}</span>"


@app.route("/tags", methods=["POST"])
def tag_list():
    tags = request.form.getlist("tag")
    items = []
    for tag in tags:
        items.append("<li>" + tag + "</li>")
    body = "".join(items)
    # expect: CWE-79
    return make_response("<ul>" + body + "</ul>")


@app.route("/tags-escaped", methods=["POST"])
def tag_list_escaped():
    tags = request.form.getlist("tag")
    items = []
    for tag in tags:
        items.append("<li>" + html.escape(tag) + "</li>")
    body = "".join(items)
    # ok: CWE-79
    return make_response("<ul>" + body + "</ul>")


@app.route("/login/done")
def login_done():
    target = request.args.get("next", "/")
    target = target.strip()
    # expect: CWE-601
    return redirect(target)


@app.route("/login/done-checked")
def login_done_checked():
    target = request.args.get("next", "/")
    target = target if target in SAFE_PATHS else "/"
    # ok: CWE-601
    return redirect(target)


@app.route("/logout")
def logout():
    dest = NextUrl(fallback="/").resolve(request.values.get("return_to", ""))
    # expect: CWE-601
    return redirect(dest)


@app.route("/logout-checked")
def logout_checked():
    dest = NextUrl(fallback="/").resolve_safe(request.values.get("return_to", ""))
    # ok: CWE-601
    return redirect(dest)


@app.route("/checkout/complete", methods=["POST"])
def checkout_complete():
    targets = (request.form.get("continue_url", "/"), "/orders")
    # expect: CWE-601
    return redirect(targets[0], code=303)


@app.route("/checkout/complete-orders", methods=["POST"])
def checkout_complete_orders():
    targets = (request.form.get("continue_url", "/"), "/orders")
    # ok: CWE-601
    return redirect(targets[1], code=303)


@app.route("/lang/switch")
def switch_language():
    back_param = request.args.get("back")
    back = back_param if back_param else url_for("hello")
    # expect: CWE-601
    return redirect(back)


@app.route("/lang/switch-home")
def switch_language_home():
    back_param = request.args.get("back")
    back = url_for("hello") if back_param else "/"
    # ok: CWE-601
    return redirect(back)


@app.route("/sso/return")
def sso_return():
    target = _post_login_target()
    # expect: CWE-601
    return redirect(target)


@app.route("/sso/return-default")
def sso_return_default():
    target = _post_login_default()
    # ok: CWE-601
    return redirect(target)
