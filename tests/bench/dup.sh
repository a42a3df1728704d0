#!/usr/bin/env bash
# tests/bench/dup.sh - duplication detection side by side with jscpd (npm):
# 5.3.3 (the current release, native code) and 4.3.0 (the Node.js one), on
# one real tree of over 100k lines (the Python standard library of the SAST
# corpus, or DIR), same thresholds: 100 tokens over 10 lines, no file size
# or line limits. All on one core. Prints seconds, clones, duplicated lines
# and the speed ratios. Rampart's time includes parsing and all metrics.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$here/work
rampart=${RAMPART:-$repo/build/rampart}
tree=${1:-$work/sast-corpus/usr_lib_python3.11}
[ -d "$tree" ] || { echo "no tree at $tree: run tests/bench/sast.sh once, or give a directory" >&2; exit 2; }
if [ ! -x "$work/jscpd/node_modules/.bin/jscpd" ]; then
	mkdir -p "$work/jscpd"
	(cd "$work/jscpd" && npm install --no-audit --no-fund jscpd@5.3.3 jscpd-linux-x64-gnu@5.3.3 >/dev/null 2>&1)
fi
if [ ! -x "$work/jscpd4/node_modules/.bin/jscpd" ]; then
	mkdir -p "$work/jscpd4"
	(cd "$work/jscpd4" && npm install --no-audit --no-fund jscpd@4.3.0 >/dev/null 2>&1)
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# jscpd honours .gitignore, and tests/bench/work is ignored: give every tool a copy outside
cp -r "$tree" "$out/tree"
tree=$out/tree

lines=$(find "$tree" -name '*.py' -type f -print0 | xargs -0 cat | wc -l)
echo "tree: $tree, $lines lines of Python"
t0=$(date +%s.%N)
"$rampart" scan "$tree" --analyzers quality --no-store -q -j1 --format json --min-confidence 0 --no-default-excludes -o "$out/rampart.json" || true
t1=$(date +%s.%N)
jscpd_args="--min-tokens 100 --min-lines 10 --max-lines 10000000 --max-size 1gb --format python --reporters json --silent"
taskset -c 0 "$work/jscpd/node_modules/.bin/jscpd" $jscpd_args --output "$out/j5" "$tree" >/dev/null 2>&1 || true
t2=$(date +%s.%N)
taskset -c 0 "$work/jscpd4/node_modules/.bin/jscpd" $jscpd_args --output "$out/j4" "$tree" >/dev/null 2>&1 || true
t3=$(date +%s.%N)
python3 - "$out" "$(echo "$t1 - $t0" | bc)" "$(echo "$t2 - $t1" | bc)" "$(echo "$t3 - $t2" | bc)" <<'PY'
import json, sys
out = sys.argv[1]
tr, t5, t4 = map(float, sys.argv[2:5])
r = json.load(open(out + '/rampart.json'))
rc = sum(1 for f in r['findings'] if f['rule_id'] == 'quality/duplicated-block')
print('%-14s %8.2f s  %6d clones  %7d duplicated lines (%.2f%% of code lines)' %
      ('rampart', tr, rc, r['metrics']['duplicated_lines'], r['metrics']['duplication_pct']))
for name, d, t in (('jscpd 5.3.3', 'j5', t5), ('jscpd 4.3.0', 'j4', t4)):
    try:
        jt = json.load(open('%s/%s/jscpd-report.json' % (out, d)))['statistics']['total']
    except OSError:
        print('%-14s %8.2f s  no report' % (name, t))
        continue
    print('%-14s %8.2f s  %6d clones  %7d duplicated lines (%.2f%% of lines)  rampart %.1fx faster' %
          (name, t, jt['clones'], jt['duplicatedLines'], jt['percentage'], t / tr))
PY
