"""Directory lookups against LDAP and the XML user catalogue."""
import ldap
from flask import Flask, jsonify, request
from ldap.filter import escape_filter_chars
from lxml import etree

from helpers.directory import FilterBuilder, UserDirectory

app = Flask(__name__)

BASE_DN = "ou=people,dc=example,dc=com"
GROUPS = ("staff", "admins", "contractors")
ROLES = ("reader", "editor", "owner")
CATALOGUE = etree.parse("/srv/data/users.xml")


def _ldap():
    conn = ldap.initialize("ldap://ldap.internal.example")
    conn.simple_bind_s("cn=reader,dc=example,dc=com", "reader-password")
    return conn


def _find_books(doc, title):
    # expect: CWE-643
    return doc.xpath("//book[title='" + title + "']/@isbn")


def _find_books_bound(doc, title):
    # ok: CWE-643
    return doc.xpath("//book[title=$title]/@isbn", title=title)


@app.route("/ldap/user")
def ldap_user():
    uid = request.args["uid"]
    flt = "(uid=" + uid + ")"
    # expect: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt, ["cn", "mail"])
    return jsonify({"count": len(results)})


@app.route("/ldap/user-escaped")
def ldap_user_escaped():
    uid = request.args["uid"]
    flt = "(uid=" + escape_filter_chars(uid) + ")"
    # ok: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt, ["cn", "mail"])
    return jsonify({"count": len(results)})


@app.route("/ldap/person/<uid>")
def ldap_person(uid):
    flt = FilterBuilder("inetOrgPerson").user_filter(uid)
    # expect: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt)
    return jsonify({"found": bool(results)})


@app.route("/ldap/person-escaped/<uid>")
def ldap_person_escaped(uid):
    flt = FilterBuilder("inetOrgPerson").escaped_user_filter(uid)
    # ok: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt)
    return jsonify({"found": bool(results)})


@app.route("/ldap/by-mail", methods=["POST"])
def ldap_by_mail():
    mail = request.form["mail"]
    flt = "".join(["(&(objectClass=person)(mail=", mail, "))"])
    # expect: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt, ["uid"])
    return jsonify({"count": len(results)})


@app.route("/ldap/by-mail-escaped", methods=["POST"])
def ldap_by_mail_escaped():
    mail = request.form["mail"]
    flt = "".join(["(&(objectClass=person)(mail=", escape_filter_chars(mail), "))"])
    # ok: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, flt, ["uid"])
    return jsonify({"count": len(results)})


@app.route("/ldap/group-members")
def ldap_group_members():
    group = request.args["group"] if "group" in request.args else "staff"
    # expect: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, "(memberOf=cn=" + group + ",ou=groups,dc=example,dc=com)")
    return jsonify({"count": len(results)})


@app.route("/ldap/group-members-known")
def ldap_group_members_known():
    group = request.args["group"] if request.args.get("group") in GROUPS else "staff"
    # ok: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_SUBTREE, "(memberOf=cn=" + group + ",ou=groups,dc=example,dc=com)")
    return jsonify({"count": len(results)})


@app.route("/ldap/department", methods=["POST"])
def ldap_department():
    attrs = {"ou": "engineering", "cn": request.form.get("cn", "")}
    # expect: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_ONELEVEL, "(cn=" + attrs["cn"] + ")")
    return jsonify({"count": len(results)})


@app.route("/ldap/department-default", methods=["POST"])
def ldap_department_default():
    attrs = {"ou": "engineering", "cn": request.form.get("cn", "")}
    # ok: CWE-90
    results = _ldap().search_s(BASE_DN, ldap.SCOPE_ONELEVEL, "(cn=" + attrs["ou"] + ")")
    return jsonify({"count": len(results)})


@app.route("/catalogue/user")
def catalogue_user():
    name = request.args.get("name", "")
    expr = "//user[@name='" + name + "']/email/text()"
    # expect: CWE-643
    emails = CATALOGUE.xpath(expr)
    return jsonify({"emails": [str(e) for e in emails]})


@app.route("/catalogue/user-bound")
def catalogue_user_bound():
    name = request.args.get("name", "")
    expr = "//user[@name=$name]/email/text()"
    # ok: CWE-643
    emails = CATALOGUE.xpath(expr, name=name)
    return jsonify({"emails": [str(e) for e in emails]})


@app.route("/catalogue/member/<member>")
def catalogue_member(member):
    expr = UserDirectory().find_expr(member)
    # expect: CWE-643
    nodes = CATALOGUE.xpath(expr)
    return jsonify({"found": len(nodes)})


@app.route("/catalogue/member-id/<member>")
def catalogue_member_by_id(member):
    expr = UserDirectory().find_expr_for_id(member)
    # ok: CWE-643
    nodes = CATALOGUE.xpath(expr)
    return jsonify({"found": len(nodes)})


@app.route("/library/isbn", methods=["POST"])
def library_isbn():
    doc = etree.parse("/srv/data/library.xml")
    isbns = _find_books(doc, request.form["title"])
    return jsonify({"isbns": [str(i) for i in isbns]})


@app.route("/library/isbn-bound", methods=["POST"])
def library_isbn_bound():
    doc = etree.parse("/srv/data/library.xml")
    isbns = _find_books_bound(doc, request.form["title"])
    return jsonify({"isbns": [str(i) for i in isbns]})


@app.route("/catalogue/articles")
def catalogue_articles():
    terms = [request.args.get("author", ""), "published"]
    # expect: CWE-643
    nodes = CATALOGUE.xpath("//article[@author='" + terms[0] + "']/title/text()")
    return jsonify({"titles": [str(n) for n in nodes]})


@app.route("/catalogue/articles-published")
def catalogue_articles_published():
    terms = [request.args.get("author", ""), "published"]
    # ok: CWE-643
    nodes = CATALOGUE.xpath("//article[@author='" + terms[1] + "']/title/text()")
    return jsonify({"titles": [str(n) for n in nodes]})


@app.route("/catalogue/permissions")
def catalogue_permissions():
    role = request.cookies["role"] if "role" in request.cookies else "reader"
    # expect: CWE-643
    perms = CATALOGUE.xpath("//permission[@role='%s']/@name" % role)
    return jsonify({"permissions": [str(p) for p in perms]})


@app.route("/catalogue/permissions-known")
def catalogue_permissions_known():
    role = request.cookies["role"] if request.cookies.get("role") in ROLES else "reader"
    # ok: CWE-643
    perms = CATALOGUE.xpath("//permission[@role='%s']/@name" % role)
    return jsonify({"permissions": [str(p) for p in perms]})
