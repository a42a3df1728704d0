#!/usr/bin/env bash
# run.sh BUILD_DIR SANITIZE - cmake --install into a temporary prefix gives a
# working rampart, its manual pages and completions, and a libscan that a
# program finds with pkg-config, includes and links; cpack -G DEB gives a
# package with all of them under /usr, its library dependencies declared,
# whose rampart runs once unpacked and loads the packaged libscan (the
# library ships once). Installing the package with apt in a clean chroot
# needs the network, so it is done by hand (docs/install.md, with the image and an ARM build).
set -eu
build=$1
sanitize=$2
prefix=$(mktemp -d "${TMPDIR:-/tmp}/rampart-install-XXXXXX")
trap 'rm -rf "$prefix"' EXIT
cmake --install "$build" --prefix "$prefix" > /dev/null
fail() { echo "install: $*"; echo "0 passed, 1 failed"; exit 1; }

"$prefix/bin/rampart" version | grep -q '^rampart ' || fail "the installed rampart does not run"
for page in rampart rampart-scan rampart-gate rampart-db; do
	MANWIDTH=80 man -M "$prefix/share/man" "$page" 2>/dev/null | grep -qi "${page}" || fail "man $page"
done
bash -c "source '$prefix/share/bash-completion/completions/rampart' && complete -p rampart" > /dev/null ||
	fail "the bash completion does not load"
[ -s "$prefix/share/zsh/site-functions/_rampart" ] || fail "no zsh completion"
[ -s "$prefix/share/fish/vendor_completions.d/rampart.fish" ] || fail "no fish completion"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:$prefix/lib64/pkgconfig:$prefix/lib/$(gcc -print-multiarch 2>/dev/null)/pkgconfig"
flags=$(pkg-config --cflags --libs libscan) || fail "pkg-config does not know libscan"
if [ "$sanitize" != ON ]; then
	cat > "$prefix/use.c" <<'C'
#include <stdio.h>
#include <scan/common.h>
int main(void) { printf("libscan %s\n", scan_version()); return 0; }
C
	# shellcheck disable=SC2086
	cc -std=c11 -o "$prefix/use" "$prefix/use.c" $flags || fail "a program cannot build against libscan"
	libdir=$(pkg-config --variable=libdir libscan)
	LD_LIBRARY_PATH=$libdir "$prefix/use" | grep -q '^libscan [0-9]' || fail "a program linked to libscan does not run"
fi
if [ "$sanitize" != ON ]; then
	(cd "$prefix" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$prefix/deb" > /dev/null) ||
		fail "cpack cannot build the Debian package"
	deb=$(ls "$prefix"/deb/rampart_*.deb)
	contents=$(dpkg-deb -c "$deb")
	for f in ./usr/bin/rampart ./usr/share/man/man1/rampart.1 ./usr/share/man/man1/rampart-scan.1 \
		./usr/share/bash-completion/completions/rampart ./usr/include/scan/scan.h ./usr/lib/libscan.so.0 \
		./usr/lib/pkgconfig/libscan.pc; do
		grep -q " $f\( \|$\)" <<< "$contents" || fail "the package lacks $f"
	done
	depends=$(dpkg-deb -f "$deb" Depends)
	# Hyperscan on amd64, vectorscan (its API) elsewhere.
	for d in libgit2 'lib\(hyperscan\|vectorscan\)' libsqlite3 libpcre2-8 libcjson libssl libcurl; do
		grep -q "$d" <<< "$depends" || fail "the package does not depend on $d: $depends"
	done
	dpkg-deb -x "$deb" "$prefix/root"
	readelf -d "$prefix/root/usr/bin/rampart" 2>/dev/null | grep -q 'NEEDED.*libscan[.]so[.]0' ||
		fail "the packaged rampart carries its own copy of libscan instead of loading the package's"
	# No LD_LIBRARY_PATH: the binary finds the library it ships with by its RPATH.
	"$prefix/root/usr/bin/rampart" version | grep -q '^rampart ' || fail "the packaged rampart does not run"
fi
echo "1 passed, 0 failed"
