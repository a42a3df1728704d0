#!/usr/bin/env bash
# run_case.sh CASE_DIR RAMPART - one CLI case in a fresh sandbox.
#
# CASE_DIR/cmd      bash script run inside the sandbox; $RAMPART is the binary,
#                   $CASE the case directory; HOME and RAMPART_DB point into the sandbox
# CASE_DIR/exit     the exit code cmd must end with
# CASE_DIR/stdout   optional: each line an extended regex some stdout line must match
# CASE_DIR/stderr   optional: the same for stderr
# CASE_DIR/files/   optional: copied into the sandbox first
# With RAMPART_TEST_DATABASE_URL, RAMPART_DB is a new PostgreSQL database instead of a file.
set -u
case_dir=$1
export RAMPART=$2
export CASE=$case_dir
sandbox=$(mktemp -d "${TMPDIR:-/tmp}/rampart-cli-XXXXXX")
trap 'chmod -R u+rwx "$sandbox" 2>/dev/null; rm -rf "$sandbox"' EXIT
[ -d "$case_dir/files" ] && cp -a "$case_dir/files/." "$sandbox/"
export HOME=$sandbox RAMPART_DB=$sandbox/rampart.db NO_COLOR=1 LC_ALL=C
# On PostgreSQL (tests/db/pg.sh): a fresh database of the case's own on that server.
if [ -n "${RAMPART_TEST_DATABASE_URL:-}" ]; then
	name="cli_$$_$(date +%s%N)"
	psql -q "$RAMPART_TEST_DATABASE_URL" -c "CREATE DATABASE $name" > /dev/null || exit 2
	RAMPART_DB=$(sed "s|:///[^?]*|:///$name|" <<< "$RAMPART_TEST_DATABASE_URL")
	unset RAMPART_TEST_DATABASE_URL
fi
unset XDG_DATA_HOME GITHUB_HEAD_REF GITHUB_REF GITHUB_REF_NAME CI_MERGE_REQUEST_IID CI_COMMIT_REF_NAME
cd "$sandbox" || exit 2

bash "$case_dir/cmd" >"$sandbox/.out" 2>"$sandbox/.err"
got=$?
want=$(cat "$case_dir/exit")
failed=0
if [ "$got" != "$want" ]; then
	echo "exit code $got, expected $want"
	failed=1
fi
for stream in stdout stderr; do
	[ -f "$case_dir/$stream" ] || continue
	file=$sandbox/.out
	[ "$stream" = stderr ] && file=$sandbox/.err
	while IFS= read -r pattern; do
		[ -z "$pattern" ] && continue
		if ! grep -Eq -- "$pattern" "$file"; then
			echo "$stream does not match: $pattern"
			failed=1
		fi
	done <"$case_dir/$stream"
done
if [ "$failed" = 1 ]; then
	echo "--- stdout"; head -c 4000 "$sandbox/.out"
	echo "--- stderr"; head -c 4000 "$sandbox/.err"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
