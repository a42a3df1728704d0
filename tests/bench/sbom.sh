#!/usr/bin/env bash
# tests/bench/sbom.sh - SBOM generation side by side with @cyclonedx/cdxgen
# (npm), both writing CycloneDX 1.6 JSON from the same monorepo-like tree:
# COPIES copies (default 2, ~60 project directories each) of the real
# lockfile fixtures in tests/sca/ (npm/yarn/pnpm, Python, Cargo, Go, Maven,
# Gradle, RubyGems, Composer, NuGet; not the OS package databases, SBOM or
# VEX documents), each
# copy under its own subdirectory of a temporary tree.
#   rampart sbom TREE -o rampart.json
#   cdxgen -r --no-install-deps --no-babel --spec-version 1.6 -o cdxgen.json TREE
# cdxgen runs offline: FETCH_LICENSE=false, CDXGEN_FETCH_PKG_METADATA=false,
# SEARCH_MAVEN_ORG=false, GO_FETCH_VCS=false, CDXGEN_ALLOWED_HOSTS set to a
# host that does not exist (blocks every HTTP request it makes itself) and
# MVN_ARGS=-o (it shells out to mvn when mvn is on PATH; offline, that fails
# and it falls back to reading pom.xml). Its JSON schema validation stays on
# (its default).
# Prints wall seconds and peak RSS (GNU time, median of RUNS), then per
# ecosystem the components each tool found (unique purls, qualifiers and
# subpath dropped, percent-decoded) and how many are the same purl (name and
# version) or the same package (name only). cdxgen's per-ecosystem numbers
# come from one run per project type (-t js, -t python, ...), so that one
# extractor that crashes or needs a missing toolchain does not hide the
# others; those rows say which ecosystems it could not read offline.
#   RAMPART  binary (default: build/rampart)   RUNS  runs per timing (default 3)
#   COPIES   copies of the fixtures (default 2) CDX_RUNS  whole-tree cdxgen runs (default RUNS)
#   BENCH_CACHE  where cdxgen is installed (default ~/.cache/rampart-bench)
# Not a test: numbers depend on the machine; run by hand and report them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rampart=${RAMPART:-$repo/build/rampart}
rampart=$(cd "$(dirname "$rampart")" && pwd)/$(basename "$rampart")
runs=${RUNS:-3}
cdx_runs=${CDX_RUNS:-$runs}
copies=${COPIES:-2}
cache=${BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rampart-bench}
cdx_version=${CDXGEN_VERSION:-12.8.4}
cdxgen=$cache/cdxgen/node_modules/.bin/cdxgen

if [ ! -x "$cdxgen" ]; then
	echo "installing @cyclonedx/cdxgen@$cdx_version into $cache/cdxgen" >&2
	mkdir -p "$cache/cdxgen"
	(cd "$cache/cdxgen" && npm install --no-audit --no-fund --ignore-scripts --legacy-peer-deps \
		"@cyclonedx/cdxgen@$cdx_version" >&2)
fi
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
tree=$out/monorepo
for i in $(seq "$copies"); do
	mkdir -p "$tree/team$i"
	for eco in npm python cargo go maven gradle ruby composer nuget; do
		cp -r "$repo/tests/sca/$eco" "$tree/team$i/"
	done
done
files=$(find "$tree" -type f | wc -l)
dirs=$(find "$tree" -type f -printf '%h\n' | sort -u | wc -l)

# Offline cdxgen: no registry lookups, no installs, no network at all.
export FETCH_LICENSE=false CDXGEN_FETCH_PKG_METADATA=false SEARCH_MAVEN_ORG=false GO_FETCH_VCS=false
export CDXGEN_ALLOWED_HOSTS=offline.invalid MVN_ARGS=-o
unset CDXGEN_DEBUG_MODE
# cdxgen leaves its mvn temporary directories behind: keep them in $out
mkdir "$out/tmp"
export TMPDIR=$out/tmp CDXGEN_TEMP_DIR=$out/tmp
cdx_args=(--no-install-deps --no-babel --spec-version 1.6)

# timed FILE CMD... - run CMD under GNU time, append "seconds maxrss_kb exit" to FILE
timed() {
	local f=$1 rc=0
	shift
	/usr/bin/time -f '%e %M' -o "$out/t" "$@" >"$out/log" 2>&1 || rc=$?
	echo "$(tail -1 "$out/t") $rc" >>"$f"
}

echo "tree: $copies cop$([ "$copies" = 1 ] && echo y || echo ies) of tests/sca, $files files in $dirs directories" \
	"(load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores)"
for _ in $(seq "$runs"); do
	timed "$out/rampart.times" "$rampart" sbom "$tree" -o "$out/rampart.json"
done
for _ in $(seq "$cdx_runs"); do
	rm -f "$out/cdxgen.json"
	timed "$out/cdxgen.times" "$cdxgen" -r "${cdx_args[@]}" -o "$out/cdxgen.json" "$tree"
done
cp "$out/log" "$out/cdxgen.log"
for t in js python java gradle go rust ruby php dotnet; do
	timed "$out/cdxgen-$t.times" "$cdxgen" -t "$t" -r "${cdx_args[@]}" -o "$out/cdxgen-$t.json" "$tree"
done
cdx_ver=$("$cdxgen" --version 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g; s/CycloneDX Generator/cdxgen/')

python3 - "$out" "$cdx_ver" <<'PY'
import collections, json, os, statistics, sys, urllib.parse
out, cdx_ver = sys.argv[1:3]

def times(name):
    rows = [l.split() for l in open(os.path.join(out, name + '.times'))]
    secs = statistics.median(float(r[0]) for r in rows)
    rss = statistics.median(int(r[1]) for r in rows) / 1024
    return secs, rss, [int(r[2]) for r in rows]

def load(name):
    try:
        return json.load(open(os.path.join(out, name + '.json')))
    except (OSError, ValueError):
        return None

def norm(purl):
    return urllib.parse.unquote(purl.split('#')[0].split('?')[0])

def name_of(purl):
    return purl.rsplit('@', 1)[0] if '@' in purl.split('/', 1)[-1] else purl

# rows: (row, cdxgen project type, rampart ecosystem)
ROWS = [('npm/yarn/pnpm', 'js', 'npm'), ('python', 'python', 'PyPI'), ('maven', 'java', 'Maven'),
        ('gradle', 'gradle', 'Maven'), ('go', 'go', 'Go'), ('cargo', 'rust', 'crates.io'),
        ('ruby', 'ruby', 'RubyGems'), ('composer', 'php', 'Packagist'), ('nuget', 'dotnet', 'NuGet')]

r = load('rampart')
rows = collections.defaultdict(set)
for c in (r or {}).get('components', []):
    if not c.get('purl'):
        continue
    props = c.get('properties', [])
    eco = next((p['value'] for p in props if p['name'] == 'rampart:ecosystem'), '')
    files = [p['value'] for p in props if p['name'] == 'rampart:file']
    for row, _, reco in ROWS:
        if reco != eco:
            continue
        if row == 'maven' and not any(f.endswith('pom.xml') for f in files):
            continue
        if row == 'gradle' and all(f.endswith('pom.xml') for f in files):
            continue
        rows[row].add(norm(c['purl']))

rs, rr, rrc = times('rampart')
cs, cr, crc = times('cdxgen')
whole = load('cdxgen')
print()
print('%-26s %9s %10s %11s  %s' % ('tool', 'wall s', 'peak MB', 'components', 'status'))
print('%-26s %9.2f %10.1f %11d  %s' % ('rampart sbom', rs, rr, len((r or {}).get('components', [])),
                                       'ok' if not any(rrc) else 'exit %s' % rrc))
print('%-26s %9.2f %10.1f %11s  %s' % (cdx_ver[:26] + ' -r', cs, cr,
                                       len(whole.get('components', [])) if whole else '-',
                                       'ok' if not any(crc) and whole else 'FAILED (exit %s), no SBOM' % crc[-1]))
tot_s, max_r = 0.0, 0.0
for _, t, _ in ROWS:
    s, m, _ = times('cdxgen-' + t)
    tot_s, max_r = tot_s + s, max(max_r, m)
print('%-26s %9.2f %10.1f %11s  %s' % ('cdxgen, one run per type', tot_s, max_r, '', 'sum of the 9 runs below, max RSS'))
if rs > 0:
    print('rampart is %.0fx faster than cdxgen -r, %.0fx than the per-type runs' % (cs / rs, tot_s / rs))

print()
print('%-14s %8s %8s %7s %7s %8s  %s' % ('ecosystem', 'rampart', 'cdxgen', 'purl=', 'name=', 'cdx s', 'cdxgen notes'))
allr, allc = set(), set()
for row, t, _ in ROWS:
    s, _, rc = times('cdxgen-' + t)
    d = load('cdxgen-' + t)
    cset = {norm(c['purl']) for c in (d or {}).get('components', []) if c.get('purl')}
    rset = rows[row]
    allr |= rset
    allc |= cset
    note = ''
    if rc[-1] or d is None:
        note = 'FAILED (exit %d), no SBOM' % rc[-1]
    elif not cset:
        note = 'no components'
    same_name = len({name_of(p) for p in rset} & {name_of(p) for p in cset})
    print('%-14s %8d %8s %7d %7d %8.2f  %s' % (row, len(rset), len(cset) if d else '-',
                                            len(rset & cset), same_name, s, note))
print('%-14s %8d %8d %7d %7d' % ('all', len(allr), len(allc), len(allr & allc),
                                 len({name_of(p) for p in allr} & {name_of(p) for p in allc})))
print('(components = unique purls; purl= purls in both; name= package names in both, any version)')
PY
if [ -s "$out/cdxgen.log" ] && grep -q 'Error:' "$out/cdxgen.log"; then
	echo "cdxgen -r error: $(grep -m1 'Error:' "$out/cdxgen.log")"
fi
