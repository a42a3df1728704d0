#!/bin/bash
# Deploy a release to the web servers and clean old builds.
set -eu

RELEASE_DIR=/srv/releases
TARGET_HOSTS="web1 web2"
DB_USER=deploy

usage() {
  echo "usage: $0 <build-dir> <release-name>" >&2
  exit 1
}

[ $# -eq 2 ] || usage

clean_build() {
  # expect: bash.rm-rf-unquoted-positional
  rm -rf $1/dist
  # ok: bash.rm-rf-unquoted-positional
  rm -rf -- "${1:?build dir required}/dist"
}

clean_releases() {
  # expect: bash.rm-rf-empty-variable-path
  rm -rf "$OLD_RELEASES"/*
  # ok: bash.rm-rf-empty-variable-path
  rm -rf "${RELEASE_DIR:?}"/old-*
  # ok: bash.rm-rf-empty-variable-path
  rm -f "$RELEASE_DIR/current.lock"
}

push_release() {
  local name="$1"
  for host in $TARGET_HOSTS; do
    # expect: bash.ssh-host-key-checking-disabled
    rsync -az -e "ssh -o StrictHostKeyChecking=no" "$RELEASE_DIR/$name/" "deploy@${host}:/srv/app/"
    # ok: bash.ssh-host-key-checking-disabled
    ssh -o StrictHostKeyChecking=yes "deploy@${host}" "ln -sfn /srv/app /srv/current"
  done
}

migrate() {
  # expect: bash.password-on-command-line
  mysql -u "$DB_USER" -pDeployPass2024 app < migrations/latest.sql
  # ok: bash.password-on-command-line
  mysql --defaults-extra-file=/etc/deploy/my.cnf app < migrations/latest.sql
}

snapshot() {
  # expect: bash.predictable-temp-file
  mysqldump --defaults-extra-file=/etc/deploy/my.cnf app > /tmp/app-snapshot.$$.sql
  local tmp
  tmp="$(mktemp)"
  # ok: bash.predictable-temp-file
  mysqldump --defaults-extra-file=/etc/deploy/my.cnf app > "$tmp"
  gzip -c "$tmp" > "$RELEASE_DIR/snapshot.sql.gz"
  rm -f "$tmp"
}

run_hook() {
  local hook="$2"
  # expect: bash.eval-variable
  eval "$hook"
  # ok: bash.eval-variable
  "$RELEASE_DIR/hooks/post-deploy" "$hook"
}

clean_build "$1"
clean_releases
push_release "$2"
migrate
snapshot
run_hook "$@"
