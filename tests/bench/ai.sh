#!/usr/bin/env bash
# tests/bench/ai.sh - what the ai analyzer adds to a full scan (target: at most 10%), on the SAST
# benchmark's tree (Go, Python, C, JavaScript, ~140 MB; tests/bench/sast.sh builds it) with the
# labelled AI applications of tests/ai/apps copied into it 20 times, so the analyzer has real work.
# Every default analyzer, with and without ai, alternating, three runs each: best wall time and
# peak memory, and the difference. Run on an idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$here/work
rampart=${RAMPART:-$repo/build/rampart}
base=$work/sast-corpus
corpus=$work/ai-corpus

[ -d "$base" ] || { echo "run tests/bench/sast.sh once first: it assembles $base" >&2; exit 2; }
if [ ! -f "$corpus/.done" ]; then
	rm -rf "$corpus"
	mkdir -p "$corpus"
	cp -a "$base/." "$corpus/"
	for i in $(seq 1 20); do
		mkdir -p "$corpus/ai-apps-$i"
		cp -a "$repo/tests/ai/apps/." "$corpus/ai-apps-$i/"
	done
	touch "$corpus/.done"
fi
size=$(du -sm "$corpus" | cut -f1)
without=hygiene,secrets,sast,quality,sca
with=$without,ai

run() { # ANALYZERS -> "seconds peak_kb"
	/usr/bin/time -f "%e %M" "$rampart" scan "$corpus" --no-store -q -a "$1" -o /dev/null 2>&1 >/dev/null | tail -1
}

best_w=999999 best_a=999999 rss_w=0 rss_a=0
for i in 1 2 3; do
	read -r t m < <(run "$without")
	awk -v a="$t" -v b="$best_w" 'BEGIN { exit !(a < b) }' && best_w=$t rss_w=$m
	read -r t m < <(run "$with")
	awk -v a="$t" -v b="$best_a" 'BEGIN { exit !(a < b) }' && best_a=$t rss_a=$m
done
# the analyzer's own CPU time, from a run with --stats: the direct measure, free of the machine's noise
read -r assets ai_cpu all_cpu < <("$rampart" scan "$corpus" --no-store -q -a "$with" --stats -f json 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
a = d["stats"]["analyzers"]
print(len(d["ai"]["assets"]), sum(x["cpu_seconds"] for x in a if x["name"] == "ai"), sum(x["cpu_seconds"] for x in a))')
echo "tree: ${size} MB ($(find "$corpus" -type f | wc -l) files), $(nproc) cores"
printf "%-28s %8s s  %8s MB peak\n" "without ai" "$best_w" "$((rss_w / 1024))"
printf "%-28s %8s s  %8s MB peak\n" "with ai ($assets assets)" "$best_a" "$((rss_a / 1024))"
awk -v a="$best_a" -v b="$best_w" 'BEGIN { printf "wall time with ai: %+.1f%% (target: at most +10%%)\n", (a - b) * 100 / b }'
awk -v a="$ai_cpu" -v t="$all_cpu" 'BEGIN { printf "the ai analyzer'"'"'s own CPU: %.2f s of the analyzers'"'"' %.2f s (%.1f%%)\n", a, t, a * 100 / t }'
