#!/usr/bin/env python3
"""run.py RAMPART CASES_DIR [--database-url URL] - the black-box API suite.

Starts `rampart serve` on a free port against a fresh database (a SQLite
file, or with --database-url a new database on that PostgreSQL server),
bootstraps two organizations and a user of every role with `rampart admin`,
records scans with `rampart scan` (the CLI's organization is the first
one), signs every user in, then runs each case file of CASES_DIR in name
order against the one server.

A case is JSON: {"about": "...", "steps": [STEP, ...]}. A step is
  {"sql": STATEMENT, "equals": VALUE, "wait": SECONDS} (run on the server's database: an expiry passing; with
  "equals", its first value must be VALUE, within "wait" seconds), or
  {"jwt": {"sub", "org", "exp": seconds from now, "nbf", "iat", "key": "other", "save": VAR}}
  (a token signed with the server's key, or another), or {"log_contains": REGEX} (the access log),
  or {"decorations": {"path": REGEX, "count": N, "expect": SHAPE}} (what the fake provider was posted for
  pull requests, each matching SHAPE),
  or {"received": {"path": REGEX, "count": N, "min_count": N, "skip": N, "expect": SHAPE, "secret": S}} (the
  notifications the fake receiver got, waited for up to 30 s; each body after the first skip parsed as JSON
  matches SHAPE, and with S its Standard Webhooks signature verifies),
  or a request:
  {"as": USER or "key:NAME" or null, "method": "GET", "path": "/scans/${scan_main}", "repeat": N,
   "body": JSON or "raw": TEXT or "multipart": [{"name", "filename", "content"}, ...] or
   "body_size": N (N bytes of "x"), "chunked": true (the body streamed without a length), "headers": {...},
   "sign": {"as": "github" | "bitbucket" | "gitlab-token" | "gitlab-standard", "secret": S, "age": SECONDS}
   (a provider's webhook signature over the exact bytes sent; S defaults to ${webhook_secret}),
   "status": 200, "expect": SHAPE, "expect_headers": {name: regex},
   "save": {"var": "path.in.response" or "@header:NAME"},
   "pdf_text": [REGEX, ...] (the PDF body rendered to text with pdftotext matches each, in order),
   "pdf_image": true (its first page rendered with pdftoppm is not blank)}
${var} is replaced everywhere by a saved or seeded value. SHAPE matches the
response: "<int>", "<str>", "<bool>", "<num>", "<null>", "<time>", "<any>"
for a type; "~regex" for a string; an object matches when each key it lists
matches ("<absent>": not there) - {"$exact": true} forbids other keys; a
list matches element-wise, or {"$each": SHAPE, "$len": N, "$min_len": N}, or
{"$some": SHAPE} (at least one item).
Afterwards every route of /api/openapi.json must have been called by some
step: the route table and this suite cannot drift apart.
"""
import base64
import hashlib
import hmac
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

PASSWORD = "correct horse battery staple"
USERS = {  # name: (org key, role)
    "owner": ("acme", "ORG_OWNER"),
    "admin": ("acme", "ORG_ADMIN"),
    "member": ("acme", "MEMBER"),
    "viewer": ("acme", "VIEWER"),
    "super": ("acme", "SUPER_ADMIN"),
    "beta_admin": ("beta", "ORG_ADMIN"),
    "beta_viewer": ("beta", "VIEWER"),
}


class Failure(Exception):
    pass


def sh(cmd, cwd, env=None, check=True):
    p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if check and p.returncode != 0:
        raise Failure("%s exited %d: %s" % (" ".join(cmd), p.returncode, p.stderr.strip()[:500]))
    return p.stdout


def check_standard_signature(d, secret, where):
    """A notification's webhook-signature (Standard Webhooks) against the secret, over id.timestamp.body."""
    h = d["headers"]
    key = base64.b64decode(secret[len("whsec_"):]) if secret.startswith("whsec_") else secret.encode()
    signed = ("%s.%s." % (h.get("webhook-id", ""), h.get("webhook-timestamp", ""))).encode() + d["body"].encode()
    want = "v1," + base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    if want not in h.get("webhook-signature", "").split(" "):
        raise Failure("%s: the signature %r does not verify" % (where, h.get("webhook-signature")))
    if abs(int(h.get("webhook-timestamp", "0")) - time.time()) > 300:
        raise Failure("%s: the timestamp is not now" % where)


def seed_repo(work, rampart, env):
    """A git repository with findings on main and more on a feature branch, scanned by the CLI."""
    repo = os.path.join(work, "repo")
    os.makedirs(repo)
    git = ["git", "-c", "user.email=dev@example.com", "-c", "user.name=dev"]
    sh(["git", "init", "-q", "-b", "main", repo], work)
    with open(os.path.join(repo, "app.py"), "w") as f:
        f.write("import sqlite3\nfrom flask import request\n\ndef find(db):\n"
                "    return db.execute(\"SELECT * FROM users WHERE name = '%s'\" % request.args[\"name\"])\n")
    sh(git + ["add", "-A"], repo)
    sh(git + ["commit", "-qm", "main"], repo)
    sh([rampart, "scan", ".", "-q", "--format", "json", "-o", os.path.join(work, "main.json")], repo, env, check=False)
    sh(["git", "checkout", "-q", "-b", "feature"], repo)
    with open(os.path.join(repo, "more.py"), "w") as f:
        f.write("import subprocess\nfrom flask import request\n\ndef run():\n    return subprocess.call(request.args[\"cmd\"], shell=True)\n")
    sh(git + ["add", "-A"], repo)
    sh(git + ["commit", "-qm", "feature"], repo)
    sh([rampart, "scan", ".", "-q", "--format", "json", "-o", os.path.join(work, "feature.json")], repo, env,
       check=False)
    ids = {}
    for name in ("main", "feature"):
        doc = json.load(open(os.path.join(work, name + ".json")))
        ids["scan_" + name] = doc["scan"]["id"]
        ids["issue_" + name] = doc["findings"][0]["id"] if doc["findings"] else 0
    # What a provider's webhook names as the clone URL of the repository: here, its path (local repositories allowed).
    ids["repo_path"] = os.path.realpath(repo)
    # A second repository whose directory is gone after its first scan: a queued scan of it fails.
    gone = os.path.join(work, "gone")
    sh(["git", "init", "-q", "-b", "main", gone], work)
    with open(os.path.join(gone, "x.py"), "w") as f:
        f.write("x = 1\n")
    sh(git + ["add", "-A"], gone)
    sh(git + ["commit", "-qm", "x"], gone)
    sh([rampart, "scan", ".", "-q"], gone, env, check=False)
    shutil.rmtree(gone)
    # An AI application, scanned twice on its default branch: two AI-BOM generations, a model file gone in the second.
    aiapp = os.path.join(work, "aiapp")
    sh(["git", "init", "-q", "-b", "main", aiapp], work)
    with open(os.path.join(aiapp, "requirements.txt"), "w") as f:
        f.write("openai==1.40.0\n")
    with open(os.path.join(aiapp, "bot.py"), "w") as f:
        f.write("from openai import OpenAI\n\nclient = OpenAI()\n\ndef ask(q):\n"
                "    return client.chat.completions.create(model=\"gpt-4o\", max_tokens=100, messages=[])\n"
                "\ndef ask_pinned(q):\n"
                "    return client.chat.completions.create(model=\"gpt-4o-2024-08-06\", max_tokens=100, messages=[])\n")
    os.makedirs(os.path.join(aiapp, ".cursor"))
    with open(os.path.join(aiapp, ".cursor", "mcp.json"), "w") as f:
        f.write('{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/"]}}}\n')
    with open(os.path.join(aiapp, "tiny.onnx"), "wb") as f:
        f.write(b"ONNX\0weights")
    sh(git + ["add", "-A"], aiapp)
    sh(git + ["commit", "-qm", "one"], aiapp)
    sh([rampart, "scan", ".", "-q"], aiapp, env, check=False)
    os.remove(os.path.join(aiapp, "tiny.onnx"))
    sh(git + ["add", "-A"], aiapp)
    sh(git + ["commit", "-qm", "two"], aiapp)
    sh([rampart, "scan", ".", "-q"], aiapp, env, check=False)
    return ids


def start(cmd, work, env, name):
    """A process of the suite, its standard error kept in WORK/NAME.err."""
    log = open(os.path.join(work, name + ".err"), "w+")
    p = subprocess.Popen(cmd, cwd=work, env=env, stderr=log, stdout=subprocess.DEVNULL)
    return p, log


def wait_port(p, log):
    """The port `rampart serve --listen 127.0.0.1:0` says it took, once it listens."""
    for _ in range(200):
        log.seek(0)
        m = re.search(r"listening on http://\S+:(\d+)", log.read())
        if m:
            return int(m.group(1))
        if p.poll() is not None:
            break
        time.sleep(0.05)
    log.seek(0)
    raise Failure("the server did not start: " + log.read()[-2000:])


def new_pg_database(url):
    m = re.match(r"postgresql:///([^?]+)\?host=([^&]+)&user=(\w+)", url)
    if not m:
        raise Failure("--database-url must be postgresql:///DB?host=DIR&user=USER")
    name = "api_%d_%d" % (os.getpid(), int(time.time()))
    bindir = sorted(os.listdir("/usr/lib/postgresql"))[-1]
    sh(["/usr/lib/postgresql/%s/bin/createdb" % bindir, "-h", m.group(2), "-U", m.group(3), name], "/")
    return "postgresql:///%s?host=%s&user=%s" % (name, m.group(2), m.group(3))


def program_args(args):
    """RAMPART [--database-url URL] of the suite's scripts: the binary's absolute path and the URL (or None)."""
    args = list(args)
    url = None
    if "--database-url" in args:
        i = args.index("--database-url")
        url = args[i + 1]
        del args[i:i + 2]
    return os.path.abspath(args[0]), url


def program_env(work, url, extra):
    """The environment of a script's processes: a home in work, and a fresh database (SQLite, or one on url)."""
    env = dict(os.environ)
    env.pop("RAMPART_DATABASE_URL", None)
    env.update({"HOME": work, "XDG_DATA_HOME": os.path.join(work, "xdg")})
    env.update(extra)
    if url:
        env["RAMPART_DATABASE_URL"] = new_pg_database(url)
    else:
        env["RAMPART_DB"] = os.path.join(work, "rampart.db")
    return env


class Api:
    def __init__(self, base):
        self.base = base

    def call(self, method, path, body=None, raw=None, headers=None):
        data = None
        hdrs = dict(headers or {})
        if raw is not None:
            data = raw
        elif body is not None:
            data = json.dumps(body).encode()
            hdrs.setdefault("Content-Type", "application/json")
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=hdrs)
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, dict(r.headers), r.read()
        except urllib.error.HTTPError as e:
            return e.code, dict(e.headers), e.read()


def subst(v, env):
    if isinstance(v, str):
        def one(m):
            if m.group(1) not in env:
                raise Failure("unknown variable ${%s}" % m.group(1))
            return str(env[m.group(1)])
        whole = re.fullmatch(r"\$\{(\w+)\}", v)
        if whole and whole.group(1) in env and not isinstance(env[whole.group(1)], str):
            return env[whole.group(1)]
        return re.sub(r"\$\{(\w+)\}", one, v)
    if isinstance(v, list):
        return [subst(x, env) for x in v]
    if isinstance(v, dict):
        return {k: subst(x, env) for k, x in v.items()}
    return v


TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")


def match(shape, got, where):
    if isinstance(shape, str) and shape.startswith("<") and shape.endswith(">"):
        ok = {
            "<any>": True,
            "<int>": isinstance(got, int) and not isinstance(got, bool),
            "<num>": isinstance(got, (int, float)) and not isinstance(got, bool),
            "<str>": isinstance(got, str),
            "<bool>": isinstance(got, bool),
            "<null>": got is None,
            "<time>": isinstance(got, str) and bool(TIME.match(got)),
        }.get(shape)
        if ok is None:
            raise Failure("%s: unknown shape %s" % (where, shape))
        if not ok:
            raise Failure("%s: expected %s, got %r" % (where, shape, got))
        return
    if isinstance(shape, str) and shape.startswith("~"):
        if not isinstance(got, str) or not re.search(shape[1:], got):
            raise Failure("%s: expected a string matching %s, got %r" % (where, shape[1:], got))
        return
    if isinstance(shape, dict) and "$some" in shape:
        if not isinstance(got, list):
            raise Failure("%s: expected a list, got %r" % (where, got))
        for i, x in enumerate(got):
            try:
                match(shape["$some"], x, "%s[%d]" % (where, i))
                return
            except Failure:
                pass
        raise Failure("%s: no item matches %r" % (where, shape["$some"]))
    if isinstance(shape, dict) and ("$each" in shape or "$len" in shape or "$min_len" in shape):
        if not isinstance(got, list):
            raise Failure("%s: expected a list, got %r" % (where, got))
        if "$len" in shape and len(got) != shape["$len"]:
            raise Failure("%s: expected %d items, got %d" % (where, shape["$len"], len(got)))
        if "$min_len" in shape and len(got) < shape["$min_len"]:
            raise Failure("%s: expected at least %d items, got %d" % (where, shape["$min_len"], len(got)))
        for i, x in enumerate(got):
            if "$each" in shape:
                match(shape["$each"], x, "%s[%d]" % (where, i))
        return
    if isinstance(shape, dict):
        if not isinstance(got, dict):
            raise Failure("%s: expected an object, got %r" % (where, got))
        for k, v in shape.items():
            if k == "$exact":
                continue
            if v == "<absent>":
                if k in got:
                    raise Failure("%s: %s must not be there, got %r" % (where, k, got[k]))
                continue
            if k not in got:
                raise Failure("%s: %s missing" % (where, k))
            match(v, got[k], where + "." + k)
        if shape.get("$exact"):
            extra = set(got) - set(shape) - {"$exact"}
            if extra:
                raise Failure("%s: unexpected keys %s" % (where, sorted(extra)))
        return
    if isinstance(shape, list):
        if not isinstance(got, list) or len(got) != len(shape):
            raise Failure("%s: expected %d items, got %r" % (where, len(shape), got))
        for i, (s, g) in enumerate(zip(shape, got)):
            match(s, g, "%s[%d]" % (where, i))
        return
    if shape != got:
        raise Failure("%s: expected %r, got %r" % (where, shape, got))


def dig(doc, path):
    for part in path.split("."):
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def template_of(routes, method, path):
    path = path.split("?", 1)[0]
    for (m, t) in routes:
        if m != method:
            continue
        if re.fullmatch(re.sub(r"\\\{\w+\\\}", "[^/]+", re.escape(t)) + "/?", path):
            return (m, t)
    return None


def sql(db, statement):
    """Change the database behind the server's back (an expiry passing), or read a value from it: the first column
    of the first row, as text ("" for none or NULL)."""
    if db.startswith("postgresql:"):
        m = re.match(r"postgresql:///([^?]+)\?host=([^&]+)&user=(\w+)", db)
        bindir = sorted(os.listdir("/usr/lib/postgresql"))[-1]
        out = sh(["/usr/lib/postgresql/%s/bin/psql" % bindir, "-q", "-A", "-t", "-h", m.group(2), "-U", m.group(3),
                  "-d", m.group(1), "-v", "ON_ERROR_STOP=1", "-c", statement], "/")
        return out.split("\n")[0].strip()
    import sqlite3
    c = sqlite3.connect(db, timeout=30)
    row = c.execute(statement).fetchone()
    c.commit()
    c.close()
    return "" if not row or row[0] is None else str(row[0])


def jwt(key, claims):
    """A token signed like the server's, from claims the case chooses (expired, another key)."""
    import base64
    import hashlib
    import hmac

    def b64(b):
        return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
    head = b64(b'{"alg":"HS256","typ":"JWT"}') + "." + b64(json.dumps(claims, separators=(",", ":")).encode())
    return head + "." + b64(hmac.new(key, head.encode(), hashlib.sha256).digest())


BOUNDARY = "rampart-suite-7f3a9c"


def request_body(step, env, headers):
    """The step's raw body (bytes or a generator of chunks), setting the headers it needs; None for JSON."""
    if "multipart" in step:
        out = b""
        for part in subst(step["multipart"], env):
            disp = 'form-data; name="%s"' % part["name"]
            if "filename" in part:
                disp += '; filename="%s"' % part["filename"]
            out += b"--" + BOUNDARY.encode() + b"\r\nContent-Disposition: " + disp.encode() + b"\r\n\r\n"
            out += str(part["content"]).encode() + b"\r\n"
        out += b"--" + BOUNDARY.encode() + b"--\r\n"
        headers.setdefault("Content-Type", "multipart/form-data; boundary=" + BOUNDARY)
        data = out
    elif "body_size" in step:
        data = b"x" * step["body_size"]
    elif "raw" in step:
        data = subst(step["raw"], env).encode()
    elif "sign" in step and "body" in step:
        data = json.dumps(subst(step["body"], env)).encode()
        headers.setdefault("Content-Type", "application/json")
    else:
        return None
    if "sign" in step:
        sign(subst(step["sign"], env), data, headers, env)
    if step.get("chunked"):
        # A generator has no length: urllib sends it chunked, and the server learns the size only as it reads.
        return (data[i:i + 65536] for i in range(0, len(data), 65536))
    return data


def sign(spec, data, headers, env):
    """A provider's signature over the exact bytes sent: {"as": github | bitbucket | gitlab-token | gitlab-standard,
    "secret": (default ${webhook_secret}), "age": seconds the timestamp lies in the past}."""
    secret = spec.get("secret", env.get("webhook_secret", ""))
    kind = spec["as"]
    if kind in ("github", "bitbucket"):
        mac = hmac.new(secret.encode(), data, hashlib.sha256).hexdigest()
        headers["X-Hub-Signature-256" if kind == "github" else "X-Hub-Signature"] = "sha256=" + mac
    elif kind == "gitlab-token":
        headers["X-Gitlab-Token"] = secret
    elif kind == "gitlab-standard":
        key = base64.b64decode(secret[6:]) if secret.startswith("whsec_") else secret.encode()
        wid = spec.get("id", "msg_%d" % time.time_ns())
        ts = str(int(time.time()) - spec.get("age", 0))
        mac = hmac.new(key, ("%s.%s." % (wid, ts)).encode() + data, hashlib.sha256).digest()
        headers.update({"webhook-id": wid, "webhook-timestamp": ts,
                        "webhook-signature": "v1," + base64.b64encode(mac).decode()})
    else:
        raise Failure("unknown signature kind %r" % kind)


def check_pdf(where, raw, patterns, image):
    """A PDF response read back as a person would: its text (pdftotext) and its first page as pixels (pdftoppm)."""
    if not raw.startswith(b"%PDF-"):
        raise Failure("%s: the body is not a PDF: %r" % (where, raw[:40]))
    with tempfile.TemporaryDirectory() as d:
        pdf = os.path.join(d, "report.pdf")
        with open(pdf, "wb") as f:
            f.write(raw)
        text = subprocess.run(["pdftotext", "-layout", pdf, "-"], capture_output=True, text=True, check=True).stdout
        at = 0
        for rx in patterns:
            m = re.compile(rx).search(text, at)
            if not m:
                raise Failure("%s: the PDF's text has no /%s/ after offset %d:\n%s" % (where, rx, at, text[:3000]))
            at = m.end()
        if image:
            subprocess.run(["pdftoppm", "-gray", "-r", "40", "-f", "1", "-l", "1", pdf, os.path.join(d, "page")],
                           check=True, capture_output=True)
            pages = [x for x in os.listdir(d) if x.startswith("page")]
            if len(pages) != 1:
                raise Failure("%s: pdftoppm rendered %r" % (where, pages))
            data = open(os.path.join(d, pages[0]), "rb").read()
            # PGM: "P5", width, height, maxval, then one byte a pixel.
            head = re.match(rb"P5\s+(\d+)\s+(\d+)\s+(\d+)\s", data)
            w, h = int(head.group(1)), int(head.group(2))
            pixels = data[head.end():]
            dark = sum(1 for b in pixels if b < 128)
            if len(pixels) != w * h or w < 200 or h < 300 or dark < 500:
                raise Failure("%s: page 1 renders %dx%d with %d dark pixels: blank or broken" % (where, w, h, dark))


def run_case(api, path, env, routes, called):
    case = json.load(open(path))
    for i, step in enumerate(case["steps"]):
        if "sql" in step:
            # "wait": the statement again every 0.2 s, up to that many seconds, until it gives "equals".
            deadline = time.time() + step.get("wait", 0)
            while True:
                got = sql(env["database"], subst(step["sql"], env))
                if "equals" not in step or got == str(subst(step["equals"], env)) or time.time() > deadline:
                    break
                time.sleep(0.2)
            if "equals" in step and got != str(subst(step["equals"], env)):
                raise Failure("%s: %s gave %r, expected %r" % (os.path.basename(path), step["sql"], got, step["equals"]))
            continue
        if "log_contains" in step:
            # The access log is written after the response is sent: give it a moment.
            for _ in range(50):
                text = open(env["access_log"]).read()
                if re.search(subst(step["log_contains"], env), text):
                    break
                time.sleep(0.05)
            else:
                raise Failure("%s: the access log has no line matching %s" % (os.path.basename(path), step["log_contains"]))
            continue
        if "ai_prompts" in step:
            # What the fake AI endpoint was asked: {"count": N, "include": [REGEX], "exclude": [TEXT]}.
            want = subst(step["ai_prompts"], env)
            # "wait": the questions are asked in the background; give them that many seconds to arrive.
            deadline = time.time() + step.get("wait", 0)
            while True:
                with urllib.request.urlopen(env["fake_services"] + "/ai/prompts", timeout=10) as r:
                    prompts = json.loads(r.read())
                if "count" not in want or len(prompts) >= want["count"] or time.time() > deadline:
                    break
                time.sleep(0.2)
            text = json.dumps(prompts)
            if "count" in want and len(prompts) != want["count"]:
                raise Failure("%s: the AI endpoint was asked %d times, expected %d" % (os.path.basename(path), len(prompts), want["count"]))
            for rx in want.get("include", []):
                if not re.search(rx, text):
                    raise Failure("%s: no prompt matches /%s/: %s" % (os.path.basename(path), rx, text[:2000]))
            for secret in want.get("exclude", []):
                if secret in text:
                    raise Failure("%s: a prompt carries %r" % (os.path.basename(path), secret))
            continue
        if "decorations" in step:
            # What the fake provider was posted: {"path": REGEX, "count": N, "expect": SHAPE of each one}.
            want = subst(step["decorations"], env)
            with urllib.request.urlopen(env["fake_services"] + "/decorations", timeout=10) as r:
                posted = [d for d in json.loads(r.read()) if re.search(want["path"], d["path"])]
            where = "%s step %d (decorations %s)" % (os.path.basename(path), i + 1, want["path"])
            if len(posted) != want.get("count", len(posted)):
                raise Failure("%s: %d posted, expected %d: %s" % (where, len(posted), want["count"],
                                                                  json.dumps(posted)[:1500]))
            for d in posted:
                match(want.get("expect", "<any>"), d, where)
            continue
        if "received" in step:
            want = subst(step["received"], env)
            where = "%s step %d (received %s)" % (os.path.basename(path), i + 1, want["path"])
            deadline = time.time() + 30
            while True:
                with urllib.request.urlopen(env["fake_services"] + "/received", timeout=10) as r:
                    got = [d for d in json.loads(r.read()) if re.search(want["path"], d["path"])]
                if len(got) >= want.get("count", want.get("min_count", 1)) or time.time() > deadline:
                    break
                time.sleep(0.2)
            if ("count" in want and len(got) != want["count"]) or len(got) < want.get("min_count", 0):
                raise Failure("%s: %d received, expected %s: %s" % (where, len(got), want.get("count", want.get("min_count")),
                                                                   json.dumps(got)[:1500]))
            for d in got[want.get("skip", 0):]:
                if "secret" in want:
                    check_standard_signature(d, want["secret"], where)
                match(want.get("expect", "<any>"), json.loads(d["body"]), where)
            continue
        if "jwt" in step:
            spec = subst(step["jwt"], env)
            key = open(env["jwt_key_file"], "rb").read() if spec.get("key") != "other" else b"x" * 32
            now = int(time.time())
            claims = {"sub": spec["sub"], "org": spec["org"], "aud": "rampart", "iat": now + spec.get("iat", 0),
                      "nbf": now + spec.get("nbf", 0), "exp": now + spec.get("exp", 3600), "jti": "0" * 32,
                      "sv": spec.get("sv", 0)}
            env[spec["save"]] = jwt(key, claims)
            continue
        where = "%s step %d (%s %s)" % (os.path.basename(path), i + 1, step.get("method"), step.get("path"))
        headers = subst(step.get("headers", {}), env)
        who = step.get("as")
        if who and who.startswith("key:"):
            headers.setdefault("X-API-Key", env["key_" + who[4:]])
        elif who:
            headers.setdefault("Authorization", "Bearer " + env["token_" + who])
        method, p = step["method"], subst(step["path"], env)
        # "repeat": up to N calls, stopping at the first with the expected status (a limit reached).
        # "until": {"path": P, "in": [values]}: call again (every 0.2 s, up to "timeout" seconds) until
        # the response's P is one of values - a queued scan finishing; or {"expect": SHAPE}: until it matches.
        until = step.get("until")
        deadline = time.time() + step.get("timeout", 120)
        for _ in range(step.get("repeat", 1)) if not until else iter(int, 1):
            status, hdrs, raw = api.call(method, p, subst(step.get("body"), env) if "body" in step else None,
                                         request_body(step, env, headers), headers)
            if until:
                try:
                    if "expect" in until:
                        match(subst(until["expect"], env), json.loads(raw), where)
                        break
                    if dig(json.loads(raw), until["path"]) in until["in"]:
                        break
                except (ValueError, KeyError, IndexError, TypeError, Failure):
                    pass
                if time.time() > deadline:
                    raise Failure("%s: %s never came: %r" % (where, until.get("expect") or (until["path"], until["in"]),
                                                             raw[:300]))
                time.sleep(0.2)
                continue
            if status == step.get("status", 200):
                break
        t = template_of(routes, method, p)
        if t:
            called.add(t)
        try:
            ctype = hdrs.get("Content-Type", "").split(";")[0]
            doc = json.loads(raw) if raw and (ctype == "application/json" or ctype.endswith("+json")) else raw
        except ValueError:
            raise Failure("%s: response is not JSON: %r" % (where, raw[:200]))
        if status != step.get("status", 200):
            raise Failure("%s: status %d, expected %d: %r" % (where, status, step.get("status", 200), doc))
        if "expect" in step:
            match(subst(step["expect"], env), doc, where)
        if "pdf_text" in step or step.get("pdf_image"):
            check_pdf(where, raw, subst(step.get("pdf_text", []), env), step.get("pdf_image"))
        for name, rx in step.get("expect_headers", {}).items():
            v = {k.lower(): x for k, x in hdrs.items()}.get(name.lower())
            if rx == "<absent>":
                if v is not None:
                    raise Failure("%s: header %s must not be sent, got %r" % (where, name, v))
            elif v is None or not re.search(rx, v):
                raise Failure("%s: header %s: expected /%s/, got %r" % (where, name, rx, v))
        for var, jp in step.get("save", {}).items():
            if jp.startswith("@header:"):
                env[var] = {k.lower(): x for k, x in hdrs.items()}.get(jp[8:].lower())
            else:
                env[var] = dig(doc, jp)


def main():
    args = sys.argv[1:]
    url = None
    if "--database-url" in args:
        i = args.index("--database-url")
        url = args[i + 1]
        del args[i:i + 2]
    rampart, cases = os.path.abspath(args[0]), args[1]
    only = set(args[2:])
    work = tempfile.mkdtemp(prefix="rampart-api.")
    server = provider = None
    try:
        env = dict(os.environ)
        env.pop("RAMPART_DATABASE_URL", None)
        env["HOME"] = work
        env["XDG_DATA_HOME"] = os.path.join(work, "xdg")
        if url:
            env["RAMPART_DATABASE_URL"] = new_pg_database(url)
        else:
            env["RAMPART_DB"] = os.path.join(work, "rampart.db")
        vars_ = {}
        # The CLI's organization (1) is "acme"; a second one is "beta".
        beta = json.loads(sh([rampart, "admin", "org", "create", "Beta Corp", "--plan", "team"], work, env))
        orgs = {"acme": 1, "beta": beta["id"]}
        vars_.update({"org_acme": 1, "org_beta": beta["id"]})
        for name, (org, role) in USERS.items():
            e = dict(env, RAMPART_TEST_PW=PASSWORD)
            u = json.loads(sh([rampart, "admin", "user", "create", "--org", str(orgs[org]), "--email",
                               "%s@%s.test" % (name, org), "--role", role, "--password-env", "RAMPART_TEST_PW"], work, e))
            vars_["user_" + name] = u["id"]
        vars_.update(seed_repo(work, rampart, env))
        vars_["database"] = env.get("RAMPART_DATABASE_URL") or env["RAMPART_DB"]
        vars_["jwt_key_file"] = os.path.join(work, "data", "jwt.key")
        vars_["access_log"] = os.path.join(work, "access.log")
        # CORS for one origin; the loopback peer is a trusted proxy (X-Forwarded-For believed from it).
        env["RAMPART_CORS_ORIGINS"] = "https://app.example"
        env["RAMPART_TRUSTED_PROXIES"] = "127.0.0.1"
        vars_["big"] = "a" * 20000
        vars_["deep"] = "[" * 100 + "]" * 100
        # Room for the suite's own sign-ins; 99_rate_limit.json counts on 30.
        env["RAMPART_RATE_LOGIN"] = "30"
        # The suite outruns the default class's 500 a minute (its polls of queued scans count); 99_rate_limit.json
        # tests the limiter on the login and trigger classes.
        env["RAMPART_RATE_DEFAULT"] = "20000"
        # One scan worker in the server; the seeded repository is a local path.
        env["RAMPART_WORKERS"] = "1"
        # Room for 06_trigger.json's requests (valid or not, each counts) in one minute.
        env["RAMPART_RATE_TRIGGER"] = "20"
        env["RAMPART_ALLOW_LOCAL_REPOS"] = "1"
        # The Git providers' webhooks are signed with this (22_webhooks.json).
        vars_["webhook_secret"] = "whsec_" + base64.b64encode(b"rampart webhook test secret 32by").decode()
        env["RAMPART_WEBHOOK_SECRET"] = vars_["webhook_secret"]
        # 21_schedules.json waits for a due slot to fire: look every second.
        env["RAMPART_SCHEDULER_INTERVAL"] = "1"
        # Notifications: the fake receiver is on loopback; retries a second apart, four attempts, off after two failures.
        env["RAMPART_NOTIFY_ALLOW_TARGETS"] = "loopback"
        env["RAMPART_NOTIFY_INTERVAL"] = "1"
        env["RAMPART_NOTIFY_BACKOFF"] = "1"
        env["RAMPART_NOTIFY_MAX_ATTEMPTS"] = "4"
        env["RAMPART_NOTIFY_DISABLE_AFTER"] = "2"
        # GitHub, GitLab and Bitbucket on loopback: the provider listing's API roots point there.
        provider, plog = start([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                            "fake_provider.py")], work, env, "provider")
        fake = "http://127.0.0.1:%d" % wait_port(provider, plog)
        env["RAMPART_GITHUB_API_URL"] = fake + "/github"
        env["RAMPART_GITLAB_API_URL"] = fake + "/gitlab/"
        env["RAMPART_BITBUCKET_API_URL"] = fake + "/bitbucket"
        # AI remediation against the same fake: its prompts are read back by "ai_prompts" steps.
        env["RAMPART_AI_URL"] = fake + "/ai/v1"
        env["RAMPART_AI_MODEL"] = "fake-model"
        env["RAMPART_AI_API_KEY"] = "sk-test-key"
        vars_["fake_services"] = fake
        server, log = start([rampart, "serve", "--listen", "127.0.0.1:0", "--data-dir", os.path.join(work, "data"),
                             "--access-log", os.path.join(work, "access.log")], work, env, "server")
        port = wait_port(server, log)
        api = Api("http://127.0.0.1:%d/api" % port)
        for name in USERS:
            st, _, raw = api.call("POST", "/auth/login", {"email": "%s@%s.test" % (name, USERS[name][0]),
                                                          "password": PASSWORD})
            if st != 200:
                raise Failure("sign-in of %s: %d %r" % (name, st, raw))
            vars_["token_" + name] = json.loads(raw)["access_token"]
        # Repository ids as the database gave them (PostgreSQL's identities skip on upserts).
        st, _, raw = api.call("GET", "/repositories", headers={"Authorization": "Bearer " + vars_["token_viewer"]})
        for repo in json.loads(raw):
            vars_[{"repo": "repo", "gone": "repo_gone", "aiapp": "ai_repo"}[repo["name"]]] = repo["id"]
        st, _, raw = api.call("GET", "/openapi.json")
        doc = json.loads(raw)
        routes = [(m.upper(), p) for p, ops in doc["paths"].items() for m in ops]
        called = set()
        failed = passed = 0
        for f in sorted(os.listdir(cases)):
            if not f.endswith(".json") or (only and f[:-5] not in only):
                continue
            try:
                run_case(api, os.path.join(cases, f), vars_, routes, called)
                passed += 1
                print("ok   %s" % f)
            except Failure as e:
                failed += 1
                print("FAIL %s" % e)
        if not only:
            missed = sorted(set(routes) - called)
            for m, p in missed:
                failed += 1
                print("FAIL no case calls %s %s" % (m, p))
        # The access log names route templates, never a token or a key.
        text = open(os.path.join(work, "access.log")).read()
        for k, v in vars_.items():
            if (k.startswith("token_") or k.startswith("key_")) and isinstance(v, str) and v in text:
                failed += 1
                print("FAIL the access log holds the secret %s" % k)
        print("api: %d passed, %d failed" % (passed, failed))
        return 1 if failed else 0
    except Failure as e:
        print("FAIL %s" % e)
        return 1
    finally:
        rc_final = None
        if server and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                rc_final = server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                print("FAIL the server did not stop within 30 s of SIGTERM")
                rc_final = -1
        elif server:
            rc_final = server.returncode
        # After the server: a question it is still asking the fake AI endpoint must not hold up its stop.
        if provider:
            provider.kill()
        # A sanitizer build reports on the server's standard error, at exit for leaks.
        err = ""
        try:
            err = open(os.path.join(work, "server.err")).read()
        except OSError:
            pass
        if rc_final not in (None, 0) or "Sanitizer" in err or "runtime error:" in err:
            print("FAIL the server exited %s:\n%s" % (rc_final, err[-4000:]))
            sys.exit(1)
        if os.environ.get("RAMPART_API_KEEP"):
            print("kept %s" % work)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
