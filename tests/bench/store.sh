#!/usr/bin/env bash
# store.sh [BUILD_DIR] - recording scans of 1,000 and 50,000 findings and
# reading them back, on SQLite (a file) and on PostgreSQL (a throwaway
# cluster from tests/db/pg.sh), in the same run. Run on an idle machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=${1:-$here/../../build}
work=$here/work/store
bench=$build/tests/bench_store_record
[ -x "$bench" ] || { echo "store.sh: build $bench first (cmake --build $build --target bench_store_record)" >&2; exit 2; }
rm -rf "$work" && mkdir -p "$work"
trap '"$here/../db/pg.sh" stop "$work/pg" >/dev/null 2>&1 || true' EXIT
url=$("$here/../db/pg.sh" start "$work/pg")
for n in 1000 50000; do
	tree=$work/tree-$n
	mkdir -p "$tree"
	# 100 findings per file: a bidirectional-control character on each line (hygiene)
	python3 - "$tree" "$n" <<'PY'
import sys
tree, n = sys.argv[1], int(sys.argv[2])
line = "x = 1  # \u202e y\n"
for f in range(n // 100):
    with open("%s/f%04d.py" % (tree, f), "w") as out:
        out.write(line * 100)
PY
	echo "== $n findings"
	psql -q "$url" -c "DROP DATABASE IF EXISTS bench_$n" -c "CREATE DATABASE bench_$n" > /dev/null
	"$bench" "$tree" "$work/sqlite-$n.db" "$(sed "s|:///[^?]*|:///bench_$n|" <<< "$url")"
done
