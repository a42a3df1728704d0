"""Report rendering and data import helpers (accuracy suite)."""
import ftplib
import os
import pickle
import shelve
import xml.sax
from xml.sax.handler import ContentHandler, feature_external_ges, feature_namespaces

import jinja2
import psycopg2
from flask import Blueprint, request
from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

bp = Blueprint("reports", __name__)

# expect: python.jinja2-autoescape-disabled
raw_env = jinja2.Environment(loader=jinja2.FileSystemLoader("templates/raw"))
# ok: python.jinja2-autoescape-disabled
env = Environment(loader=FileSystemLoader("templates"), autoescape=select_autoescape(["html", "xml"]))


def connect():
    # expect: python.hardcoded-connection-password
    return psycopg2.connect(host="reports-db", user="reporter", password="rep0rts!2023", dbname="reports")


def connect_env():
    # ok: python.hardcoded-connection-password
    return psycopg2.connect(host="reports-db", user="reporter", password=os.environ["REPORTS_DB_PASSWORD"])


@bp.route("/reports/custom", methods=["POST"])
def custom_report():
    # expect: python.jinja2-template-from-formatted-string
    tpl = jinja2.Template(request.form["template"])
    return tpl.render(rows=load_rows())


@bp.route("/reports/title")
def titled_report():
    # ok: python.jinja2-template-from-formatted-string
    tpl = env.from_string("<h1>{{ title }}</h1>{% for r in rows %}<p>{{ r }}</p>{% endfor %}")
    return tpl.render(title=request.args.get("title", "Report"), rows=load_rows())


@bp.route("/reports/banner")
def banner():
    title = request.args.get("title", "")
    # expect: python.jinja2-template-from-formatted-string
    return env.from_string("<div class='banner'>" + title + "</div>").render()


def highlight(term):
    # ok: python.mark-safe-formatted
    return Markup("<mark>{}</mark>").format(term)


def highlight_raw(term):
    # expect: python.mark-safe-formatted
    return Markup(f"<mark>{term}</mark>")


def load_rows():
    # ok: python.pickle-load
    return pickle.load(open("/var/cache/reports/rows.pkl", "rb"))


def load_cached_rows(cache_key):
    with open(os.path.join("/var/cache/reports", cache_key), "rb") as fh:
        # expect: python.pickle-load
        return pickle.load(fh)


def open_history(request_user):
    # expect: python.shelve-open-non-constant
    return shelve.open(f"/var/lib/reports/{request_user}.db")


def open_defaults():
    # ok: python.shelve-open-non-constant
    return shelve.open("/var/lib/reports/defaults.db")


class RowHandler(ContentHandler):
    def __init__(self):
        super().__init__()
        self.rows = []

    def startElement(self, name, attrs):
        if name == "row":
            self.rows.append(dict(attrs))


def import_xml(stream):
    parser = xml.sax.make_parser()
    # ok: python.xml-sax-external-entities
    parser.setFeature(feature_namespaces, True)
    # expect: python.xml-sax-external-entities
    parser.setFeature(feature_external_ges, True)
    handler = RowHandler()
    parser.setContentHandler(handler)
    parser.parse(stream)
    return handler.rows


def upload_report(path):
    # expect: python.cleartext-protocol-client
    ftp = ftplib.FTP("ftp.partner.example")
    ftp.login("reports", os.environ["FTP_PASSWORD"])
    with open(path, "rb") as fh:
        ftp.storbinary("STOR " + os.path.basename(path), fh)
    ftp.quit()


def upload_report_tls(path):
    # ok: python.cleartext-protocol-client
    ftp = ftplib.FTP_TLS("ftp.partner.example")
    ftp.login("reports", os.environ["FTP_PASSWORD"])
    ftp.prot_p()
    ftp.quit()


def render_summary(summary):
    # ok: python.compile-non-constant
    code = compile("total = sum(values)", "<summary>", "exec")
    scope = {"values": summary.values}
    # ok: python.eval-non-constant
    exec(code, scope)
    return escape(str(scope["total"]))


def render_formula(formula, values):
    # expect: python.compile-non-constant
    code = compile(formula, "<formula>", "eval")
    # expect: python.eval-non-constant
    return eval(code, {"__builtins__": {}}, values)
