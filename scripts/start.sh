#!/usr/bin/env bash
# Installs whatever is missing (system packages, Rust, npm packages), builds the UI and
# starts the Briscola desktop app. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh

ensure_apt_packages "${APP_PACKAGES[@]}"
ensure_rust
build_ui
log "cargo run -p briscola-app"
exec cargo run -p briscola-app
