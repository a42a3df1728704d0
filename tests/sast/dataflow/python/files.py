"""Report downloads, uploads and localisation files."""
import io
import os

from flask import Flask, Response, jsonify, request, send_file
from werkzeug.utils import secure_filename

from helpers.storage import UploadStore

app = Flask(__name__)

REPORT_DIR = "/srv/reports"
UPLOAD_DIR = "/srv/uploads"
LOG_DIR = "/var/log/app"
I18N_DIR = "/srv/i18n"
TEMPLATE_DIR = "/srv/mail-templates"
LANGS = ("en", "de", "fr", "es")


def _report_path(name):
    return os.path.join(REPORT_DIR, name)


def _default_report_path(name):
    return os.path.join(REPORT_DIR, "summary.csv")


def _read_template(name):
    # expect: CWE-22
    with open(os.path.join(TEMPLATE_DIR, name)) as fh:
        return fh.read()


def _read_template_basename(name):
    # ok: CWE-22
    with open(os.path.join(TEMPLATE_DIR, os.path.basename(name))) as fh:
        return fh.read()


@app.route("/reports/view")
def view_report():
    name = request.args["file"]
    path = REPORT_DIR + "/" + name
    # expect: CWE-22
    with open(path) as fh:
        data = fh.read()
    return Response(data, mimetype="text/plain")


@app.route("/reports/view-base")
def view_report_basename():
    name = request.args["file"]
    path = REPORT_DIR + "/" + os.path.basename(name)
    # ok: CWE-22
    with open(path) as fh:
        data = fh.read()
    return Response(data, mimetype="text/plain")


@app.route("/download/<path:filename>")
def download(filename):
    path = os.path.join(UPLOAD_DIR, filename)
    # expect: CWE-22
    return send_file(path, as_attachment=True)


@app.route("/download-safe/<path:filename>")
def download_secure(filename):
    path = os.path.join(UPLOAD_DIR, secure_filename(filename))
    # ok: CWE-22
    return send_file(path, as_attachment=True)


@app.route("/upload", methods=["POST"])
def upload():
    upload = request.files["document"]
    target = os.path.join(UPLOAD_DIR, upload.filename)
    # expect: CWE-22
    with open(target, "wb") as out:
        out.write(upload.read())
    return jsonify({"stored": True})


@app.route("/upload-secure", methods=["POST"])
def upload_secure():
    upload = request.files["document"]
    target = os.path.join(UPLOAD_DIR, secure_filename(upload.filename))
    # ok: CWE-22
    with open(target, "wb") as out:
        out.write(upload.read())
    return jsonify({"stored": True})


@app.route("/reports/raw")
def raw_report():
    name = request.values.get("report", "summary.csv")
    # expect: CWE-22
    return send_file(_report_path(name), mimetype="text/csv")


@app.route("/reports/default")
def default_report():
    name = request.values.get("report", "summary.csv")
    # ok: CWE-22
    return send_file(_default_report_path(name), mimetype="text/csv")


@app.route("/mail/preview", methods=["POST"])
def mail_preview():
    body = _read_template(request.form["template"])
    return Response(body, mimetype="text/plain")


@app.route("/mail/preview-base", methods=["POST"])
def mail_preview_basename():
    body = _read_template_basename(request.form["template"])
    return Response(body, mimetype="text/plain")


@app.route("/attachments/<path:name>")
def attachment(name):
    store = UploadStore()
    path = store.path_for(name)
    # expect: CWE-22
    return send_file(path)


@app.route("/attachments-safe/<path:name>")
def attachment_secure(name):
    store = UploadStore()
    path = store.safe_path_for(name)
    # ok: CWE-22
    return send_file(path)


@app.route("/logs/tail")
def tail_log():
    files = {"log": request.args.get("log", "app.log"), "default": "app.log"}
    # expect: CWE-22
    with open(os.path.join(LOG_DIR, files["log"])) as fh:
        lines = fh.readlines()[-50:]
    return jsonify({"lines": lines})


@app.route("/logs/tail-default")
def tail_default_log():
    files = {"log": request.args.get("log", "app.log"), "default": "app.log"}
    # ok: CWE-22
    with open(os.path.join(LOG_DIR, files["default"])) as fh:
        lines = fh.readlines()[-50:]
    return jsonify({"lines": lines})


@app.route("/i18n/messages")
def messages():
    lang = request.cookies.get("lang", "en")
    name = lang if lang else "en"
    # expect: CWE-22
    with open(I18N_DIR + "/" + name + ".json") as fh:
        data = fh.read()
    return Response(data, mimetype="application/json")


@app.route("/i18n/messages-known")
def messages_known():
    lang = request.cookies.get("lang", "en")
    name = lang if lang in LANGS else "en"
    # ok: CWE-22
    with open(I18N_DIR + "/" + name + ".json") as fh:
        data = fh.read()
    return Response(data, mimetype="application/json")


@app.route("/exports/fetch")
def fetch_export():
    export = request.headers.get("X-Export-Name", "latest.zip")
    buf = io.StringIO()
    buf.write("/srv/exports/")
    buf.write(export)
    # expect: CWE-22
    return send_file(buf.getvalue(), mimetype="application/zip")


@app.route("/exports/fetch-base")
def fetch_export_basename():
    export = request.headers.get("X-Export-Name", "latest.zip")
    buf = io.StringIO()
    buf.write("/srv/exports/")
    buf.write(os.path.basename(export))
    # ok: CWE-22
    return send_file(buf.getvalue(), mimetype="application/zip")


@app.route("/reports/delete", methods=["POST"])
def delete_report():
    name = request.get_json()["name"]
    parts = [REPORT_DIR, "archive", name]
    # expect: CWE-22
    os.remove("/".join(parts))
    return jsonify({"deleted": True})


@app.route("/reports/delete-latest", methods=["POST"])
def delete_latest_report():
    name = request.get_json()["name"]
    name = "latest.csv"
    parts = [REPORT_DIR, "archive", name]
    # ok: CWE-22
    os.remove("/".join(parts))
    return jsonify({"deleted": True})
