"""Webhooks, feed import, XML document upload and session state restore."""
import base64
import marshal
import pickle
import urllib.request
from urllib.parse import urlparse

import defusedxml.ElementTree as SafeET
import requests
import yaml
from flask import Flask, jsonify, request
from lxml import etree

from helpers.clients import ApiClient, ConfigLoader, SafeXmlLoader, XmlLoader

app = Flask(__name__)

STATUS_URL = "https://status.internal.example/health"
DEFAULT_FEED = "https://news.example.com/feed.xml"
PARTNER_HOSTS = {"api.partner.example"}
UNSAFE_PARSER = etree.XMLParser(resolve_entities=True, load_dtd=True)
DEFAULT_STATE = pickle.dumps({"items": []})
DEFAULT_CODE = marshal.dumps(compile("result = 1", "<default>", "exec"))


def _parse_invoice(raw):
    parser = etree.XMLParser(resolve_entities=True, load_dtd=True)
    # expect: CWE-611
    return etree.fromstring(raw, parser)


def _parse_invoice_defused(raw):
    # ok: CWE-611
    return SafeET.fromstring(raw)


@app.route("/preview")
def link_preview():
    url = request.args["url"]
    headers = {"User-Agent": "preview-bot/1.0"}
    # expect: CWE-918
    resp = requests.get(url, headers=headers, timeout=5)
    return jsonify({"status": resp.status_code, "length": len(resp.content)})


@app.route("/preview-partner")
def link_preview_partner():
    url = request.args["url"]
    headers = {"User-Agent": "preview-bot/1.0"}
    if urlparse(url).scheme != "https" or urlparse(url).hostname not in PARTNER_HOSTS:
        return jsonify({"error": "host not allowed"}), 400
    # ok: CWE-918
    resp = requests.get(url, headers=headers, timeout=5)
    return jsonify({"status": resp.status_code, "length": len(resp.content)})


@app.route("/webhooks/test", methods=["POST"])
def test_webhook():
    payload = request.get_json()
    urls = {"callback": payload["callback"], "status": STATUS_URL}
    # expect: CWE-918
    with urllib.request.urlopen(urls["callback"], timeout=5) as resp:
        code = resp.status
    return jsonify({"code": code})


@app.route("/webhooks/status", methods=["POST"])
def status_webhook():
    payload = request.get_json()
    urls = {"callback": payload["callback"], "status": STATUS_URL}
    # ok: CWE-918
    with urllib.request.urlopen(urls["status"], timeout=5) as resp:
        code = resp.status
    return jsonify({"code": code})


@app.route("/integrations/ping", methods=["POST"])
def integration_ping():
    resp = ApiClient(timeout=3).fetch(request.form["endpoint"])
    return jsonify({"status": resp.status_code})


@app.route("/integrations/ping-partner", methods=["POST"])
def integration_ping_partner():
    resp = ApiClient(timeout=3).fetch_allowed(request.form["endpoint"])
    return jsonify({"status": resp.status_code})


@app.route("/feeds/import", methods=["POST"])
def import_feed():
    feed = request.form["feed"] if request.form.get("feed") else DEFAULT_FEED
    # expect: CWE-918
    resp = requests.get(feed, timeout=10)
    return jsonify({"bytes": len(resp.content)})


@app.route("/feeds/import-default", methods=["POST"])
def import_default_feed():
    feed = DEFAULT_FEED if request.form.get("feed") else STATUS_URL
    # ok: CWE-918
    resp = requests.get(feed, timeout=10)
    return jsonify({"bytes": len(resp.content)})


@app.route("/backend/health")
def backend_health():
    backend = request.headers.get("X-Backend-Host", "app1.internal")
    url = "".join(["http://", backend, ":8080/health"])
    # expect: CWE-918
    resp = requests.post(url, timeout=2)
    return jsonify({"status": resp.status_code})


@app.route("/backend/health-default")
def backend_health_default():
    backend = request.headers.get("X-Backend-Host", "app1.internal")
    backend = "app1.internal"
    url = "".join(["http://", backend, ":8080/health"])
    # ok: CWE-918
    resp = requests.post(url, timeout=2)
    return jsonify({"status": resp.status_code})


@app.route("/xml/upload", methods=["POST"])
def xml_upload():
    data = request.get_data()
    parser = etree.XMLParser(resolve_entities=True)
    # expect: CWE-611
    doc = etree.fromstring(data, parser)
    return jsonify({"root": doc.tag, "children": len(doc)})


@app.route("/xml/upload-noent", methods=["POST"])
def xml_upload_no_entities():
    data = request.get_data()
    parser = etree.XMLParser(resolve_entities=False)
    # ok: CWE-611
    doc = etree.fromstring(data, parser)
    return jsonify({"root": doc.tag, "children": len(doc)})


@app.route("/xml/document", methods=["POST"])
def xml_document():
    upload = request.files["doc"]
    # expect: CWE-611
    tree = etree.parse(upload.stream, UNSAFE_PARSER)
    return jsonify({"root": tree.getroot().tag})


@app.route("/xml/document-defused", methods=["POST"])
def xml_document_defused():
    upload = request.files["doc"]
    # ok: CWE-611
    tree = SafeET.parse(upload.stream)
    return jsonify({"root": tree.getroot().tag})


@app.route("/xml/import", methods=["POST"])
def xml_import():
    root = XmlLoader().load(request.data)
    return jsonify({"root": root.tag})


@app.route("/xml/import-defused", methods=["POST"])
def xml_import_defused():
    root = SafeXmlLoader().load(request.data)
    return jsonify({"root": root.tag})


@app.route("/invoices/parse", methods=["POST"])
def invoice_parse():
    raw = request.form["invoice_xml"]
    root = _parse_invoice(raw)
    return jsonify({"lines": len(root)})


@app.route("/invoices/parse-defused", methods=["POST"])
def invoice_parse_defused():
    raw = request.form["invoice_xml"]
    root = _parse_invoice_defused(raw)
    return jsonify({"lines": len(root)})


@app.route("/cart/restore")
def restore_cart():
    blob = base64.b64decode(request.cookies.get("cart", ""))
    # expect: CWE-502
    cart = pickle.loads(blob)
    return jsonify({"items": len(cart.get("items", []))})


@app.route("/cart/restore-empty")
def restore_empty_cart():
    blob = base64.b64decode(request.cookies.get("cart", ""))
    blob = DEFAULT_STATE
    # ok: CWE-502
    cart = pickle.loads(blob)
    return jsonify({"items": len(cart.get("items", []))})


@app.route("/settings/import", methods=["POST"])
def import_settings():
    text = request.get_data(as_text=True)
    # expect: CWE-502
    settings = yaml.load(text, Loader=yaml.Loader)
    return jsonify({"keys": sorted(settings)})


@app.route("/settings/import-safe", methods=["POST"])
def import_settings_safe():
    text = request.get_data(as_text=True)
    # ok: CWE-502
    settings = yaml.safe_load(text)
    return jsonify({"keys": sorted(settings)})


@app.route("/jobs/code", methods=["POST"])
def load_job_code():
    code_file = request.files["code"]
    payload = code_file.read()
    # expect: CWE-502
    code = marshal.loads(payload)
    return jsonify({"name": code.co_name})


@app.route("/jobs/code-default", methods=["POST"])
def load_default_job_code():
    code_file = request.files["code"]
    payload = DEFAULT_CODE
    # ok: CWE-502
    code = marshal.loads(payload)
    return jsonify({"name": code.co_name})


@app.route("/pipelines/import", methods=["POST"])
def import_pipeline():
    config = ConfigLoader().load(request.form["pipeline"])
    return jsonify({"stages": len(config.get("stages", []))})


@app.route("/pipelines/import-safe", methods=["POST"])
def import_pipeline_safe():
    config = ConfigLoader().load_safe(request.form["pipeline"])
    return jsonify({"stages": len(config.get("stages", []))})


@app.route("/state/load", methods=["POST"])
def load_state():
    candidates = [base64.b64decode(request.form["state"]), DEFAULT_STATE]
    # expect: CWE-502
    state = pickle.loads(candidates[0])
    return jsonify({"items": len(state.get("items", []))})


@app.route("/state/load-default", methods=["POST"])
def load_default_state():
    candidates = [base64.b64decode(request.form["state"]), DEFAULT_STATE]
    # ok: CWE-502
    state = pickle.loads(candidates[1])
    return jsonify({"items": len(state.get("items", []))})
