"""Response headers filled from the request: downloads, CORS, request ids, pagination links."""
import urllib.parse

from django.http import HttpResponse
from flask import Flask, make_response, request

app = Flask(__name__)

ALLOWED_ORIGINS = {"https://app.example.com", "https://admin.example.com"}
REPORT_CSV = "id,total\n1,10\n"


def _attachment(name):
    return 'attachment; filename="%s"' % name


def _attachment_default(name):
    return 'attachment; filename="export.csv"'


@app.route("/lang")
def content_language():
    lang = request.args.get("lang", "en")
    resp = make_response("ok")
    # expect: CWE-113
    resp.headers["Content-Language"] = lang
    return resp


@app.route("/lang-stripped")
def content_language_stripped():
    lang = request.args.get("lang", "en").replace("\r", "").replace("\n", "")
    resp = make_response("ok")
    # ok: CWE-113
    resp.headers["Content-Language"] = lang
    return resp


def report_download(request):
    name = request.GET.get("name", "report.csv")
    response = HttpResponse(REPORT_CSV, content_type="text/csv")
    # expect: CWE-113
    response["Content-Disposition"] = "attachment; filename=" + name
    return response


def report_download_quoted(request):
    name = request.GET.get("name", "report.csv")
    response = HttpResponse(REPORT_CSV, content_type="text/csv")
    # ok: CWE-113
    response["Content-Disposition"] = "attachment; filename=" + urllib.parse.quote(name)
    return response


@app.route("/api/ping", methods=["OPTIONS"])
def cors_preflight():
    origin = request.headers.get("Origin", "")
    resp = make_response("", 204)
    # expect: CWE-113
    resp.headers["Access-Control-Allow-Origin"] = origin if origin else "*"
    return resp


@app.route("/api/ping2", methods=["OPTIONS"])
def cors_preflight_allowed():
    origin = request.headers.get("Origin", "")
    resp = make_response("", 204)
    # ok: CWE-113
    resp.headers["Access-Control-Allow-Origin"] = origin if origin in ALLOWED_ORIGINS else "null"
    return resp


@app.route("/export")
def export():
    resp = make_response(REPORT_CSV)
    # expect: CWE-113
    resp.headers["Content-Disposition"] = _attachment(request.args["file"])
    return resp


@app.route("/export2")
def export_default_name():
    resp = make_response(REPORT_CSV)
    # ok: CWE-113
    resp.headers["Content-Disposition"] = _attachment_default(request.args["file"])
    return resp


@app.route("/trace")
def trace():
    meta = {"rid": request.headers.get("X-Request-Id", ""), "server": "api-1"}
    resp = make_response("ok")
    # expect: CWE-113
    resp.headers["X-Request-Id"] = meta["rid"]
    return resp


@app.route("/trace2")
def trace_server():
    meta = {"rid": request.headers.get("X-Request-Id", ""), "server": "api-1"}
    resp = make_response("ok")
    # ok: CWE-113
    resp.headers["X-Served-By"] = meta["server"]
    return resp


@app.route("/items")
def items_page():
    parts = ["</static/items.css>; rel=preload"]
    if request.args.get("next"):
        parts.append("<" + request.args["next"] + '>; rel="next"')
    resp = make_response("[]")
    # expect: CWE-113
    resp.headers["Link"] = ", ".join(parts)
    return resp


@app.route("/items2")
def items_page_dead_branch():
    parts = ["</static/items.css>; rel=preload"]
    if False:
        parts.append("<" + request.args["next"] + '>; rel="next"')
    resp = make_response("[]")
    # ok: CWE-113
    resp.headers["Link"] = ", ".join(parts)
    return resp


@app.route("/status")
def status_refresh():
    delay = request.args.get("delay", "5")
    resp = make_response("working")
    # expect: CWE-113
    resp.headers["Refresh"] = delay
    return resp


@app.route("/status2")
def status_refresh_number():
    delay = str(int(request.args.get("delay", "5")))
    resp = make_response("working")
    # ok: CWE-113
    resp.headers["Refresh"] = delay
    return resp


@app.route("/tenant")
def tenant():
    tenant_id = request.cookies.get("tenant", "")
    resp = make_response("ok")
    # expect: CWE-113
    resp.headers.set("X-Tenant", tenant_id)
    return resp


@app.route("/tenant2")
def tenant_overwritten():
    tenant_id = request.cookies.get("tenant", "")
    tenant_id = "default"
    resp = make_response("ok")
    # ok: CWE-113
    resp.headers.set("X-Tenant", tenant_id)
    return resp
