#!/usr/bin/env bash
# history.sh [SIZE_MB] - git history scan throughput: unique blob content per
# second for `rampart scan --history --analyzers secrets`. The repository is
# generated once (tests/bench/work/history-SIZE) with git fast-import.
set -euo pipefail
cd "$(dirname "$0")/../.."
size_mb=${1:-300}
rampart=${RAMPART:-build/rampart}
repo=${BENCH_DIR:-tests/bench/work/history-$size_mb}
if [ ! -f "$repo/.complete" ]; then
	echo "generating a repository with ${size_mb} MB of history in $repo" >&2
	rm -rf "$repo"
	python3 tests/bench/gen_history.py "$repo" "$size_mb"
	touch "$repo/.git/.complete" "$repo/.complete"
fi
# Warm the object store into page cache.
cat "$repo"/.git/objects/pack/* >/dev/null 2>&1 || true
echo "repository: $(git -C "$repo" rev-list --count --all) commits, $(du -sh "$repo/.git" | cut -f1) packed"
for jobs in 1 2; do
	"$rampart" scan "$repo" --no-store -q --analyzers secrets --history -j "$jobs" --stats 2>&1 >/dev/null |
		grep '^history:' | sed "s/^/-j$jobs /"
done
