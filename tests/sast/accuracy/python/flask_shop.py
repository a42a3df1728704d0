"""Small Flask storefront used by the accuracy suite."""
import os
import pickle
import sqlite3
import subprocess

import requests
import yaml
from flask import (Flask, abort, jsonify, make_response, redirect, render_template,
                   render_template_string, request, send_file, send_from_directory, url_for)
from flask_cors import CORS
from werkzeug.utils import secure_filename

app = Flask(__name__)
# expect: python.hardcoded-secret-key
app.secret_key = "k9#Qm2!vL0x@P4zR"
# ok: python.hardcoded-secret-key
app.config["SECRET_KEY_FALLBACKS"] = os.environ.get("OLD_KEYS", "").split(",")
# expect: python.flask-cors-wildcard-credentials
CORS(app, supports_credentials=True)

UPLOADS = "/srv/shop/uploads"

def db():
    return sqlite3.connect("/srv/shop/shop.db")

@app.route("/products")
def products():
    category = request.args.get("category", "all")
    cur = db().cursor()
    # expect: python.sql-formatted-query
    cur.execute(f"SELECT id, name, price FROM products WHERE category = '{category}'")
    rows = cur.fetchall()
    return jsonify(rows)

@app.route("/products/<int:pid>")
def product(pid):
    cur = db().cursor()
    # ok: python.sql-formatted-query
    cur.execute("SELECT id, name, price FROM products WHERE id = ?", (pid,))
    row = cur.fetchone()
    if row is None:
        abort(404)
    return render_template("product.html", product=row)

@app.route("/search")
def search():
    ids = [int(x) for x in request.args.getlist("id")]
    cur = db().cursor()
    # ok: python.sql-formatted-query
    cur.execute("SELECT name FROM products WHERE id IN (" + ",".join("?" * len(ids)) + ")", ids)
    return jsonify(cur.fetchall())

@app.route("/greet")
def greet():
    name = request.args.get("name", "guest")
    # expect: python.flask-render-template-string
    return render_template_string("<h1>Welcome back, %s!</h1>" % name)

@app.route("/greet2")
def greet2():
    # ok: python.flask-render-template-string
    return render_template_string("<h1>Welcome back, {{ name }}!</h1>", name=request.args.get("name"))

@app.route("/echo")
def echo():
    # expect: python.reflected-xss-response
    return make_response("<p>You searched for " + request.args["q"] + "</p>")

@app.route("/invoice")
def invoice():
    # expect: python.path-traversal-request-file
    return send_file(os.path.abspath(UPLOADS + "/" + request.args["file"]))

@app.route("/uploads/<path:name>")
def uploaded(name):
    # ok: python.path-traversal-request-file
    return send_from_directory(UPLOADS, request.view_args["name"])

@app.route("/avatar", methods=["POST"])
def avatar():
    f = request.files["avatar"]
    # ok: python.path-join-request-data
    dest = os.path.join(UPLOADS, secure_filename(request.files["avatar"].filename))
    f.save(dest)
    return "", 204

@app.route("/login/done")
def login_done():
    # expect: python.open-redirect
    return redirect(request.args.get("next") or "/")

@app.route("/account")
def account():
    # ok: python.open-redirect
    return redirect(url_for("orders", page=request.args.get("page", 1)))

@app.route("/preview")
def preview():
    # expect: python.ssrf-request-url
    resp = requests.get(request.args["image_url"], timeout=5)
    return resp.content, 200, {"Content-Type": "image/png"}

@app.route("/rates")
def rates():
    # ok: python.ssrf-request-url
    resp = requests.get(f"https://rates.example.com/v2/{request.args['currency']}", timeout=5)
    return jsonify(resp.json())

@app.route("/cart/restore", methods=["POST"])
def restore_cart():
    # expect: python.pickle-load
    cart = pickle.loads(request.get_data())
    return jsonify(items=len(cart))

@app.route("/import", methods=["POST"])
def import_catalog():
    # expect: python.yaml-unsafe-load
    data = yaml.load(request.data, Loader=yaml.Loader)
    # ok: python.yaml-unsafe-load
    meta = yaml.load(request.headers.get("X-Meta", "{}"), Loader=yaml.SafeLoader)
    return jsonify(count=len(data), meta=meta)

@app.route("/thumb", methods=["POST"])
def thumb():
    name = secure_filename(request.form["name"])
    # expect: python.subprocess-shell-true
    subprocess.run("convert %s -resize 128x128 thumb_%s" % (name, name), shell=True, check=True)
    # ok: python.subprocess-shell-true
    subprocess.run(["convert", name, "-resize", "128x128", "thumb_" + name], check=True)
    return "", 204

@app.route("/session", methods=["POST"])
def start_session():
    resp = make_response(jsonify(ok=True))
    # expect: python.cookie-flag-disabled
    resp.set_cookie("shop_session", os.urandom(16).hex(), secure=False, httponly=True)
    # ok: python.cookie-flag-disabled
    resp.set_cookie("theme", request.args.get("theme", "light"), secure=True, samesite="Lax")
    return resp

if __name__ == "__main__":
    # expect: python.flask-debug-enabled
    app.run(port=5000, debug=True)
