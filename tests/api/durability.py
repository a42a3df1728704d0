#!/usr/bin/env python3
"""durability.py RAMPART [--database-url URL] - a worker killed mid-scan; another finishes the job, once.

A repository large enough that its scan takes seconds is queued over the
API. When the job is scanning, the process running it is killed with
SIGKILL: on SQLite the server itself (its scan worker is a thread), on
PostgreSQL a separate `rampart worker`. Then a second server (SQLite) or
a second worker process (PostgreSQL) starts; after the dead worker's lease
runs out (3 s here) it claims the job again and completes it. The scan must
then be completed with attempts 2, exactly as many issues stored as
issues_count says, no finding twice, the same findings as the CLI's scan of
the same tree, and no other scan row made.
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

LEASE = "3"


def main():
    rampart, url = run.program_args(sys.argv[1:])
    work = tempfile.mkdtemp(prefix="rampart-durability.")
    procs = []
    try:
        env = run.program_env(work, url, {"RAMPART_LEASE_SECONDS": LEASE, "RAMPART_ALLOW_LOCAL_REPOS": "1"})
        repo = os.path.join(work, "big")
        os.makedirs(os.path.join(repo, "pkg"))
        for i in range(2500):
            with open(os.path.join(repo, "pkg", "m%04d.py" % i), "w") as f:
                f.write("import subprocess\nfrom flask import request\n\n\n")
                for k in range(12):
                    f.write("def f%d(x, y):\n    if x > y:\n        return x * %d + y\n    return y - x\n\n\n" % (k, k))
                f.write("def run():\n    return subprocess.call(request.args[\"cmd\"], shell=True)\n")
        git = ["git", "-c", "user.email=dev@example.com", "-c", "user.name=dev"]
        run.sh(["git", "init", "-q", "-b", "main", repo], work)
        run.sh(git + ["add", "-A"], repo)
        run.sh(git + ["commit", "-qm", "big"], repo)
        run.sh([rampart, "scan", ".", "-q", "--format", "json", "-o", os.path.join(work, "cli.json")], repo, env, check=False)
        cli = json.load(open(os.path.join(work, "cli.json")))
        cli_fps = sorted(f["fingerprint"] for f in cli["findings"])
        e = dict(env, PW=run.PASSWORD)
        run.sh([rampart, "admin", "user", "create", "--org", "1", "--email", "dev@acme.test", "--role", "MEMBER",
                "--password-env", "PW"], work, e)
        serve = [rampart, "serve", "--listen", "127.0.0.1:0", "--data-dir", os.path.join(work, "data"),
                 "--access-log", os.path.join(work, "access.log")]
        senv = dict(env, RAMPART_WORKERS="0" if url else "1")
        server, log = run.start(serve, work, senv, "server1")
        procs.append(server)
        api = run.Api("http://127.0.0.1:%d/api" % run.wait_port(server, log))
        st, _, raw = api.call("POST", "/auth/login", {"email": "dev@acme.test", "password": run.PASSWORD})
        auth = {"Authorization": "Bearer " + json.loads(raw)["access_token"]}
        st, _, raw = api.call("GET", "/repositories", headers=auth)
        repo_id = [r["id"] for r in json.loads(raw) if r["name"] == "big"][0]
        st, _, raw = api.call("POST", "/scans/trigger/%d" % repo_id, {"type": "smart"}, headers=auth)
        if st != 200:
            raise run.Failure("trigger: %d %r" % (st, raw))
        scan_id = json.loads(raw)["id"]
        victim = server
        if url:
            victim, _ = run.start([rampart, "worker", "--threads", "1", "--lease", LEASE, "--allow-local-repos"], work, env,
                              "worker1")
            procs.append(victim)
        deadline = time.time() + 60
        while True:
            st, _, raw = api.call("GET", "/scans/%d" % scan_id, headers=auth)
            doc = json.loads(raw) if st == 200 else {}
            if doc.get("status") == "scanning":
                break
            if doc.get("status") in ("completed", "failed") or time.time() > deadline:
                raise run.Failure("the first worker never got to scanning: %r" % doc)
            time.sleep(0.05)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        print("killed the %s while it scanned (job attempts %s)" % ("worker" if url else "server", doc.get("attempts")))
        if url:
            second, _ = run.start([rampart, "worker", "--threads", "1", "--lease", LEASE, "--allow-local-repos"], work, env,
                              "worker2")
            procs.append(second)
        else:
            server, log = run.start(serve, work, senv, "server2")
            procs.append(server)
            api = run.Api("http://127.0.0.1:%d/api" % run.wait_port(server, log))
        deadline = time.time() + 180
        while True:
            st, _, raw = api.call("GET", "/scans/%d" % scan_id, headers=auth)
            doc = json.loads(raw)
            if doc.get("status") in ("completed", "failed"):
                break
            if time.time() > deadline:
                raise run.Failure("the job was not taken over: %r" % doc)
            time.sleep(0.2)
        failures = []
        if doc["status"] != "completed":
            failures.append("the scan ended %s: %s" % (doc["status"], doc.get("error")))
        if doc.get("attempts") != 2:
            failures.append("attempts %r, expected 2 (claimed, killed, claimed again)" % doc.get("attempts"))
        st, _, raw = api.call("GET", "/scans/%d/issues?limit=10000" % scan_id, headers=auth)
        issues = json.loads(raw)
        if len(issues) != doc.get("issues_count"):
            failures.append("%d issues stored, issues_count says %r" % (len(issues), doc.get("issues_count")))
        if len({i["id"] for i in issues}) != len(issues):
            failures.append("an issue id stored twice")
        if sorted(i["fingerprint"] for i in issues) != cli_fps:
            failures.append("the findings differ from the CLI's scan of the same tree (%d against %d)" %
                            (len(issues), len(cli_fps)))
        st, _, raw = api.call("GET", "/scans?limit=1000", headers=auth)
        mine = [s for s in json.loads(raw) if s["repo_id"] == repo_id]
        if len(mine) != 2:
            failures.append("%d scans of the repository, expected 2 (the CLI's and the queued one)" % len(mine))
        for f in failures:
            print("FAIL " + f)
        if not failures:
            print("ok   completed once by the second %s: %d issues, attempts 2" % ("worker" if url else "server",
                                                                                   len(issues)))
        return 1 if failures else 0
    except run.Failure as e:
        print("FAIL %s" % e)
        return 1
    finally:
        for p in procs:
            if p.poll() is None:
                p.send_signal(signal.SIGTERM)
                try:
                    p.wait(timeout=60)
                except subprocess.TimeoutExpired:
                    p.kill()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
