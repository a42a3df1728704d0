#!/usr/bin/env bash
# pg.sh start DIR | stop DIR - a throwaway PostgreSQL cluster for the tests.
#
# start: initdb into DIR (as the unprivileged user "postgres" when run as
# root, as PostgreSQL requires), a server listening only on a Unix socket in
# DIR (no TCP port), trust authentication for the socket, and one database,
# "rampart". Prints the URL the tests take in RAMPART_TEST_DATABASE_URL.
# stop: stops the server and removes DIR.
set -euo pipefail
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -x "$bin/initdb" ] || { echo "pg.sh: no PostgreSQL server (install Debian's postgresql)" >&2; exit 2; }
as_owner() {
	if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case $cmd in
start)
	"$0" stop "$dir" # what an interrupted run left behind
	mkdir -p "$dir"
	[ "$(id -u)" = 0 ] && chown postgres "$dir"
	as_owner "$bin/initdb" -D "$dir/data" -U rampart --auth=trust -E UTF8 --locale=C.UTF-8 > "$dir/initdb.log" 2>&1 ||
		{ cat "$dir/initdb.log" >&2; exit 1; }
	as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
		-o "-c listen_addresses='' -k $dir -c fsync=off -c full_page_writes=off" start > /dev/null ||
		{ cat "$dir/server.log" >&2; exit 1; }
	as_owner "$bin/createdb" -h "$dir" -U rampart rampart
	echo "postgresql:///rampart?host=$dir&user=rampart"
	;;
stop)
	[ -d "$dir/data" ] && as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop > /dev/null 2>&1 || true
	rm -rf "$dir"
	;;
*)
	echo "usage: $0 start|stop DIR" >&2
	exit 2
	;;
esac
