"""Account, order and catalogue lookups backed by SQLite, PostgreSQL and SQLAlchemy."""
import io
import sqlite3

import psycopg2
from flask import Flask, jsonify, request
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import text

from helpers.query_builder import QueryBuilder

app = Flask(__name__)
app.config["SQLALCHEMY_DATABASE_URI"] = "sqlite:////srv/app/app.db"
db = SQLAlchemy(app)

DB_PATH = "/srv/app/app.db"
SORTABLE = ("name", "email", "created")


def get_db():
    return sqlite3.connect(DB_PATH)


def pg_conn():
    return psycopg2.connect(dbname="shop", user="shop", host="db.internal")


def _lookup_by_email(email):
    return "SELECT id, name FROM users WHERE email = '%s'" % email


def _lookup_active(email):
    return "SELECT id, name FROM users WHERE active = 1"


@app.route("/users/search")
def search_users_concat():
    name = request.args.get("name", "")
    query = "SELECT id, name FROM users WHERE name = '" + name + "'"
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(query)
    return jsonify(cur.fetchall())


@app.route("/users/search-bound")
def search_users_bound():
    name = request.args.get("name", "")
    query = "SELECT id, name FROM users WHERE name = ?"
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(query, (name,))
    return jsonify(cur.fetchall())


@app.route("/users/by-email")
def users_by_email():
    email = request.args["email"]
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(_lookup_by_email(email))
    return jsonify(cur.fetchall())


@app.route("/users/active")
def users_active():
    email = request.args["email"]
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(_lookup_active(email))
    return jsonify(cur.fetchall())


@app.route("/accounts/<username>")
def account_by_name(username):
    qb = QueryBuilder("accounts")
    sql = qb.select_by_name(username)
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchone())


@app.route("/accounts/<username>/recent")
def account_recent(username):
    qb = QueryBuilder("accounts")
    sql = qb.select_recent(username)
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchall())


@app.route("/orders/by-owner", methods=["POST"])
def orders_by_owner():
    filters = {"status": "open", "owner": request.form["owner"]}
    cur = pg_conn().cursor()
    # expect: CWE-89
    cur.execute("SELECT id, total FROM orders WHERE label = '%s'" % filters["owner"])
    return jsonify(cur.fetchall())


@app.route("/orders/by-status", methods=["POST"])
def orders_by_status():
    filters = {"status": "open", "owner": request.form["owner"]}
    cur = pg_conn().cursor()
    # ok: CWE-89
    cur.execute("SELECT id, total FROM orders WHERE label = '%s'" % filters["status"])
    return jsonify(cur.fetchall())


@app.route("/products")
def products_by_category():
    category = request.values.get("category", "0")
    parts = ["SELECT id, title FROM products"]
    parts.append("WHERE category_id = " + category)
    parts.append("LIMIT 50")
    sql = " ".join(parts)
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchall())


@app.route("/products/numeric")
def products_by_category_numeric():
    category = request.values.get("category", "0")
    parts = ["SELECT id, title FROM products"]
    parts.append("WHERE category_id = " + str(int(category)))
    parts.append("LIMIT 50")
    sql = " ".join(parts)
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchall())


@app.route("/users/sorted")
def users_sorted():
    sort = request.args.get("sort")
    column = sort if sort else "name"
    sql = "SELECT id, name FROM users ORDER BY " + column
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchall())


@app.route("/users/sorted-known")
def users_sorted_known():
    sort = request.args.get("sort")
    column = sort if sort in SORTABLE else "name"
    sql = "SELECT id, name FROM users ORDER BY " + column
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(sql)
    return jsonify(cur.fetchall())


@app.route("/invoices/<invoice_id>")
def invoice_detail(invoice_id):
    # expect: CWE-89
    rows = db.session.execute(text("SELECT id, amount FROM invoices WHERE ref = '" + invoice_id + "'")).fetchall()
    return jsonify([dict(r._mapping) for r in rows])


@app.route("/invoices/<invoice_id>/bound")
def invoice_detail_bound(invoice_id):
    # ok: CWE-89
    rows = db.session.execute(text("SELECT id, amount FROM invoices WHERE ref = :ref"), {"ref": invoice_id}).fetchall()
    return jsonify([dict(r._mapping) for r in rows])


@app.route("/me")
def current_session_user():
    token = request.cookies.get("session_id", "")
    cur = pg_conn().cursor()
    # expect: CWE-89
    cur.execute("SELECT user_id FROM sessions WHERE token = '%s'" % token)
    return jsonify(cur.fetchone())


@app.route("/me/bound")
def current_session_user_bound():
    token = request.cookies.get("session_id", "")
    cur = pg_conn().cursor()
    # ok: CWE-89
    cur.execute("SELECT user_id FROM sessions WHERE token = %s", (token,))
    return jsonify(cur.fetchone())


@app.route("/projects")
def tenant_projects():
    tenant = request.headers.get("X-Tenant", "public")
    buf = io.StringIO()
    buf.write("SELECT id, name FROM projects WHERE tenant = '")
    buf.write(tenant)
    buf.write("'")
    cur = get_db().cursor()
    # expect: CWE-89
    cur.execute(buf.getvalue())
    return jsonify(cur.fetchall())


@app.route("/projects/public")
def public_projects():
    tenant = request.headers.get("X-Tenant", "public")
    tenant = "public"
    buf = io.StringIO()
    buf.write("SELECT id, name FROM projects WHERE tenant = '")
    buf.write(tenant)
    buf.write("'")
    cur = get_db().cursor()
    # ok: CWE-89
    cur.execute(buf.getvalue())
    return jsonify(cur.fetchall())


@app.route("/tags", methods=["POST"])
def create_tag():
    body = request.get_json()
    name = "untitled"
    if body.get("name"):
        name = body["name"]
    conn = get_db()
    # expect: CWE-89
    conn.execute(f"INSERT INTO tags (name) VALUES ('{name}')")
    conn.commit()
    return jsonify({"created": True})


@app.route("/tags/default", methods=["POST"])
def create_default_tag():
    body = request.get_json()
    name = "untitled"
    if False:
        name = body["name"]
    conn = get_db()
    # ok: CWE-89
    conn.execute(f"INSERT INTO tags (name) VALUES ('{name}')")
    conn.commit()
    return jsonify({"created": True})
