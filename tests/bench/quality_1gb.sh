#!/usr/bin/env bash
# tests/bench/quality_1gb.sh - what the quality analyzer (metrics, duplication,
# dead code) adds to a SAST scan of a tree of at least 1 GB of source.
# The tree is assembled under tests/bench/work/quality-1gb from sources
# Debian packages put on the machine (Go and OpenJDK sources, Python
# libraries and Google Cloud SDK, system C headers), all copied so the walker
# sees one real tree; the Linux kernel's C sources fill it up to 1.1 GB. Two runs, all cores, same tree:
#   1. rampart scan --analyzers sast
#   2. rampart scan --analyzers sast,quality
# and prints seconds, peak memory and the added cost. Run on an idle machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tree=$here/work/quality-1gb
rampart=${RAMPART:-$repo/build/rampart}
sudo=; [ "$(id -u)" -ne 0 ] && sudo=sudo

[ -d /usr/share/go-1.19/src ] || $sudo apt-get install -y -q golang-1.19-src >/dev/null
[ -f /usr/lib/jvm/openjdk-17/lib/src.zip ] || $sudo apt-get install -y -q openjdk-17-source >/dev/null
[ -f /usr/src/linux-source-6.1.tar.xz ] || $sudo apt-get install -y -q linux-source-6.1 >/dev/null
if [ ! -f "$tree/.done" ]; then
	rm -rf "$tree"
	mkdir -p "$tree"
	python3 - "$tree" <<'PY'
import os, shutil, sys, zipfile
out = sys.argv[1]
exts = {'.go', '.py', '.h', '.c', '.java', '.js', '.ts', '.cs'}
total = 0
def take(src, name):
    global total
    for dirpath, dirs, files in os.walk(src):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(dirpath, f)
            if os.path.splitext(f)[1] not in exts or os.path.islink(p) or os.path.getsize(p) > (1 << 20):
                continue
            dst = os.path.join(out, name, os.path.relpath(p, src))
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            shutil.copyfile(p, dst)
            total += os.path.getsize(p)
for src, name in [('/usr/share/go-1.19/src', 'go'), ('/usr/lib/google-cloud-sdk', 'gcloud'),
                  ('/usr/lib/python3', 'python3'), ('/usr/lib/python3.11', 'python3.11'),
                  ('/usr/include', 'include')]:
    take(src, name)
with zipfile.ZipFile('/usr/lib/jvm/openjdk-17/lib/src.zip') as z:
    for info in z.infolist():
        if info.filename.endswith('.java') and info.file_size <= (1 << 20) and '..' not in info.filename:
            z.extract(info, os.path.join(out, 'jdk'))
            total += info.file_size
import tarfile
with tarfile.open('/usr/src/linux-source-6.1.tar.xz') as t:
    for m in t:
        if total >= 1.1e9:
            break
        if m.isfile() and m.name.endswith(('.c', '.h')) and m.size <= (1 << 20) and '..' not in m.name:
            f = t.extractfile(m)
            dst = os.path.join(out, 'linux', m.name)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with open(dst, 'wb') as o:
                shutil.copyfileobj(f, o)
            total += m.size
print('tree: %.0f MB of source' % (total / 1e6))
PY
	touch "$tree/.done"
fi
mb=$(find "$tree" -type f -printf '%s\n' | awk '{s+=$1} END {printf "%.0f", s/1e6}')
echo "tree: $mb MB, $(find "$tree" -type f | wc -l) files, $(nproc) cores"
cat $(find "$tree" -type f | head -200000) > /dev/null 2>&1 || true

run() { # label analyzers
	local out
	out=$( { /usr/bin/time -f '%e %M' "$rampart" scan "$tree" --analyzers "$2" --no-store -q --format json > /dev/null; } 2>&1 | tail -1)
	printf '%-28s %8.1f s  %6.0f MB peak\n' "$1" "${out% *}" "$(echo "${out#* } / 1024" | bc -l)" >&2
	echo "${out% *}"
}
a=$(run "sast only" sast)
b=$(run "sast + quality" sast,quality)
echo "quality adds $(echo "($b - $a) / $a * 100" | bc -l | cut -c1-5)% to the scan"
