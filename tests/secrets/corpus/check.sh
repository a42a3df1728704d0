#!/usr/bin/env bash
# check.sh RAMPART SOURCE_DIR - the accuracy floor on the labelled corpus, as a
# test: precision and recall at least 0.95 with --min-confidence 60, and
# precision at least 0.99 at the default threshold of 80. Not a timing test.
set -euo pipefail
rampart=$1
src=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/rampart-corpus-XXXXXX")
trap 'rm -rf "$work"' EXIT
python3 "$src/tests/secrets/corpus/gen_corpus.py" "$work" >/dev/null
"$rampart" scan "$work/tree" --no-store -q --analyzers secrets --min-confidence 0 --format json -o "$work/out.json"
fail=0
for spec in "60 0.95 0.95" "80 0.99 0.0"; do
	set -- $spec
	python3 "$src/tests/secrets/corpus/score.py" "$work/manifest.jsonl" "$work/out.json" --min-confidence "$1" \
		--json >"$work/score.json"
	read -r p r <<<"$(python3 -c "import json; d=json.load(open('$work/score.json')); print(d['precision'], d['recall'])")"
	echo "min-confidence $1: precision $p recall $r (floor $2 / $3)"
	awk -v p="$p" -v r="$r" -v fp="$2" -v fr="$3" 'BEGIN {exit !(p >= fp && r >= fr)}' || fail=1
done
if [ "$fail" = 0 ]; then echo "1 passed, 0 failed"; else echo "0 passed, 1 failed"; exit 1; fi
