#!/usr/bin/env python3
"""api.py RAMPART [--database-url URL] [--seconds N] - the server under load, and the scan queue draining.

1. wrk (Debian) on loopback against GET /api/scans/{id} and
   GET /api/scans/{id}/issues of a stored scan with 1,000 findings: 2
   threads, 32 connections, N seconds (default 10) each; prints requests/s
   and the latency percentiles wrk reports. Rate limits are lifted for the
   run (they would answer 429 long before).
2. 200 scans queued at once (a small repository, two worker threads in the
   server): the time until all are completed, and a check that every one
   completed exactly once (200 completed jobs, 200 completed scans, each
   with its findings once).
Run on an idle machine; with --database-url on a PostgreSQL server
(tests/db/pg.sh start DIR prints one).
"""
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "api"))
import run  # noqa: E402


def wrk(url, token, seconds):
    out = subprocess.run(["wrk", "-t2", "-c32", "-d%ds" % seconds, "--latency", "-H", "Authorization: Bearer " + token,
                          url], capture_output=True, text=True).stdout
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    lat = dict(re.findall(r"^\s+(50|75|90|99)%\s+(\S+)", out, re.M))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return float(rps.group(1)) if rps else 0.0, lat, int(non2xx.group(1)) if non2xx else 0


def main():
    args = sys.argv[1:]
    url = None
    seconds = 10
    if "--database-url" in args:
        i = args.index("--database-url")
        url = args[i + 1]
        del args[i:i + 2]
    if "--seconds" in args:
        i = args.index("--seconds")
        seconds = int(args[i + 1])
        del args[i:i + 2]
    rampart = os.path.abspath(args[0])
    work = tempfile.mkdtemp(prefix="rampart-bench-api.")
    server = None
    try:
        env = dict(os.environ)
        env.pop("RAMPART_DATABASE_URL", None)
        env.update({"HOME": work, "XDG_DATA_HOME": os.path.join(work, "xdg"), "RAMPART_RATE_DEFAULT": "1000000",
                    "RAMPART_RATE_TRIGGER": "1000000", "RAMPART_ALLOW_LOCAL_REPOS": "1", "RAMPART_WORKERS": "2"})
        if url:
            env["RAMPART_DATABASE_URL"] = run.new_pg_database(url)
        else:
            env["RAMPART_DB"] = os.path.join(work, "rampart.db")
        git = ["git", "-c", "user.email=dev@example.com", "-c", "user.name=dev"]
        # A repository with 1,000 findings: one shell=True call in each of 1,000 functions.
        big = os.path.join(work, "big")
        os.makedirs(big)
        for i in range(100):
            with open(os.path.join(big, "m%03d.py" % i), "w") as f:
                f.write("import subprocess\n\n\n")
                for k in range(10):
                    f.write("def f%d(cmd):\n    return subprocess.call(cmd + '%d-%d', shell=True)\n\n\n" % (k, i, k))
        run.sh(["git", "init", "-q", "-b", "main", big], work)
        run.sh(git + ["add", "-A"], big)
        run.sh(git + ["commit", "-qm", "big"], big)
        run.sh([rampart, "scan", ".", "-q", "--format", "json", "-o", os.path.join(work, "big.json")], big, env,
               check=False)
        doc = json.load(open(os.path.join(work, "big.json")))
        scan_id, nfind = doc["scan"]["id"], len(doc["findings"])
        small = os.path.join(work, "small")
        os.makedirs(small)
        with open(os.path.join(small, "app.py"), "w") as f:
            f.write("import subprocess\n\n\ndef run(cmd):\n    return subprocess.call(cmd, shell=True)\n")
        run.sh(["git", "init", "-q", "-b", "main", small], work)
        run.sh(git + ["add", "-A"], small)
        run.sh(git + ["commit", "-qm", "small"], small)
        run.sh([rampart, "scan", ".", "-q"], small, env, check=False)
        run.sh([rampart, "admin", "user", "create", "--org", "1", "--email", "bench@acme.test", "--role", "MEMBER",
                "--password-env", "PW"], work, dict(env, PW=run.PASSWORD))
        server, log = run.start([rampart, "serve", "--listen", "127.0.0.1:0", "--data-dir",
                                 os.path.join(work, "data"), "--access-log", "/dev/null"], work, env, "server")
        port = run.wait_port(server, log)
        base = "http://127.0.0.1:%d/api" % port
        api = run.Api(base)
        st, _, raw = api.call("POST", "/auth/login", {"email": "bench@acme.test", "password": run.PASSWORD})
        token = json.loads(raw)["access_token"]
        auth = {"Authorization": "Bearer " + token}
        engine = "PostgreSQL" if url else "SQLite"
        print("%s, scan %d with %d findings" % (engine, scan_id, nfind))
        for path in ("/scans/%d" % scan_id, "/scans/%d/issues" % scan_id):
            rps, lat, bad = wrk(base + path, token, seconds)
            print("  GET %-22s %9.0f requests/s  p50 %s  p90 %s  p99 %s%s" % (
                path.replace(str(scan_id), "{id}"), rps, lat.get("50"), lat.get("90"), lat.get("99"),
                "  (%d non-2xx!)" % bad if bad else ""))
        st, _, raw = api.call("GET", "/repositories", headers=auth)
        repo = [r["id"] for r in json.loads(raw) if r["name"] == "small"][0]
        t0 = time.time()
        ids = []
        for _ in range(200):
            st, _, raw = api.call("POST", "/scans/trigger/%d" % repo, {"type": "smart"}, headers=auth)
            if st != 200:
                raise run.Failure("trigger: %d %r" % (st, raw))
            ids.append(json.loads(raw)["id"])
        queued = time.time() - t0
        while True:
            st, _, raw = api.call("GET", "/scans?limit=1000", headers=auth)
            mine = {s["id"]: s for s in json.loads(raw) if s["id"] in set(ids)}
            done = [s for s in mine.values() if s["status"] in ("completed", "failed")]
            if len(done) == len(ids):
                break
            if time.time() - t0 > 1800:
                raise run.Failure("the queue did not drain in 30 minutes: %d of 200" % len(done))
            time.sleep(0.5)
        drained = time.time() - t0
        failed = [s for s in mine.values() if s["status"] != "completed"]
        counts = set(s["issues_count"] for s in mine.values())
        bad = 0
        for sid in ids[:20] + ids[-20:]:
            st, _, raw = api.call("GET", "/scans/%d/issues" % sid, headers=auth)
            issues = json.loads(raw)
            if len(issues) != mine[sid]["issues_count"] or len({i["id"] for i in issues}) != len(issues):
                bad += 1
        print("  200 scans queued in %.1f s, all finished %.1f s after the first (%.1f scans/s, 2 workers): "
              "%d failed, issues_count values %s, %d of 40 checked with findings stored twice or missing" % (
                  queued, drained, 200 / drained, len(failed), sorted(counts), bad))
        return 1 if failed or bad or len(counts) != 1 else 0
    finally:
        if server and server.poll() is None:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=60)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
