#!/usr/bin/env bash
# tests/bench/sca_match.sh [DATA] - vulnerability matching of a 5,000-component
# inventory against the full imported database, in milliseconds.
# DATA (default ../shared/data beside the repository, or $DATA) holds osv/ (OSV all.zip exports),
# kev/known_exploited_vulnerabilities.json and, if there is one, an EPSS
# epss_scores-*.csv[.gz] (otherwise tests/sca/feeds' small one is used).
#  1. rampart db import DATA/osv KEV EPSS into a fresh database (RUNS times,
#     each into a new file; median seconds).
#  2. a synthetic project of COMPONENTS (default 5000) dependencies whose names
#     are every PyPI and Go package named in the OSV data (so many match), at
#     a seeded mix of versions: ~50% a version the advisories list as affected
#     (or just under a fix), ~30% a fixed version, ~20% a later fixed one.
#     PyPI pins go to requirements.txt, Go modules to go.mod; a name appears
#     once per file, so the inventory spans several project directories.
#  3. rampart scan PROJECT --analyzers sca --db DB --stats (RUNS times; the
#     scan is recorded in DB, as every stored scan is): wall time, peak RSS,
#     the scan's own wall_seconds and the sca analyzer's CPU seconds (parsing
#     the manifests plus matching), findings (component x advisory matches)
#     and the distinct vulnerable components. Components are counted by
#     rampart sbom on the same project (it adds Go's stdlib from the go
#     directive).
#   RAMPART  binary (default: build/rampart)   RUNS  runs per timing (default 3)
# Not a test: numbers depend on the machine; run by hand and report them.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
rampart=${RAMPART:-$repo/build/rampart}
data=${1:-${DATA:-$here/../../../shared/data}}
runs=${RUNS:-3}
count=${COMPONENTS:-5000}
[ -d "$data/osv" ] || { echo "no OSV data at $data/osv" >&2; exit 2; }
kev=$data/kev/known_exploited_vulnerabilities.json
[ -f "$kev" ] || { echo "no KEV catalog at $kev" >&2; exit 2; }
epss=$(find "$data" -maxdepth 2 -name 'epss_scores-*.csv*' | sort | tail -1)
[ -n "$epss" ] || epss=$repo/tests/sca/feeds/epss_scores-2025-03-17.csv.gz
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time" >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "load average $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores; EPSS: $epss"

# 1. import
# timed FILE CMD... - run CMD under GNU time; append "wall_seconds maxrss_kb" to FILE
timed() {
	local f=$1 s e
	shift
	s=$(date +%s.%N)
	/usr/bin/time -f '%M' -o "$out/t" "$@" || true
	e=$(date +%s.%N)
	echo "$(echo "$e - $s" | bc) $(tail -1 "$out/t")" >>"$f"
}
for i in $(seq "$runs"); do
	timed "$out/import.times" "$rampart" db import --db "$out/db$i.sqlite" "$data/osv" "$kev" "$epss" >"$out/import.log"
done
db=$out/db1.sqlite
for i in $(seq 2 "$runs"); do rm -f "$out/db$i.sqlite"*; done

# 2. inventory
python3 - "$data/osv" "$out/project" "$count" <<'PY'
import json, os, random, sys, zipfile
osv, dest, total = sys.argv[1], sys.argv[2], int(sys.argv[3])

def records(eco):
    for root, _, files in os.walk(osv):
        for f in sorted(files):
            p = os.path.join(root, f)
            if f.endswith('.zip'):
                z = zipfile.ZipFile(p)
                for n in sorted(z.namelist()):
                    if n.endswith('.json'):
                        yield json.loads(z.read(n))
            elif f.endswith('.json'):
                yield json.load(open(p))

def below(v):
    # "1.2.3" -> "1.2.2" (just under a fix), or None
    core = v.split('-')[0].split('+')[0].split('.')
    if len(core) == 3 and all(c.isdigit() for c in core) and int(core[2]) > 0:
        return '%s.%s.%d' % (core[0], core[1], int(core[2]) - 1)
    return None

pkgs = {'PyPI': {}, 'Go': {}}
for rec in records(None):
    for a in rec.get('affected', []):
        p = a.get('package', {})
        eco, name = p.get('ecosystem'), p.get('name')
        if eco not in pkgs or not name or name in ('stdlib', 'toolchain'):
            continue
        e = pkgs[eco].setdefault(name, {'bad': set(), 'fixed': set()})
        e['bad'].update(a.get('versions', []))
        for r in a.get('ranges', []):
            if r.get('type') == 'GIT':
                continue
            for ev in r.get('events', []):
                if ev.get('introduced', '0') != '0':
                    e['bad'].add(ev['introduced'])
                if 'fixed' in ev:
                    e['fixed'].add(ev['fixed'])
                    if eco == 'Go' and below(ev['fixed']):
                        e['bad'].add(below(ev['fixed']))

def key(v):
    return [int(x) if x.isdigit() else -1 for x in v.replace('-', '.').split('.')[:4]]

rng = random.Random(1)
used = set()
def pick(name, e):
    # a version of name not picked before, so every dependency is its own component
    x = rng.random()
    bad = sorted(v for v in e['bad'] if (name, v) not in used)
    fixed = sorted(v for v in e['fixed'] if (name, v) not in used)
    if x < 0.5 and bad:
        v = rng.choice(bad)
    elif x < 0.8 and fixed:
        v = rng.choice(fixed)
    elif fixed:
        v = max(fixed, key=key)
    elif bad:
        v = rng.choice(bad)
    else:
        v = next('%d.0.0' % n for n in range(1, 1000) if (name, '%d.0.0' % n) not in used)
    used.add((name, v))
    return v

py, go = sorted(pkgs['PyPI']), sorted(pkgs['Go'])
made, rnd, n_py, n_go = 0, 0, 0, 0
while made < total:
    left = total - made
    k_py = min(len(py), round(left * len(py) / (len(py) + len(go))))
    k_go = min(len(go), left - k_py)
    d = os.path.join(dest, 'py%d' % rnd)
    os.makedirs(d)
    with open(os.path.join(d, 'requirements.txt'), 'w') as f:
        for name in py[:k_py]:
            f.write('%s==%s\n' % (name, pick(name, pkgs['PyPI'][name])))
    d = os.path.join(dest, 'go%d' % rnd)
    os.makedirs(d)
    with open(os.path.join(d, 'go.mod'), 'w') as f:
        f.write('module example.com/bench/go%d\n\ngo 1.22\n\nrequire (\n' % rnd)
        for name in go[:k_go]:
            f.write('\t%s v%s\n' % (name, pick(name, pkgs['Go'][name]).lstrip('v')))
        f.write(')\n')
    made += k_py + k_go
    n_py += k_py
    n_go += k_go
    rnd += 1
print('inventory: %d declared dependencies (%d PyPI pins, %d Go requires) in %d requirements.txt + %d go.mod;'
      ' %d PyPI and %d Go names from OSV' % (made, n_py, n_go, rnd, rnd, len(py), len(go)))
PY
"$rampart" sbom "$out/project" -o "$out/sbom.json" 2>/dev/null

# 3. scan
for i in $(seq "$runs"); do
	timed "$out/scan.times" "$rampart" scan "$out/project" --analyzers sca --db "$db" \
		--stats -q --format json -o "$out/scan$i.json" 2>"$out/scan.log"
done

python3 - "$out" "$runs" "$(tail -1 "$out/import.log")" <<'PY'
import json, os, statistics, sys
out, runs, imp = sys.argv[1], int(sys.argv[2]), sys.argv[3]
med = statistics.median
it = [l.split() for l in open(os.path.join(out, 'import.times'))]
st = [l.split() for l in open(os.path.join(out, 'scan.times'))]
scans = [json.load(open(os.path.join(out, 'scan%d.json' % i))) for i in range(1, runs + 1)]
sbom = json.load(open(os.path.join(out, 'sbom.json')))
s = scans[-1]
sca = [f for f in s['findings'] if f['rule_id'].startswith('sca/')]
vuln = {(f['file_path'], f['snippet'], f['title'].split(':')[0]) for f in sca}
purls = {c.get('purl') for c in sbom.get('components', [])}
cpu = [next(a['cpu_seconds'] for a in x['stats']['analyzers'] if a['name'] == 'sca') for x in scans]
print('%s' % imp)
print()
print('%-34s %10s %9s' % ('step (median of %d)' % runs, 'ms', 'peak MB'))
print('%-34s %10.0f %9.1f' % ('db import (OSV + KEV + EPSS)', 1000 * med(float(r[0]) for r in it), med(int(r[1]) for r in it) / 1024))
print('%-34s %10.0f %9.1f' % ('scan --analyzers sca, wall', 1000 * med(float(r[0]) for r in st), med(int(r[1]) for r in st) / 1024))
print('%-34s %10.0f' % ('  scan stats wall_seconds', 1000 * med(x['stats']['wall_seconds'] for x in scans)))
print('%-34s %10.0f' % ('  sca analyzer cpu (parse + match)', 1000 * med(cpu)))
print('%-34s %10.0f' % ('  outside it (open db, store, exit)', 1000 * med(float(r[0]) - x['stats']['wall_seconds'] for r, x in zip(st, scans))))
print()
print('components: %d in the SBOM (%d unique purls); matches: %d findings on %d vulnerable components; %d files scanned'
      % (len(sbom.get('components', [])), len(purls), len(sca), len(vuln), s['stats']['files_scanned']))
print('scan warnings: %d (versions in the OSV data that are not PEP 440)' % open(os.path.join(out, 'scan.log')).read().count('warning'))
print('findings by severity: %s' % {k: v for k, v in s['summary'].items() if k != 'new_in_pr'})
PY
