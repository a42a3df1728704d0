#!/usr/bin/env bash
# tests/docs/plant_missing_action.sh RAMPART_BINARY SOURCE_DIR - the drift check
# refuses a completion that lost one of a command's actions: a copy of the
# man pages and completions with "rebuild" taken out of baseline's bash
# completion must fail check_docs.sh, naming it.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/plant_action.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cp -r "$2/man" "$2/completions" "$tmp/" || exit 2
sed -i "s/_rampart_words 'show rebuild'/_rampart_words 'show'/" "$tmp/completions/rampart.bash"
grep -q "_rampart_words 'show'" "$tmp/completions/rampart.bash" || { echo "plant: pattern not found"; exit 2; }
if bash "$(dirname "$0")/check_docs.sh" "$1" "$tmp" >"$tmp/out"; then
	echo "check_docs.sh passed a completion without 'baseline rebuild'"
	exit 1
fi
grep "FAIL baseline: the action 'rebuild' is missing" "$tmp/out"
