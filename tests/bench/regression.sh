#!/usr/bin/env bash
# regression.sh OLD_RAMPART NEW_RAMPART [TREE] - a full scan (sast and
# secrets, nothing stored) by two builds of rampart on the same tree,
# alternating, five runs each; prints each build's best and median wall
# time and the change. For "no slower than before" checks across a
# restructuring: build the old commit in a worktree and pass both binaries.
# TREE defaults to the Python standard library (116 MB of Python).
# ANALYZERS (default sast,secrets) picks what the scans run, e.g.
# ANALYZERS=quality for the dead-code and duplication passes. Run on an
# idle machine.
set -euo pipefail
old=$1 new=$2 tree=${3:-/usr/lib/python3.11} analyzers=${ANALYZERS:-sast,secrets}
[ -x "$old" ] && [ -x "$new" ] || { echo "usage: $0 OLD_RAMPART NEW_RAMPART [TREE]" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/regression.XXXXXX")
trap 'rm -rf "$work"' EXIT
# No database is opened (the file does not exist); the compiled secrets database cache serves both builds.
export RAMPART_DB=$work/none.db
run() { # NAME BIN: one scan, its milliseconds appended to the times; a failed scan stops the bench
	local t0 t1 rc=0
	t0=$(date +%s%N)
	"$2" scan -q --no-store -a "$analyzers" --format json -o "$work/out.json" "$tree" >/dev/null 2>"$work/err" || rc=$?
	t1=$(date +%s%N)
	if [ "$rc" -gt 1 ]; then
		echo "regression.sh: $2 failed (exit $rc): $(head -n 1 "$work/err")" >&2
		exit 2
	fi
	echo "$1 $(((t1 - t0) / 1000000))" >>"$work/times"
}
"$old" scan -q --no-store -a "$analyzers" --format json -o /dev/null "$tree" >/dev/null 2>&1 || true # warm the page cache
for i in 1 2 3 4 5; do
	run old "$old"
	run new "$new"
done
python3 - "$work/times" <<'PY'
import statistics, sys
t = {"old": [], "new": []}
for line in open(sys.argv[1]):
    k, v = line.split()
    t[k].append(float(v) / 1000)
for k in ("old", "new"):
    print("%s: best %.2f s, median %.2f s  (%s)" % (k, min(t[k]), statistics.median(t[k]), " ".join("%.2f" % x for x in t[k])))
print("change of the median: %+.1f%%" % (100 * (statistics.median(t["new"]) / statistics.median(t["old"]) - 1)))
PY
