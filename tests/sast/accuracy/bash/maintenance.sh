#!/usr/bin/env bash
# Weekly maintenance for the application host.
set -euo pipefail
IFS=$'\n\t'

APP_ROOT=/srv/app
LOG_DIR=/var/log/app
KEEP_DAYS=14

cleanup_logs() {
  # ok: bash.rm-rf-empty-variable-path
  find "$LOG_DIR" -name '*.log.gz' -mtime +"$KEEP_DAYS" -delete
  # ok: bash.rm-rf-empty-variable-path
  rm -rf "${APP_ROOT:?}/tmp/cache"
  # expect: bash.rm-rf-empty-variable-path
  rm -rf $APP_ROOT/tmp/sessions
}

rotate_release() {
  local target="${1:?release required}"
  # ok: bash.rm-rf-unquoted-positional
  rm -rf -- "$target"
  # expect: bash.rm-rf-unquoted-positional
  sudo rm -rf ${1}
}

refresh_tools() {
  # ok: bash.curl-pipe-shell
  curl -fsSL https://api.github.com/repos/example/tool/releases/latest | jq -r '.assets[0].browser_download_url'
  # expect: bash.curl-pipe-shell
  wget -qO- https://get.example.com/agent.sh | sh
}

report() {
  local tmp
  tmp="$(mktemp -d)"
  # ok: bash.predictable-temp-file
  df -h > "$tmp/disk.txt"
  # ok: bash.chmod-world-writable
  chmod 600 "$tmp/disk.txt"
  # ok: bash.eval-variable
  printf '%s\n' "$(cat "$tmp/disk.txt")"
  rm -rf -- "$tmp"
}

apply_env() {
  local line
  while read -r line; do
    # expect: bash.eval-variable
    eval "export $line"
  done < /etc/app/extra.env
}

cleanup_logs
rotate_release "${1:-}"
refresh_tools
report
apply_env
