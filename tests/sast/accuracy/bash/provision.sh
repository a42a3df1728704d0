#!/usr/bin/env bash
# Provision a fresh build agent.
set -euo pipefail

AGENT_USER="${AGENT_USER:-ci}"
NODE_VERSION="20"

log() { printf '[provision] %s\n' "$*"; }

install_node() {
  log "installing node ${NODE_VERSION}"
  # expect: bash.curl-pipe-shell
  curl -fsSL "https://deb.nodesource.com/setup_${NODE_VERSION}.x" | sudo -E bash -
  sudo apt-get install -y nodejs
}

install_tool_verified() {
  local url="https://github.com/example/tool/releases/download/v1.4.2/tool-linux-amd64"
  # ok: bash.curl-pipe-shell
  curl -fsSL "$url" -o /usr/local/bin/tool
  echo "3b0c4e1f9a2d5e6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b  /usr/local/bin/tool" | sha256sum -c -
  chmod 755 /usr/local/bin/tool
}

install_rustup() {
  # expect: bash.source-remote-script
  bash <(curl -fsSL https://sh.rustup.rs) -y --profile minimal
}

load_agent_env() {
  # ok: bash.source-remote-script
  source /etc/ci/agent.env
  # ok: bash.eval-variable
  eval "$(ssh-agent -s)"
}

grant_sudo() {
  # expect: bash.sudoers-nopasswd
  echo "${AGENT_USER} ALL=(ALL) NOPASSWD: ALL" | sudo tee -a /etc/sudoers.d/ci
  # ok: bash.sudoers-nopasswd
  echo "${AGENT_USER} ALL=(ALL) /usr/bin/systemctl restart ci-agent" | sudo tee /etc/sudoers.d/ci-restart
}

prepare_workspace() {
  mkdir -p /srv/ci/workspace /srv/ci/shared
  # expect: bash.chmod-world-writable
  chmod -R 777 /srv/ci/workspace
  # ok: bash.chmod-world-writable
  chmod 1777 /srv/ci/shared
  # ok: bash.chmod-world-writable
  chmod 750 /srv/ci
}

trust_internal_git() {
  # expect: bash.tls-verification-disabled-config
  git config --global http.sslVerify false
  # ok: bash.tls-verification-disabled-config
  git config --global http.sslCAInfo /etc/ssl/certs/internal-ca.pem
}

fetch_artifacts() {
  # expect: bash.curl-wget-insecure-tls
  curl -sSk https://artifacts.internal/latest.tgz -o /tmp/latest.tgz
  # ok: bash.curl-wget-insecure-tls
  curl -sS --cacert /etc/ssl/certs/internal-ca.pem https://artifacts.internal/latest.tgz -o /srv/ci/latest.tgz
  # expect: bash.curl-wget-insecure-tls
  wget --no-check-certificate -q https://mirror.internal/tools.tar.gz
}

install_node
install_tool_verified
install_rustup
load_agent_env
grant_sudo
prepare_workspace
trust_internal_git
fetch_artifacts
log "done"
