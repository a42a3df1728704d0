#!/usr/bin/env bash
# tests/bench/sast.sh - the SAST engine side by side, on one real tree of
# at least 100 MB of Go, Python, C and JavaScript (assembled from the Go
# standard library sources, the Python standard library and Google Cloud SDK,
# system C headers and Node modules found on the machine), all on one core:
#   1. bare tree-sitter parsing of every file (tests/bench/parse_only.c);
#   2. rampart with every built-in pack (the sast analyzer only);
#   3. rampart with the 10-rule subset of sast-subset/rampart.yaml;
#   4. ast-grep (npm @ast-grep/cli) with the same 10 rules (sast-subset/astgrep.yaml);
#   5. rampart with every built-in pack as a deep scan (taint flows across files: a second pass).
# Prints seconds, MB/s and peak memory for each; run on an idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$here/work
corpus=$work/sast-corpus
rampart=${RAMPART:-$repo/build/rampart}
parse=${BENCH_PARSE:-$repo/build/tests/bench_parse}
mkdir -p "$work"

if [ ! -d /usr/share/go-1.19/src ]; then
	sudo=; [ "$(id -u)" -ne 0 ] && sudo=sudo
	$sudo apt-get install -y -q golang-1.19-src >/dev/null
fi
if [ ! -x "$work/astgrep/node_modules/.bin/ast-grep" ]; then
	mkdir -p "$work/astgrep"
	(cd "$work/astgrep" && npm install --no-audit --no-fund @ast-grep/cli >/dev/null 2>&1)
fi
astgrep=$work/astgrep/node_modules/.bin/ast-grep

if [ ! -f "$corpus/.done" ]; then
	rm -rf "$corpus"
	python3 - "$corpus" <<'PY'
import os, shutil, sys
out = sys.argv[1]
budget = {'.go': 70e6, '.py': 50e6, '.h': 25e6, '.c': 10e6, '.js': 10e6}
sources = ['/usr/share/go-1.19/src', '/usr/lib/python3.11', '/usr/lib/google-cloud-sdk/lib',
           '/usr/include', '/usr/lib/node_modules', '/usr/share/nodejs']
used = dict.fromkeys(budget, 0)
for src in sources:
    for dirpath, dirs, files in os.walk(src):
        dirs.sort()
        if 'testdata' in dirpath.split(os.sep):
            continue
        for name in sorted(files):
            ext = os.path.splitext(name)[1]
            p = os.path.join(dirpath, name)
            if ext not in budget or os.path.islink(p):
                continue
            size = os.path.getsize(p)
            if size > 1 << 20 or used[ext] + size > budget[ext]:
                continue
            dst = os.path.join(out, src.strip('/').replace('/', '_'), os.path.relpath(p, src))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(p, dst)
            used[ext] += size
print('corpus: ' + ', '.join('%s %.0f MB' % (k, v / 1e6) for k, v in used.items()) +
      ', total %.0f MB' % (sum(used.values()) / 1e6))
PY
	touch "$corpus/.done"
fi
mb=$(find "$corpus" -type f -printf '%s\n' | awk '{s+=$1} END {printf "%.1f", s/1e6}')
echo "tree: $mb MB, $(find "$corpus" -type f | wc -l) files"

rss=$work/rss
timed() { # command...: seconds of wall time, one core; the peak resident set (MB) left in $rss
	python3 -c '
import resource, subprocess, sys, time
t0 = time.monotonic()
subprocess.run(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("%.3f" % (time.monotonic() - t0))
open(sys.argv[1], "w").write("%.0f" % (resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024))
' "$rss" "$@"
}
report() { printf '%-40s %7.2f s  %7.2f MB/s  %6s MB peak\n' "$1" "$2" "$(echo "$mb / $2" | bc -l)" "$(cat "$rss")"; }

# warm the page cache once
cat $(find "$corpus" -type f | head -100000) > /dev/null 2>&1 || true
t=$(timed "$parse" "$corpus"); report "tree-sitter parse only" "$t"; tp=$t
t=$(timed "$rampart" scan "$corpus" --analyzers sast --no-store -q -j1 --format json); report "rampart, all built-in packs" "$t"; ta=$t
t=$(timed "$rampart" scan "$corpus" --analyzers sast --no-store -q -j1 --format json --no-builtin-rules \
	--rules "$here/sast-subset/rampart.yaml"); report "rampart, 10-rule subset" "$t"; tr=$t
t=$(timed "$astgrep" scan --inline-rules "$(cat "$here/sast-subset/astgrep.yaml")" --json=compact -j 1 "$corpus"); report "ast-grep, same 10 rules" "$t"; tg=$t
t=$(timed "$rampart" scan "$corpus" --analyzers sast --no-store -q -j1 --format json --scan-type deep); report "rampart, all built-in packs, deep" "$t"; td=$t
echo "all packs vs parse only: $(echo "$tp / $ta" | bc -l | cut -c1-5) of parsing speed"
echo "deep vs smart: $(echo "$td / $ta" | bc -l | cut -c1-5)x the time"
echo "subset: rampart is $(echo "$tg / $tr" | bc -l | cut -c1-5)x ast-grep"
echo "rules in the packs: $("$rampart" rules list | tail -1)"
