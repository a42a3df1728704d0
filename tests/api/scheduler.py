#!/usr/bin/env python3
"""scheduler.py RAMPART [--database-url URL] - scheduled slots fire once: across a restart, and between two processes.

Restart: a schedule is made over the API on a server (one scan worker,
the scheduler looking every second); the server is stopped, and while it
is down three of the schedule's daily slots pass (its next_run is moved
three days back, as a clock would have). A second server starts: the
schedule fires exactly once, for the slot it missed, its scan completes,
and its next run is the first slot after now, in the organization's zone
(Europe/Berlin here).

Two processes: a server and a `rampart worker`, each running the scheduler
every second on the one database, see 100 schedules fall due at once,
five times over (500 slots). Every slot must have fired once: one run and
one queued scan each, run_count 5 on every schedule, no scan of the
repository without its run. The queued scans fail at once (the worker is
not allowed local repositories), which keeps the test about the
scheduler.
"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import run  # noqa: E402

SCHEDULES = 100
ROUNDS = 5


def stop(p):
    if p and p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=60)
        except subprocess.TimeoutExpired:
            p.kill()


def db_of(env):
    return env.get("RAMPART_DATABASE_URL") or env["RAMPART_DB"]


def restart(rampart, work, env, serve, repo_id, failures):
    server, log = run.start(serve, work, env, "server1")
    try:
        api = run.Api("http://127.0.0.1:%d/api" % run.wait_port(server, log))
        st, _, raw = api.call("POST", "/auth/login", {"email": "dev@acme.test", "password": run.PASSWORD})
        auth = {"Authorization": "Bearer " + json.loads(raw)["access_token"]}
        st, _, raw = api.call("POST", "/scheduled-scans", {"repo_id": repo_id, "cron_expression": "0 3 * * *"},
                              headers=auth)
        if st != 201:
            raise run.Failure("create: %d %r" % (st, raw))
        sched = json.loads(raw)
        # 03:00 in Berlin is 01:00 or 02:00 UTC, by the season.
        if sched["timezone"] != "Europe/Berlin" or not sched["next_run"][11:] in ("01:00:00Z", "02:00:00Z"):
            failures.append("next_run %s in %s, expected 03:00 Berlin time" % (sched["next_run"], sched["timezone"]))
    finally:
        stop(server)
    # Down for three days: the slot three days ago is the one it missed (and the two after it).
    missed = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3 * 86400))
    run.sql(db_of(env), "UPDATE scheduled_scans SET next_run = '%s' WHERE id = %d" % (missed, sched["id"]))
    server, log = run.start(serve, work, env, "server2")
    try:
        api = run.Api("http://127.0.0.1:%d/api" % run.wait_port(server, log))
        st, _, raw = api.call("POST", "/auth/login", {"email": "dev@acme.test", "password": run.PASSWORD})
        auth = {"Authorization": "Bearer " + json.loads(raw)["access_token"]}
        deadline = time.time() + 120
        while True:
            st, _, raw = api.call("GET", "/scheduled-scans/%d/history" % sched["id"], headers=auth)
            runs = json.loads(raw)["executions"]
            if runs and runs[0]["status"] in ("completed", "failed"):
                break
            if time.time() > deadline:
                raise run.Failure("the missed slot never fired: %r" % runs)
            time.sleep(0.2)
        time.sleep(3)  # three more looks of the scheduler: nothing else may fire
        st, _, raw = api.call("GET", "/scheduled-scans/%d/history" % sched["id"], headers=auth)
        runs = json.loads(raw)["executions"]
        st, _, raw = api.call("GET", "/scheduled-scans?repo_id=%d" % repo_id, headers=auth)
        now = json.loads(raw)[0]
    finally:
        stop(server)
    if len(runs) != 1:
        failures.append("%d runs after the restart, expected 1: %r" % (len(runs), runs))
    elif runs[0]["scheduled_for"] != missed or runs[0]["status"] != "completed":
        failures.append("the run was %r, expected the missed slot %s, completed" % (runs[0], missed))
    if now["run_count"] != 1 or now["next_run"] <= time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()):
        failures.append("after the run: run_count %r, next_run %r (expected 1, a time to come)" %
                        (now["run_count"], now["next_run"]))
    if not failures:
        print("ok   restart: the slot missed while the server was down fired once (%s), next run %s" %
              (missed, now["next_run"]))


def two_processes(rampart, work, env, serve, repo_id, failures):
    db = db_of(env)
    run.sql(db, "DELETE FROM scheduled_scan_runs")
    run.sql(db, "DELETE FROM scheduled_scans")
    run.sql(db, "INSERT INTO scheduled_scans (org_id, repo_id, cron_expression, scan_type, is_active, trigger_on_push,"
                " trigger_branch, next_run, created_at, updated_at)"
                " WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %d)"
                " SELECT 1, %d, '0 3 * * *', 'smart', 1, 0, 'b' || i, NULL, '2026-01-01T00:00:00Z',"
                " '2026-01-01T00:00:00Z' FROM n" % (SCHEDULES, repo_id))
    scans_before = int(run.sql(db, "SELECT COUNT(*) FROM scans WHERE repo_id = %d" % repo_id))
    # Both processes take the queued scans too, and fail them at once: neither may clone a local path.
    penv = dict(env)
    penv.pop("RAMPART_ALLOW_LOCAL_REPOS", None)
    server, log = run.start(serve, work, penv, "server3")
    worker, _ = run.start([rampart, "worker", "--threads", "1", "--scheduler-interval", "1"], work, penv, "worker")
    try:
        run.wait_port(server, log)
        for rnd in range(ROUNDS):
            slot = "2026-0%d-01T03:00:00Z" % (rnd + 1)
            run.sql(db, "UPDATE scheduled_scans SET next_run = '%s'" % slot)
            deadline = time.time() + 120
            while True:
                fired = int(run.sql(db, "SELECT COUNT(*) FROM scheduled_scan_runs WHERE slot = '%s'" % slot))
                if fired >= SCHEDULES:
                    break
                if time.time() > deadline:
                    raise run.Failure("round %d: %d of %d slots fired" % (rnd + 1, fired, SCHEDULES))
                time.sleep(0.1)
        time.sleep(2.5)  # both schedulers look twice more
    finally:
        stop(worker)
        stop(server)
    runs = int(run.sql(db, "SELECT COUNT(*) FROM scheduled_scan_runs"))
    keys = int(run.sql(db, "SELECT COUNT(*) FROM (SELECT DISTINCT schedule_id, slot FROM scheduled_scan_runs) x"))
    scans = int(run.sql(db, "SELECT COUNT(*) FROM scans WHERE repo_id = %d" % repo_id)) - scans_before
    linked = int(run.sql(db, "SELECT COUNT(DISTINCT scan_id) FROM scheduled_scan_runs"))
    counts = run.sql(db, "SELECT MIN(run_count) || ',' || MAX(run_count) FROM scheduled_scans")
    want = SCHEDULES * ROUNDS
    if runs != want or keys != want:
        failures.append("%d runs over %d distinct slots, expected %d each" % (runs, keys, want))
    if scans != want or linked != want:
        failures.append("%d scans queued (%d linked to runs), expected %d" % (scans, linked, want))
    if counts != "%d,%d" % (ROUNDS, ROUNDS):
        failures.append("run_count from %s, expected %d on every schedule" % (counts, ROUNDS))
    by = {}
    for name in ("server3", "worker"):
        text = open(os.path.join(work, name + ".err")).read()
        by[name] = sum(int(line.split("scheduler: ")[1].split()[0]) for line in text.splitlines()
                       if "scheduled scan" in line and "queued" in line)
    if sum(by.values()) != want:
        failures.append("the processes say they queued %r, %d in all, expected %d" % (by, sum(by.values()), want))
    if not failures:
        print("ok   two processes: %d slots fired once each (server %d, worker %d)" %
              (want, by["server3"], by["worker"]))


def main():
    rampart, url = run.program_args(sys.argv[1:])
    work = tempfile.mkdtemp(prefix="rampart-scheduler.")
    failures = []
    try:
        env = run.program_env(work, url, {"RAMPART_ALLOW_LOCAL_REPOS": "1", "RAMPART_SCHEDULER_INTERVAL": "1"})
        repo = os.path.join(work, "svc")
        os.makedirs(repo)
        with open(os.path.join(repo, "app.py"), "w") as f:
            f.write("import subprocess\nfrom flask import request\n\n\ndef run():\n"
                    "    return subprocess.call(request.args[\"cmd\"], shell=True)\n")
        git = ["git", "-c", "user.email=dev@example.com", "-c", "user.name=dev"]
        run.sh(["git", "init", "-q", "-b", "main", repo], work)
        run.sh(git + ["add", "-A"], repo)
        run.sh(git + ["commit", "-qm", "svc"], repo)
        run.sh([rampart, "scan", ".", "-q", "--format", "json", "-o", os.path.join(work, "cli.json")], repo, env,
               check=False)
        run.sh([rampart, "admin", "org", "timezone", "1", "Europe/Berlin"], work, env)
        e = dict(env, PW=run.PASSWORD)
        run.sh([rampart, "admin", "user", "create", "--org", "1", "--email", "dev@acme.test", "--role", "MEMBER",
                "--password-env", "PW"], work, e)
        repo_id = int(run.sql(db_of(env), "SELECT id FROM repositories WHERE name = 'svc'"))
        serve = [rampart, "serve", "--listen", "127.0.0.1:0", "--data-dir", os.path.join(work, "data"),
                 "--access-log", os.path.join(work, "access.log")]
        env["RAMPART_WORKERS"] = "1"
        restart(rampart, work, env, serve, repo_id, failures)
        two_processes(rampart, work, env, serve, repo_id, failures)
    except run.Failure as e:
        failures.append(str(e))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for f in failures:
        print("FAIL " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
