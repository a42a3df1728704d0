#!/usr/bin/env bash
# exports.sh LIBSCAN_SO - libscan.so exports its public API only: every
# defined dynamic symbol is scan_<name> (include/scan/), none internal
# (scan_<dir>__...) or from the code linked into it (tree-sitter, its grammars).
set -u
lib=$1
syms=$(nm -D --defined-only "$lib" | awk '{print $3}') || { echo "exports: cannot read $lib"; exit 1; }
bad=$(grep -v '^scan_[a-z]' <<< "$syms" | head -20)
[ -n "$syms" ] || { echo "exports: $lib exports nothing"; echo "0 passed, 1 failed"; exit 1; }
if [ -n "$bad" ]; then
	echo "exports: not part of the public API:"
	sed 's/^/  /' <<< "$bad"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
