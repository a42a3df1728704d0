#!/bin/sh
# Link the dotfiles into place on macOS.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$HOME/Library/Application Support/Claude"
ln -sf "$here/macos/claude/claude_desktop_config.json" "$HOME/Library/Application Support/Claude/claude_desktop_config.json"
ln -sf "$here/zsh/.zshrc" "$HOME/.zshrc"
