#!/usr/bin/env bash
# tests/bench/sca_incremental.sh [DATA] - a full SCA scan of a monorepo with
# LOCKFILES (default 50) lockfiles and manifests, the database already loaded:
#   rampart scan TREE --analyzers sca --db DB --stats
# The target is under one second once the database holds the vulnerability
# data. The tree is built from the project directories of the real fixtures
# in tests/sca/ (npm/yarn/pnpm, Python, Cargo, Go, Maven, Gradle, RubyGems,
# Composer, NuGet), taken round-robin across ecosystems, each copy under its
# own directory, until it holds LOCKFILES of them. The database is a fresh
# import of DATA/osv, DATA's KEV catalog and an EPSS file (as in
# sca_match.sh; DATA defaults to ../shared/data beside the repository, or $DATA). The first scan
# (first of this tree in the database) is reported on its own; then the
# median of RUNS more (warm page cache, earlier scans of the tree stored).
#   RAMPART  binary (default: build/rampart)   RUNS  warm runs (default 3)
# Not a test: numbers depend on the machine; run by hand and report them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rampart=${RAMPART:-$repo/build/rampart}
data=${1:-${DATA:-$here/../../../shared/data}}
runs=${RUNS:-3}
want=${LOCKFILES:-50}
kev=$data/kev/known_exploited_vulnerabilities.json
[ -d "$data/osv" ] && [ -f "$kev" ] || { echo "no OSV data or KEV catalog under $data" >&2; exit 2; }
epss=$(find "$data" -maxdepth 2 -name 'epss_scores-*.csv*' | sort | tail -1)
[ -n "$epss" ] || epss=$repo/tests/sca/feeds/epss_scores-2025-03-17.csv.gz
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
db=$out/db.sqlite
"$rampart" db import --db "$db" "$data/osv" "$kev" "$epss" >/dev/null

python3 - "$repo/tests/sca" "$out/monorepo" "$want" <<'PY'
import fnmatch, os, shutil, sys
src, dest, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
LOCK = ['package-lock.json', 'yarn.lock', 'pnpm-lock.yaml', 'poetry.lock', 'Pipfile.lock', 'uv.lock',
        'requirements*.txt', 'Cargo.lock', 'go.mod', 'pom.xml', '*.lockfile', 'Gemfile.lock', 'gems.locked',
        'composer.lock', 'packages.lock.json', '*.csproj']
def locks(d):
    return sum(1 for _, _, fs in os.walk(d) for f in fs if any(fnmatch.fnmatch(f, p) for p in LOCK))
ecos = ['npm', 'python', 'cargo', 'go', 'maven', 'gradle', 'ruby', 'composer', 'nuget']
# a project: a directory under an ecosystem that holds a lockfile (gradle's is the ecosystem itself)
projects = {e: [os.path.join(src, e)] if e == 'gradle' else
            sorted(os.path.join(src, e, p) for p in os.listdir(os.path.join(src, e))
                   if os.path.isdir(os.path.join(src, e, p)) and locks(os.path.join(src, e, p)))
            for e in ecos}
n, i, made = 0, 0, 0
while n < want:
    for e in ecos:
        p = projects[e][i % len(projects[e])]
        k = locks(p)
        if n + k > want and n > 0 and k > 1:
            continue
        shutil.copytree(p, os.path.join(dest, 'svc%02d-%s-%s' % (made, e, os.path.basename(p))))
        n, made = n + k, made + 1
        if n >= want:
            break
    i += 1
    if i > 100:
        break
print('monorepo: %d projects, %d lockfiles and manifests' % (made, n))
PY
files=$(find "$out/monorepo" -type f | wc -l)
find "$out/monorepo" -type f -print0 | xargs -0 cat >/dev/null
echo "$files files; load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"

scan() {
	local s e
	s=$(date +%s.%N)
	/usr/bin/time -f '%M' -o "$out/t" "$rampart" scan "$out/monorepo" --analyzers sca --db "$db" \
		--stats -q --format json -o "$out/scan$1.json" 2>"$out/scan.log" || true
	e=$(date +%s.%N)
	echo "$(echo "$e - $s" | bc) $(tail -1 "$out/t")" >>"$out/times"
}
for i in $(seq 0 "$runs"); do scan "$i"; done
"$rampart" sbom "$out/monorepo" -o "$out/sbom.json" 2>/dev/null

python3 - "$out" "$runs" <<'PY'
import json, os, statistics, sys
out, runs = sys.argv[1], int(sys.argv[2])
t = [l.split() for l in open(os.path.join(out, 'times'))]
s = [json.load(open(os.path.join(out, 'scan%d.json' % i))) for i in range(runs + 1)]
sbom = json.load(open(os.path.join(out, 'sbom.json')))
files = {p['value'] for c in sbom.get('components', []) for p in c.get('properties', []) if p['name'] == 'rampart:file'}
def cpu(x):
    return next(a['cpu_seconds'] for a in x['stats']['analyzers'] if a['name'] == 'sca')
print()
print('%-24s %9s %9s %11s %9s' % ('scan --analyzers sca', 'wall ms', 'peak MB', 'scan wall', 'sca cpu'))
print('%-24s %9.0f %9.1f %9.0fms %7.0fms' % ('first', 1000 * float(t[0][0]), int(t[0][1]) / 1024,
                                              1000 * s[0]['stats']['wall_seconds'], 1000 * cpu(s[0])))
med = statistics.median
print('%-24s %9.0f %9.1f %9.0fms %7.0fms' % ('warm, median of %d' % runs, 1000 * med(float(r[0]) for r in t[1:]),
                                              med(int(r[1]) for r in t[1:]) / 1024,
                                              1000 * med(x['stats']['wall_seconds'] for x in s[1:]),
                                              1000 * med(cpu(x) for x in s[1:])))
print()
print('%d components from %d files (per rampart sbom); %d sca findings; target: under 1000 ms'
      % (len(sbom.get('components', [])), len(files), s[-1]['summary']['total']))
PY
