import json
import logging

from flask import Flask, request

app = Flask(__name__)
logger = logging.getLogger(__name__)


def clean(value):
    return value.replace("\r", "").replace("\n", "")


def tag():
    return "anonymous"


@app.route("/login", methods=["POST"])
def login():
    user = request.form["user"]
    # expect: CWE-117
    logger.warning("failed login for " + user)


@app.route("/login2", methods=["POST"])
def login_clean():
    user = request.form["user"].replace("\n", "_").replace("\r", "_")
    # ok: CWE-117
    logger.warning("failed login for " + user)


@app.route("/search")
def search():
    q = request.args.get("q", "")
    # expect: CWE-117
    app.logger.info("search for %s", q)


@app.route("/search2")
def search_constant():
    q = request.args.get("q", "")
    q = "redacted"
    # ok: CWE-117
    app.logger.info("search for %s", q)


@app.route("/agent")
def agent():
    ua = request.headers.get("User-Agent")
    entry = {"ua": ua, "path": "/agent"}
    # expect: CWE-117
    logging.info("visit from %s", entry["ua"])


@app.route("/agent2")
def agent_other_key():
    ua = request.headers.get("User-Agent")
    entry = {"ua": ua, "path": "/agent"}
    # ok: CWE-117
    logging.info("visit to %s", entry["path"])


@app.route("/item")
def item():
    item_id = request.args.get("id")
    # expect: CWE-117
    logger.error("no item %s" % item_id)


@app.route("/item2")
def item_number():
    item_id = int(request.args.get("id"))
    # ok: CWE-117
    logger.error("no item %d" % item_id)


@app.route("/note", methods=["POST"])
def note():
    text = request.get_json()["text"]
    line = "note: {}".format(text)
    # expect: CWE-117
    logger.info(line)


@app.route("/note2", methods=["POST"])
def note_json():
    text = request.get_json()["text"]
    # ok: CWE-117
    logger.info("note: %s", json.dumps(text))


@app.route("/who")
def who():
    name = request.args.get("name", "")
    # expect: CWE-117
    logger.info("hello " + name if name else "hello nobody")


@app.route("/who2")
def who_clean():
    name = clean(request.args.get("name", ""))
    # ok: CWE-117
    logger.info("hello " + name)


@app.route("/who3")
def who_tag():
    name = tag()
    # ok: CWE-117
    logger.info("hello " + name)


@app.route("/debug")
def debug():
    flag = request.args.get("flag", "")
    if False:
        # ok: CWE-117
        logger.debug("flag " + flag)
    parts = []
    parts.append(flag)
    # expect: CWE-117
    logger.debug("flags: " + ",".join(parts))
