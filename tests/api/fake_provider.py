#!/usr/bin/env python3
"""fake_provider.py - GitHub, GitLab and Bitbucket's repository listings and an OpenAI-compatible
chat-completions endpoint, on loopback, for the API suite.

Serves /github/user/repos, /gitlab/projects and /bitbucket/repositories the
way the providers page them, for the bearer token "good-token" only (401
otherwise). The token "broken" gets an answer that is not JSON, "redirect"
a 302 to another host, "error" a 500, "many" endless full pages.
POST /ai/v1/chat/completions answers the bearer key "sk-test-key" with fixed
advice and keeps each prompt (one that mentions SLOW is answered after five
minutes); GET /ai/prompts returns them. Pull-request decorations (POSTs below /github/repos/,
/gitlab/projects/, /bitbucket/repositories/) are kept and answered 201 for "good-token" (a check run
403 for "pat-only"); GET /decorations returns them. Notification webhooks POST to /hooks/MODE/NAME:
"ok" answers 200, "flaky2" 500 to the first two requests of a path and 200 after, "down" 503, "redirect"
a 302 to a link-local address; every request is kept (headers, raw body) and GET /received returns them. Prints "listening on http://127.0.0.1:PORT"
on standard error once it listens.
"""
import json
import time
import sys
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

GITHUB_TOTAL = 105  # two pages of 100


def github(page, per_page):
    items = []
    for i in range((page - 1) * per_page, min(page * per_page, GITHUB_TOTAL)):
        items.append({"name": "svc%03d" % i, "full_name": "acme/svc%03d" % i, "private": i % 2 == 0,
                      "clone_url": "https://github.com/acme/svc%03d.git" % i, "default_branch": "main"})
    if page == 1:
        # An ssh-only mirror: listed, not importable.
        items[1]["clone_url"] = "git@github.com:acme/svc001.git"
    return items


def gitlab(page):
    if page > 1:
        return []
    return [{"path": "lib", "path_with_namespace": "group/sub/lib", "visibility": "private",
             "http_url_to_repo": "https://gitlab.example.com/group/sub/lib.git", "default_branch": "trunk"},
            {"path": "docs", "path_with_namespace": "group/docs", "visibility": "public",
             "http_url_to_repo": "https://gitlab.example.com/group/docs.git", "default_branch": None}]


def bitbucket(base, page):
    doc = {"values": [{"name": "app%d" % page, "full_name": "team/app%d" % page, "is_private": True,
                       "mainbranch": {"name": "master"},
                       "links": {"clone": [{"name": "ssh", "href": "git@bitbucket.org:team/app%d.git" % page},
                                           {"name": "https", "href": "https://x@bitbucket.org/team/app%d.git" % page}]}}]}
    if page == 1:
        doc["next"] = base + "/bitbucket/repositories?page=2"
    return doc


# What the pull-request decorations posted: method, path, whether the token was the good one, the JSON body.
DECORATIONS = []
DECORATION_PATHS = ("/github/repos/", "/gitlab/projects/", "/bitbucket/repositories/")

# What notification webhooks were sent: path, the signature headers, the raw body.
RECEIVED = []
HOOK_HITS = {}

ADVICE = "Use parameterized queries: db.execute(\"SELECT * FROM users WHERE name = ?\", (name,))."
PROMPTS = []


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send(self, status, body, ctype="application/json", headers=None):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if self.path.startswith(DECORATION_PATHS):
            return self.decoration(body)
        if self.path.startswith("/hooks/"):
            return self.hook(body)
        if self.path != "/ai/v1/chat/completions":
            return self.send(404, {"error": "not found"})
        if self.headers.get("Authorization") != "Bearer sk-test-key":
            return self.send(401, {"error": {"message": "invalid api key"}})
        req = json.loads(body)
        PROMPTS.append({"model": req.get("model"), "messages": req.get("messages")})
        if "SLOW" in json.dumps(req.get("messages")):
            time.sleep(300)  # a model that never answers in time: the server's stop must not wait for it
        self.send(200, {"id": "chatcmpl-1", "object": "chat.completion", "model": req.get("model"),
                        "choices": [{"index": 0, "message": {"role": "assistant", "content": ADVICE},
                                     "finish_reason": "stop"}]})

    def decoration(self, body):
        """A check run, commit status, note or comment: 201 for the token "good-token"; "pat-only" may set
        statuses but not create check runs (403), as a personal token; anything else 401."""
        token = self.headers.get("Authorization", "")
        if token not in ("Bearer good-token", "Bearer pat-only"):
            return self.send(401, {"message": "Bad credentials"})
        DECORATIONS.append({"method": "POST", "path": self.path, "token": token[7:],
                            "content_type": self.headers.get("Content-Type"), "body": json.loads(body)})
        if token == "Bearer pat-only" and self.path.endswith("/check-runs"):
            return self.send(403, {"message": "Resource not accessible by personal access token"})
        self.send(201, {"id": len(DECORATIONS)})

    def hook(self, body):
        mode = self.path.split("/")[2]
        RECEIVED.append({"path": self.path, "body": body.decode("utf-8", "replace"),
                         "headers": {k.lower(): v for k, v in self.headers.items()}})
        HOOK_HITS[self.path] = HOOK_HITS.get(self.path, 0) + 1
        if mode == "flaky2" and HOOK_HITS[self.path] <= 2:
            return self.send(500, {"error": "not yet"})
        if mode == "down":
            return self.send(503, {"error": "down"})
        if mode == "redirect":
            return self.send(302, b"", headers={"Location": "http://169.254.169.254/latest/meta-data"})
        self.send(200, b"ok", "text/plain")

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        if url.path == "/received":
            return self.send(200, RECEIVED)
        if url.path == "/ai/prompts":
            return self.send(200, PROMPTS)
        if url.path == "/decorations":
            return self.send(200, DECORATIONS)
        q = dict(urllib.parse.parse_qsl(url.query))
        page = int(q.get("page", "1"))
        token = self.headers.get("Authorization", "")
        if token == "Bearer broken":
            return self.send(200, b"<html>not json</html>", "text/html")
        if token == "Bearer redirect":
            return self.send(302, b"", headers={"Location": "http://169.254.169.254/latest/meta-data"})
        if token == "Bearer error":
            return self.send(500, {"message": "boom"})
        if token == "Bearer many" and url.path == "/github/user/repos":
            # An account with more than the listing takes: every page is full.
            return self.send(200, [{"name": "r%d" % i, "full_name": "big/r%d" % i, "private": False,
                                    "clone_url": "https://github.com/big/r%d.git" % i}
                                   for i in range((page - 1) * 100, page * 100)])
        if token != "Bearer good-token":
            return self.send(401, {"message": "Bad credentials"})
        if url.path == "/github/user/repos":
            return self.send(200, github(page, int(q.get("per_page", "30"))))
        if url.path == "/gitlab/projects":
            return self.send(200, gitlab(page))
        if url.path == "/bitbucket/repositories":
            return self.send(200, bitbucket("http://%s:%d" % self.server.server_address, page))
        self.send(404, {"message": "Not Found"})


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    print("fake provider listening on http://127.0.0.1:%d" % server.server_address[1], file=sys.stderr, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
