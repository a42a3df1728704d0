"""Operations endpoints that shell out to system tools."""
import os
import shlex
import subprocess

from flask import Flask, jsonify, request

from helpers.shell_tools import Archiver, PingRunner

app = Flask(__name__)

REPO_DIR = "/srv/repo"


def _convert_image(path):
    # expect: CWE-78
    return subprocess.call("convert /srv/uploads/" + path + " -resize 200x200 /srv/thumbs/out.png", shell=True)


def _convert_image_quoted(path):
    # ok: CWE-78
    return subprocess.call("convert /srv/uploads/" + shlex.quote(path) + " -resize 200x200 /srv/thumbs/out.png", shell=True)


@app.route("/net/ping")
def net_ping():
    host = request.args["host"]
    cmd = "ping -c 1 " + host
    # expect: CWE-78
    status = os.system(cmd)
    return jsonify({"status": status})


@app.route("/net/ping-quoted")
def net_ping_quoted():
    host = request.args["host"]
    cmd = "ping -c 1 " + shlex.quote(host)
    # ok: CWE-78
    status = os.system(cmd)
    return jsonify({"status": status})


@app.route("/proc/<pid>")
def proc_info(pid):
    # expect: CWE-78
    out = os.popen("ps -o pid,comm,etime -p " + pid).read()
    return jsonify({"ps": out})


@app.route("/proc/<pid>/numeric")
def proc_info_numeric(pid):
    # ok: CWE-78
    out = os.popen("ps -o pid,comm,etime -p " + str(int(pid))).read()
    return jsonify({"ps": out})


@app.route("/thumbs", methods=["POST"])
def make_thumbnail():
    name = request.form["image"]
    rc = _convert_image(name)
    return jsonify({"rc": rc})


@app.route("/thumbs/quoted", methods=["POST"])
def make_thumbnail_quoted():
    name = request.form["image"]
    rc = _convert_image_quoted(name)
    return jsonify({"rc": rc})


@app.route("/export/<dataset>")
def export_dataset(dataset):
    cmd = Archiver().build_command(dataset)
    # expect: CWE-78
    out = subprocess.check_output(cmd, shell=True)
    return jsonify({"bytes": len(out)})


@app.route("/export/<dataset>/quoted")
def export_dataset_quoted(dataset):
    cmd = Archiver().build_quoted_command(dataset)
    # ok: CWE-78
    out = subprocess.check_output(cmd, shell=True)
    return jsonify({"bytes": len(out)})


@app.route("/net/probe")
def net_probe():
    host = request.values.get("host", "localhost")
    rc = PingRunner(count=3).run(host)
    return jsonify({"rc": rc})


@app.route("/net/probe-checked")
def net_probe_checked():
    host = request.values.get("host", "localhost")
    rc = PingRunner(count=3).run_checked(host)
    return jsonify({"rc": rc})


@app.route("/backup", methods=["POST"])
def backup_directory():
    args = [request.form["src"], "/srv/data/current"]
    # expect: CWE-78
    rc = os.system("cp -r " + args[0] + " /var/backups/")
    return jsonify({"rc": rc})


@app.route("/backup/current", methods=["POST"])
def backup_current_directory():
    args = [request.form["src"], "/srv/data/current"]
    # ok: CWE-78
    rc = os.system("cp -r " + args[1] + " /var/backups/")
    return jsonify({"rc": rc})


@app.route("/git/log")
def git_log_by_author():
    author = request.headers.get("X-Author", "")
    cmd = "".join(["git -C ", REPO_DIR, " log --oneline --author=", author])
    # expect: CWE-78
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return jsonify({"log": proc.stdout.splitlines()})


@app.route("/git/log-quoted")
def git_log_by_author_quoted():
    author = request.headers.get("X-Author", "")
    cmd = "".join(["git -C ", REPO_DIR, " log --oneline --author=", shlex.quote(author)])
    # ok: CWE-78
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return jsonify({"log": proc.stdout.splitlines()})


@app.route("/net/trace")
def net_trace():
    target = request.args.get("target") if request.args.get("target") else "localhost"
    # expect: CWE-78
    out = subprocess.getoutput("traceroute -m 8 " + target)
    return jsonify({"trace": out})


@app.route("/net/trace-local")
def net_trace_local():
    target = "127.0.0.1" if request.args.get("target") else "localhost"
    # ok: CWE-78
    out = subprocess.getoutput("traceroute -m 8 " + target)
    return jsonify({"trace": out})


@app.route("/deploy", methods=["POST"])
def deploy_branch():
    payload = request.get_json()
    branch = "main"
    if payload.get("branch"):
        branch = payload["branch"]
    # expect: CWE-78
    proc = subprocess.Popen("cd " + REPO_DIR + " && git checkout " + branch + " && make deploy", shell=True)
    return jsonify({"pid": proc.pid})


@app.route("/deploy/main", methods=["POST"])
def deploy_main():
    payload = request.get_json()
    branch = "main"
    if 0:
        branch = payload["branch"]
    # ok: CWE-78
    proc = subprocess.Popen("cd " + REPO_DIR + " && git checkout " + branch + " && make deploy", shell=True)
    return jsonify({"pid": proc.pid})
