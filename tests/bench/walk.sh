#!/usr/bin/env bash
# walk.sh [SIZE_MB] - walker benchmark: walk + read a tree from page cache,
# rampart next to find and cat of the same tree in the same run.
#   RAMPART   binary (default: build/rampart)   BENCH_DIR  where the tree goes
# Not a test: numbers depend on the machine; run by hand and report them.
set -euo pipefail
cd "$(dirname "$0")/../.."
size_mb=${1:-1100}
rampart=${RAMPART:-build/rampart}
dir=${BENCH_DIR:-tests/bench/work/tree-$size_mb}
runs=${RUNS:-3}

if [ ! -f "$dir/.complete" ]; then
	echo "generating a ${size_mb} MB tree in $dir" >&2
	rm -rf "$dir"
	python3 tests/bench/gen_tree.py "$dir" "$size_mb"
	touch "$dir/.complete"
fi
bytes=$(find "$dir" -type f ! -name .complete -printf '%s\n' | awk '{s+=$1} END {print s}')
files=$(find "$dir" -type f ! -name .complete | wc -l)
mb=$(awk -v b="$bytes" 'BEGIN {printf "%.1f", b/1e6}')

# Warm the page cache twice so every run reads from memory.
for _ in 1 2; do find "$dir" -type f -print0 | xargs -0 cat >/dev/null; done

best() { # best of $runs wall-clock seconds for a command
	local b=999999 s e t
	for _ in $(seq "$runs"); do
		s=$(date +%s.%N)
		"$@" >/dev/null 2>&1
		e=$(date +%s.%N)
		t=$(awk -v s="$s" -v e="$e" 'BEGIN {printf "%.4f", e-s}')
		b=$(awk -v a="$b" -v t="$t" 'BEGIN {print (t<a)?t:a}')
	done
	echo "$b"
}
row() { # name cores seconds
	awk -v n="$1" -v c="$2" -v t="$3" -v mb="$mb" \
		'BEGIN {printf "%-44s %5s %9.3f %10.1f %12.1f\n", n, c, t, mb/t, mb/t/c}'
}

echo "tree: $files files, $mb MB ($(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'))"
printf '%-44s %5s %9s %10s %12s\n' command cores seconds MB/s MB/s/core
row "find -type f (list only)" 1 "$(best find "$dir" -type f)"
row "find | xargs cat (list + read)" 1 "$(best sh -c "find '$dir' -type f -print0 | xargs -0 cat")"
row "rampart --analyzers none -j1 (walk + read)" 1 \
	"$(best "$rampart" scan "$dir" --no-store -q --analyzers none -j 1)"
row "rampart --analyzers none -j2" 2 "$(best "$rampart" scan "$dir" --no-store -q --analyzers none -j 2)"
row "rampart (all default analyzers) -j1" 1 "$(best "$rampart" scan "$dir" --no-store -q -j 1)"
row "rampart (all default analyzers) -j2" 2 "$(best "$rampart" scan "$dir" --no-store -q -j 2)"
