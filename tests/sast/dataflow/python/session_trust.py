"""Preference and onboarding endpoints that keep state in the Flask session."""
from flask import Flask, jsonify, request, session

from helpers.web_state import Preferences

app = Flask(__name__)
app.secret_key = "change-me"


def _client_locale():
    return request.headers.get("Accept-Language", "en")


def _default_locale():
    return "en"


@app.route("/session/role", methods=["POST"])
def set_role():
    role = request.form.get("role", "viewer")
    role = role.lower()
    # expect: CWE-501
    session["role"] = role
    return jsonify({"ok": True})


@app.route("/session/role-default", methods=["POST"])
def set_default_role():
    role = request.form.get("role", "viewer")
    role = "viewer"
    # ok: CWE-501
    session["role"] = role
    return jsonify({"ok": True})


@app.route("/session/theme")
def set_theme():
    theme = Preferences().raw_theme(request.args.get("theme", "light"))
    # expect: CWE-501
    session["theme"] = theme
    return jsonify({"theme": "updated"})


@app.route("/session/theme-known")
def set_theme_known():
    theme = Preferences().normalize_theme(request.args.get("theme", "light"))
    # ok: CWE-501
    session["theme"] = theme
    return jsonify({"theme": "updated"})


@app.route("/session/prefs", methods=["POST"])
def save_prefs():
    prefs = {"tz": "UTC", "lang": request.cookies.get("lang", "en")}
    # expect: CWE-501
    session["locale"] = prefs["lang"]
    return jsonify({"ok": True})


@app.route("/session/prefs-tz", methods=["POST"])
def save_prefs_tz():
    prefs = {"tz": "UTC", "lang": request.cookies.get("lang", "en")}
    # ok: CWE-501
    session["locale"] = prefs["tz"]
    return jsonify({"ok": True})


@app.route("/session/cart")
def attach_cart():
    cart_id = request.args["cart"] if "cart" in request.args else "new"
    # expect: CWE-501
    session["cart_id"] = cart_id
    return jsonify({"ok": True})


@app.route("/session/cart-numeric")
def attach_cart_numeric():
    cart_id = int(request.args["cart"]) if "cart" in request.args else "new"
    # ok: CWE-501
    session["cart_id"] = cart_id
    return jsonify({"ok": True})


@app.route("/session/locale")
def remember_locale():
    locale = _client_locale()
    # expect: CWE-501
    session["accept_language"] = locale
    return jsonify({"ok": True})


@app.route("/session/locale-default")
def remember_default_locale():
    locale = _default_locale()
    # ok: CWE-501
    session["accept_language"] = locale
    return jsonify({"ok": True})


@app.route("/session/display-name", methods=["POST"])
def set_display_name():
    first = "Guest"
    if request.form.get("first"):
        first = request.form["first"]
    display = "".join([first, " (", "member", ")"])
    # expect: CWE-501
    session["display_name"] = display
    return jsonify({"ok": True})


@app.route("/session/display-name-guest", methods=["POST"])
def set_guest_display_name():
    first = "Guest"
    if False:
        first = request.form["first"]
    display = "".join([first, " (", "member", ")"])
    # ok: CWE-501
    session["display_name"] = display
    return jsonify({"ok": True})
