#!/usr/bin/env bash
# banned.sh SOURCE_DIR - fail on unbounded or unchecked libc calls in our C code.
# The bounded buffer (scan_buf), snprintf and strtoll with checks replace them.
# The labelled SAST suites are vulnerable code on purpose.
# The library reads no environment variable (a program passes what it wants
# read: scan_getvar_fn, options), so getenv is banned in lib/ and include/.
set -u
cd "$1" || exit 2
hits=$(grep -rnE '\b(sprintf|vsprintf|strcpy|strcat|gets|strtok|atoi|atol|atoll)[[:space:]]*\(' \
	--include='*.c' --include='*.h' --exclude-dir=work lib cmd include tests | grep -v -e 'tests/lint/' -e 'tests/sast/accuracy/' -e 'tests/sast/dataflow/')
hits+=$(grep -rnE '\b(secure_)?getenv[[:space:]]*\(' --include='*.c' --include='*.h' lib include)
if [ -n "$hits" ]; then
	printf '%s\n' "$hits"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "1 passed, 0 failed"
