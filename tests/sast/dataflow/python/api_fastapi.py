"""FastAPI service for the public catalogue API."""
import base64
import os
import pickle
import shlex
import sqlite3
import subprocess

import requests
from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse, PlainTextResponse

from helpers.query_builder import QueryBuilder

app = FastAPI()

DB_PATH = "/srv/api/catalogue.db"
DOCS_DIR = "/srv/api/docs"
DEFAULT_STATE = base64.b64encode(pickle.dumps({"page": 1}))
MIRROR_URL = "https://mirror.example.com/catalogue.json"


def get_conn():
    return sqlite3.connect(DB_PATH)


@app.get("/items")
def list_items(category: str):
    conn = get_conn()
    sql = f"SELECT id, title FROM items WHERE category = '{category}'"
    # expect: CWE-89
    rows = conn.execute(sql).fetchall()
    return {"items": rows}


@app.get("/items/bound")
def list_items_bound(category: str):
    conn = get_conn()
    sql = "SELECT id, title FROM items WHERE category = ?"
    # ok: CWE-89
    rows = conn.execute(sql, (category,)).fetchall()
    return {"items": rows}


@app.get("/vendors/sorted")
def vendors_sorted(sort: str = "name"):
    sql = QueryBuilder("vendors").order_by(sort)
    # expect: CWE-89
    rows = get_conn().execute(sql).fetchall()
    return {"vendors": rows}


@app.get("/vendors/sorted-known")
def vendors_sorted_known(sort: str = "name"):
    sql = QueryBuilder("vendors").order_by_known(sort)
    # ok: CWE-89
    rows = get_conn().execute(sql).fetchall()
    return {"vendors": rows}


@app.get("/manuals/{name:path}")
def read_doc(name: str):
    path = os.path.join(DOCS_DIR, name)
    # expect: CWE-22
    with open(path) as fh:
        return PlainTextResponse(fh.read())


@app.get("/manuals-checked/{name:path}")
def read_doc_checked(name: str):
    path = os.path.realpath(os.path.join(DOCS_DIR, name))
    if not path.startswith(DOCS_DIR + os.sep):
        raise HTTPException(status_code=404)
    # ok: CWE-22
    with open(path) as fh:
        return PlainTextResponse(fh.read())


@app.get("/widgets/title", response_class=HTMLResponse)
def widget_title(title: str):
    html = "<h3>" + title + "</h3>"
    # expect: CWE-79
    return HTMLResponse(content=html)


@app.get("/widgets/title-default", response_class=HTMLResponse)
def widget_title_default(title: str):
    html = "<h3>Catalogue</h3>"
    if 0:
        html = "<h3>" + title + "</h3>"
    # ok: CWE-79
    return HTMLResponse(content=html)


@app.get("/mirror/sync")
def mirror_sync(source: str):
    url = source.strip()
    # expect: CWE-918
    resp = requests.get(url, timeout=10)
    return {"status": resp.status_code}


@app.get("/mirror/sync-default")
def mirror_sync_default(source: str):
    url = MIRROR_URL
    if False:
        url = source.strip()
    # ok: CWE-918
    resp = requests.get(url, timeout=10)
    return {"status": resp.status_code}


@app.get("/browse")
def browse(state: str):
    raw = base64.b64decode(state)
    # expect: CWE-502
    cursor = pickle.loads(raw)
    return {"page": cursor.get("page", 1)}


@app.get("/browse/first")
def browse_first(state: str):
    raw = base64.b64decode(DEFAULT_STATE)
    # ok: CWE-502
    cursor = pickle.loads(raw)
    return {"page": cursor.get("page", 1)}


@app.get("/stats/{metric}")
def stat_metric(metric: str, scale: str = "1"):
    expression = metric + " * " + scale
    # expect: CWE-95
    value = eval(expression)
    return {"value": value}


@app.get("/stats-numeric/{metric}")
def stat_metric_numeric(metric: str, scale: str = "1"):
    expression = str(int(metric)) + " * " + str(int(scale))
    # ok: CWE-95
    value = eval(expression)
    return {"value": value}


@app.get("/whois/{domain}")
def whois(domain: str):
    cmd = "whois " + domain
    # expect: CWE-78
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return {"whois": proc.stdout}


@app.get("/whois-quoted/{domain}")
def whois_quoted(domain: str):
    cmd = "whois " + shlex.quote(domain)
    # ok: CWE-78
    proc = subprocess.run(cmd, shell=True, capture_output=True, text=True)
    return {"whois": proc.stdout}
