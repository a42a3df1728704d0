#!/usr/bin/env bash
# secrets.sh [SIZE_MB] - secrets analyzer benchmark: rampart --analyzers secrets
# next to secretlint (preset-recommend) on the same tree in the same run.
#   RAMPART   binary (default: build/rampart)   BENCH_DIR  where the tree goes
#   RUNS      best of N for rampart (default 3)  SL_RUNS   best of N for secretlint (default 1)
#   SECRETS   secrets planted into the tree (default 200)
# The tree is tests/bench/gen_tree.py source (default 200 MB) with SECRETS
# synthetic secrets planted by tests/secrets/corpus/gen_corpus.py; their
# manifest goes next to the tree, so both tools' recall on them is reported.
# Not a test: numbers depend on the machine; run by hand and report them.
set -euo pipefail
cd "$(dirname "$0")/../.."
size_mb=${1:-200}
rampart=${RAMPART:-build/rampart}
work=tests/bench/work
dir=${BENCH_DIR:-$work/secrets-tree}
node=$PWD/$work/node
runs=${RUNS:-3}
sl_runs=${SL_RUNS:-1}
count=${SECRETS:-200}
manifest=$dir.manifest.jsonl
rampart_abs=$(cd "$(dirname "$rampart")" && pwd)/$(basename "$rampart")

want="$size_mb MB, $count secrets"
if [ ! -f "$dir/.complete" ] || [ "$(cat "$dir/.complete")" != "$want" ]; then
	echo "generating a ${size_mb} MB tree with $count planted secrets in $dir" >&2
	rm -rf "$dir"
	python3 tests/bench/gen_tree.py "$dir" "$size_mb"
	python3 tests/secrets/corpus/gen_corpus.py --plant-into "$dir" --count "$count" --manifest "$manifest" >&2
	echo '{"rules":[{"id":"@secretlint/secretlint-rule-preset-recommend"}]}' >"$dir/.secretlintrc.json"
	echo "$want" >"$dir/.complete"
fi
if [ ! -x "$node/node_modules/.bin/secretlint" ] ||
	[ ! -d "$node/node_modules/@secretlint/secretlint-rule-preset-recommend" ]; then
	echo "installing secretlint into $node" >&2
	mkdir -p "$node"
	npm install --prefix "$node" --no-audit --no-fund secretlint @secretlint/secretlint-rule-preset-recommend >&2
fi
sl_version=$(cd "$dir" && npx --no-install --prefix "$node" secretlint --version 2>/dev/null || echo "?")

bytes=$(find "$dir" -type f -printf '%s\n' | awk '{s+=$1} END {print s}')
files=$(find "$dir" -type f | wc -l)
mb=$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b/1e6}')

# Warm the page cache twice so every run reads from memory.
for _ in 1 2; do find "$dir" -type f -print0 | xargs -0 cat >/dev/null; done

# best N CMD... - best wall-clock seconds of N runs, or n/a when the command
# fails. Exit status 1 is accepted: secretlint exits 1 when it finds secrets.
best() {
	local n=$1 b=999999 s e t rc
	shift
	for _ in $(seq "$n"); do
		s=$(date +%s.%N)
		rc=0
		"$@" >/dev/null 2>&1 || rc=$?
		e=$(date +%s.%N)
		if [ "$rc" -gt 1 ] || { [ "$rc" -eq 1 ] && [ "$1" != sl ]; }; then
			echo n/a
			return
		fi
		t=$(awk -v s="$s" -v e="$e" 'BEGIN {printf "%.4f", e-s}')
		b=$(awk -v a="$b" -v t="$t" 'BEGIN {print (t<a)?t:a}')
	done
	echo "$b"
}
row() { # name cores seconds
	if [ "$3" = n/a ]; then
		printf '%-46s %5s %9s %10s %12s\n' "$1" "$2" n/a n/a n/a
	else
		awk -v n="$1" -v c="$2" -v t="$3" -v mb="$mb" \
			'BEGIN {printf "%-46s %5s %9.3f %10.1f %12.1f\n", n, c, t, mb/t, mb/t/c}'
	fi
}
rp() { "$rampart_abs" scan "$dir" --no-store -q --analyzers secrets "$@"; }
sl() { (cd "$dir" && npx --no-install --prefix "$node" secretlint "**/*" --format json --output "$sl_out"); }
sl_out=$PWD/$work/secrets-secretlint.json
rp_out=$PWD/$work/secrets-rampart.json
rm -f "$sl_out" "$rp_out"

echo "tree: $files files, $mb MB, $count planted secrets ($(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'))"
echo "secretlint $sl_version with @secretlint/secretlint-rule-preset-recommend"
printf '%-46s %5s %9s %10s %12s\n' command cores seconds MB/s MB/s/core
t1=$(best "$runs" rp -j 1)
row "rampart --analyzers secrets -j1" 1 "$t1"
t2=$(best "$runs" rp -j 2)
row "rampart --analyzers secrets -j2" 2 "$t2"
ts=$(best "$sl_runs" sl)
row "secretlint \"**/*\" (preset-recommend)" 1 "$ts"

# Findings: rampart at its default confidence (what a user sees), secretlint
# from the timed run's JSON; each scored against the planted secrets.
rp -j 2 --format json -o "$rp_out" >/dev/null 2>&1 || rm -f "$rp_out"
python3 - "$manifest" "$dir" "$rp_out" "$sl_out" <<'EOF'
import json, os, subprocess, sys
manifest, tree, rp, sl = sys.argv[1:5]
score = os.path.join("tests", "secrets", "corpus", "score.py")
def scored(name, path):
    if not os.path.exists(path):
        print(f"{name:12} findings n/a")
        return
    r = json.loads(subprocess.run([sys.executable, score, manifest, path, "--json"], check=True,
                                  capture_output=True, text=True).stdout)
    print(f"{name:12} findings {r['findings']:5}  planted found {r['tp']}/{r['planted_secrets']} (recall {r['recall']:.3f})"
          f"  findings elsewhere {r['fp_findings']}")
scored("rampart", rp)
if os.path.exists(sl):
    fs = [{"rule_id": "secretlint/" + m["ruleId"].split("secretlint-rule-")[-1],
           "file_path": os.path.relpath(x["filePath"], tree), "line_number": m["loc"]["start"]["line"],
           "confidence": 100, "category": "secret"} for x in json.load(open(sl)) for m in x["messages"]]
    conv = sl + ".findings.json"
    json.dump({"findings": fs}, open(conv, "w"))
    sl = conv
scored("secretlint", sl)
EOF
for t in "$t1" "$t2"; do
	if [ "$t" != n/a ] && [ "$ts" != n/a ]; then
		awk -v s="$ts" -v t="$t" -v j=$([ "$t" = "$t1" ] && echo 1 || echo 2) \
			'BEGIN {printf "secretlint / rampart -j%s wall time: %.1fx\n", j, s/t}'
	fi
done
