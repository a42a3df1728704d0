#!/usr/bin/env bash
# tests/bench/dup.sh - duplication detection side by side with jscpd (npm):
# 5.3.3 (the current release, a Rust engine) and 4.3.0 (the Node.js one), on
# one real tree of over 100k lines (the Python standard library of the SAST
# corpus, or DIR), same thresholds: 100 tokens over 10 lines, no file size
# or line limits. All on one core. Prints seconds and the speed ratios
# (Rampart's time includes parsing and all metrics and dead code; the bare
# tree-sitter parse of the tree is printed as the floor under it), then the
# clones and duplicated lines of each tool and how far they agree
# (tests/bench/dup_compare.py).
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
parse=${BENCH_PARSE:-$repo/build/tests/bench_parse}
[ -x "$parse" ] && taskset -c 0 "$parse" "$tree" | sed 's/^/tree-sitter parse alone: /'
t0=$(date +%s.%N)
"$rampart" scan "$tree" --analyzers quality --no-store -q -j1 --format json --min-confidence 0 --no-default-excludes -o "$out/rampart.json" || true
t1=$(date +%s.%N)
jscpd_args="--min-tokens 100 --min-lines 10 --max-lines 10000000 --max-size 1gb --format python --reporters json --silent"
taskset -c 0 "$work/jscpd/node_modules/.bin/jscpd" $jscpd_args --output "$out/j5" "$tree" >/dev/null 2>&1 || true
t2=$(date +%s.%N)
taskset -c 0 "$work/jscpd4/node_modules/.bin/jscpd" $jscpd_args --output "$out/j4" "$tree" >/dev/null 2>&1 || true
t3=$(date +%s.%N)
tr=$(echo "$t1 - $t0" | bc) t5=$(echo "$t2 - $t1" | bc) t4=$(echo "$t3 - $t2" | bc)
printf '%-14s %8.2f s\n' rampart "$tr"
printf '%-14s %8.2f s  rampart %.1fx faster\n' 'jscpd 5.3.3' "$t5" "$(echo "$t5 / $tr" | bc -l)"
printf '%-14s %8.2f s  rampart %.1fx faster\n' 'jscpd 4.3.0' "$t4" "$(echo "$t4 / $tr" | bc -l)"
python3 "$here/dup_compare.py" "$out/rampart.json" "$tree" "jscpd 5.3.3=$out/j5/jscpd-report.json" \
	"jscpd 4.3.0=$out/j4/jscpd-report.json"
