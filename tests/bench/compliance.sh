#!/usr/bin/env bash
# tests/bench/compliance.sh - compliance scoring at scale, on SQLite (and on
# PostgreSQL with BENCH_DATABASE_URL=postgresql://...):
#   1. every built-in framework (seven, 81 controls) scored for one repository
#      whose latest default-branch scan holds 50,000 findings (code, secret,
#      IaC, quality and dependency findings over 40 CWEs and four severities,
#      a tenth marked false positive, dependency findings with triage and SLA
#      clocks);
#   2. the 90-day trend of every framework over 100 such scans, each point
#      recomputed from the stored findings (5,000,000 rows read).
# The findings are synthesized by SQL into a real scan's tables (a scan by
# `rampart scan` of a small repository first), so every column the facts
# read is there; each scan's rows are written together, as recording does. Prints the median of 5 runs (score) and of 3 (trend), with
# peak memory; run on an idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rampart=${RAMPART:-$repo/build/rampart}
work=$(mktemp -d "${TMPDIR:-/tmp}/rampart-bench-compliance.XXXXXX")
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
FINDINGS=${FINDINGS:-50000}
SCANS=${SCANS:-100}
export RAMPART_DB=$work/rampart.db NO_COLOR=1

mkdir "$work/app"
cd "$work/app"
git init -q -b main .
printf 'import os\ndef f(request, db):\n    db.execute("SELECT * FROM t WHERE id=" + request.args["id"])\n' > app.py
printf 'resource "aws_s3_bucket" "b" {\n  bucket = "x"\n  acl    = "public-read"\n}\n' > main.tf
git add . && git -c user.email=b@example.com -c user.name=b commit -qm bench
"$rampart" scan . -q > /dev/null || true

echo "synthesizing $FINDINGS findings per scan, $SCANS scans ..."
t0=$(date +%s.%N)
sqlite3 "$RAMPART_DB" <<SQL
PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF;
DELETE FROM scan_issues;
UPDATE scans SET stats = json_set(stats, '$.analyzers', json('["hygiene","secrets","sast","quality","sca"]'),
       '$.dependencies', json('true'), '$.dependencies_checked', json('true')) WHERE id = 1;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $FINDINGS - 1)
INSERT INTO scan_issues (scan_id, rule_id, title, tool, category, file_path, line_number, cwe_id, severity, confidence,
                         fingerprint, user_marked_fp, in_test, vuln_id, ecosystem, package_name, kev_listed)
SELECT 1, 'bench/rule-' || (i % 300), 'finding', 'bench',
       CASE i % 10 WHEN 0 THEN 'secret' WHEN 1 THEN 'iac' WHEN 2 THEN 'sca' WHEN 3 THEN 'quality' ELSE 'security' END,
       'src/file' || (i % 2000) || '.py', 1 + i % 500,
       'CWE-' || (SELECT value FROM json_each('[89,79,78,22,798,327,295,319,916,284,862,287,306,352,502,918,611,94,
                  117,532,209,400,434,770,1321,330,338,326,328,601,639,863,613,384,521,732,269,942,311,312]')
                  WHERE key = i % 40),
       CASE i % 7 WHEN 0 THEN 'critical' WHEN 1 THEN 'high' WHEN 2 THEN 'high' WHEN 3 THEN 'medium' ELSE 'low' END,
       50 + i % 50, 'fp' || i, i % 10 = 9, i % 13 = 0,
       CASE WHEN i % 10 = 2 THEN 'GHSA-bench-' || (i % 500) END, CASE WHEN i % 10 = 2 THEN 'PyPI' END,
       CASE WHEN i % 10 = 2 THEN 'pkg' || (i % 500) END, CASE WHEN i % 10 = 2 THEN (i % 97 = 0) END
FROM n;
INSERT INTO sca_triage (repo_id, vuln_id, ecosystem, package_name, purl, status, updated_at)
SELECT 1, 'GHSA-bench-' || k, 'PyPI', 'pkg' || k, 'pkg:pypi/pkg' || k, 'accepted_risk', 0
FROM (WITH RECURSIVE m(k) AS (SELECT 0 UNION ALL SELECT k + 10 FROM m WHERE k < 490) SELECT k FROM m);
-- 99 earlier scans of main over the last 90 days, each with the same findings.
WITH RECURSIVE s(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM s WHERE k < $SCANS - 1)
INSERT INTO scans (repo_id, org_id, status, scan_type, issues_count, branch, default_branch, commit_sha,
                   is_baseline_scan, stats, created_at, completed_at)
SELECT repo_id, org_id, status, scan_type, $FINDINGS, branch, default_branch, printf('%040d', k), 1, stats,
       strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-' || (k * 0.89) || ' days'),
       strftime('%Y-%m-%dT%H:%M:%SZ', 'now', '-' || (k * 0.89) || ' days')
FROM scans, s WHERE scans.id = 1;
INSERT INTO scan_issues (scan_id, rule_id, title, tool, category, file_path, line_number, cwe_id, severity, confidence,
                         fingerprint, user_marked_fp, in_test, vuln_id, ecosystem, package_name, kev_listed)
SELECT sc.id, rule_id, title, tool, category, file_path, line_number, cwe_id, severity, confidence, fingerprint,
       user_marked_fp, in_test, vuln_id, ecosystem, package_name, kev_listed
FROM scans sc CROSS JOIN scan_issues i WHERE i.scan_id = 1 AND sc.id > 1 ORDER BY sc.id, i.id;
ANALYZE;
SQL
t1=$(date +%s.%N)
printf 'synthesized in %.1f s: %s findings in %s scans, database %s\n' "$(echo "$t1 - $t0" | bc)" \
	"$(sqlite3 "$RAMPART_DB" 'SELECT count(*) FROM scan_issues')" "$(sqlite3 "$RAMPART_DB" 'SELECT count(*) FROM scans')" \
	"$(du -h "$RAMPART_DB" | cut -f1)"

if [ -n "${BENCH_DATABASE_URL:-}" ]; then
	echo "(PostgreSQL runs are not synthesized by this script; SQLite only)"
fi

# median WALL_S MAX_RSS_MB of N runs of a command
run() {
	local n=$1; shift
	for _ in $(seq "$n"); do
		/usr/bin/time -f '%e %M' -o "$work/t" "$@" > "$work/out.json"
		cat "$work/t"
	done | sort -n | awk '{ v[NR] = $1; m[NR] = $2 } END { i = int((NR + 1) / 2); printf "%.2f s  (peak %.0f MB)\n", v[i], m[i] / 1024 }'
}

printf '%-58s' "score: 7 frameworks, $FINDINGS findings (median of 5)"
run 5 "$rampart" compliance score --format json
python3 - "$work/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = d['executive_summary']
print('  overall %s (%s), %d controls assessed, %d issues open' % (s['overall_score'], s['posture'], s['total_controls'], d['total_issues']))
PY
printf '%-58s' "trend: 7 frameworks, 90 days, $SCANS scans (median of 3)"
run 3 "$rampart" compliance trend --days 90 --format json
python3 - "$work/out.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
print('  %d points' % len(d['points']))
PY
