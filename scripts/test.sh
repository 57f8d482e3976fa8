#!/usr/bin/env bash
# Installs whatever is missing and runs every test: formatting, lints, the Rust workspace
# (engine, CLI, lab and app, including the persistence crash tests), the engine's release-mode playouts and bot
# fuzzing, the UI's type check and unit tests, and the end-to-end tests in the real app.
#
# Each check is one `step NAME COMMAND...` line below; add new checks the same way. All steps
# run even if one fails; the script exits non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/lib.sh
source scripts/lib.sh
# Every run here builds once: incremental compilation's caches would only take disk (gigabytes on a
# cold CI machine), never time.
export CARGO_INCREMENTAL=0

RESULTS=()
FAILED=0
step() {
  local name=$1
  shift
  log "$name"
  local start=$SECONDS
  if "$@"; then
    RESULTS+=("ok     $name ($((SECONDS - start)) s)")
  else
    RESULTS+=("FAILED $name ($((SECONDS - start)) s)")
    FAILED=$((FAILED + 1))
  fi
}

setup() {
  ensure_apt_packages "${APP_PACKAGES[@]}" "${E2E_PACKAGES[@]}" "${TEST_PACKAGES[@]}" &&
    ensure_rust &&
    rustup_components &&
    build_ui &&
    { [ ! -d ui/e2e ] || ensure_tauri_driver; }
}

rustup_components() {
  command -v rustup >/dev/null 2>&1 || return 0
  rustup component list --installed 2>/dev/null | grep -q '^clippy' || rustup component add clippy rustfmt
}

engine_playouts() {
  [ -f tests/playouts.rs ] || { echo "no tests/playouts.rs: skipped"; return 0; }
  # 100,000 random games per preset, the validity checker at every step (docs/engine.md).
  BRISCOLA_PLAYOUTS=100000 cargo test --release -p briscola --test playouts -- --nocapture
}

bot_fuzz() {
  [ -f tests/fuzz_bot.rs ] || { echo "no tests/fuzz_bot.rs: skipped"; return 0; }
  # Fuzz profile (Cargo.toml: optimized, overflow checks on).
  # 30,000 mutated observation lines through the bot at every level (docs/robustness.md).
  BRISCOLA_FUZZ_LINES=30000 cargo test --profile fuzz -p briscola --test fuzz_bot -- --nocapture
}

store_fuzz() {
  # Seeded fuzzing at full counts: 2,000 mutated match records through replay and summary,
  # 10,000 malformed IPC payloads through the commands and 10,000 crafted host messages through
  # everything of the app that hears a friends' table (docs/robustness.md, "Store, records and
  # IPC"). The store's crash, full-disk and damage tests run with the other tests.
  BRISCOLA_FUZZ_RECORDS=2000 BRISCOLA_FUZZ_IPC=10000 BRISCOLA_FUZZ_HOST=10000 \
    cargo test --profile fuzz -p briscola-app --lib -- fuzz_tests --nocapture
}

table_server() {
  # The table's WebSocket transport, LAN discovery and TypeScript bindings are behind features the
  # workspace build leaves off.
  cargo clippy -p briscola-table --all-features --all-targets -- -D warnings &&
    cargo test -p briscola-table --all-features
}

scripts_syntax() {
  # Every shell script parses (scripts/strength.sh runs for hours; a typo should not wait that long).
  local script
  for script in scripts/*.sh; do bash -n "$script" || return 1; done
}

ui_checks() {
  [ -f ui/package.json ] || { echo "no ui/: skipped"; return 0; }
  (cd ui && npm run check && npm test)
}

e2e() {
  [ -d ui/e2e ] || { echo "no ui/e2e: skipped"; return 0; }
  # The friends' scenarios seat `briscola join` (and `briscola serve`) beside the app.
  cargo build -p briscola-app -p briscola-cli && (cd ui && npm run e2e)
}

step "setup (apt, Rust, npm ci, UI build, tauri-driver)" setup
if [ "$FAILED" -eq 0 ]; then
  step "cargo fmt --check" cargo fmt --all --check
  step "shell scripts parse (bash -n)" scripts_syntax
  step "cargo clippy" cargo clippy --workspace --all-targets -- -D warnings
  step "cargo test (engine, CLI, lab, app)" cargo test --workspace
  step "table over WebSocket, bindings (table features)" table_server
  step "engine playouts (release)" engine_playouts
  step "bot fuzz (release)" bot_fuzz
  step "store, records and IPC fuzzing (release)" store_fuzz
  # Hostile files and arguments against the CLI and the store (docs/robustness.md).
  step "attack suite" scripts/attack.sh
  # 24 tables played directly, then through HAProxy and three relays, one killed mid-match.
  step "tables through a relay cluster" scripts/relay-tables.sh 24
  step "UI check + unit tests" ui_checks
  step "end-to-end" e2e
fi

echo
printf '  %s\n' "${RESULTS[@]}"
echo "test.sh: $SECONDS s"
echo "target/: $(du -sh target 2>/dev/null | cut -f1) on disk, $(df -h . | awk 'NR==2 {print $4}') free"
# The plain closing line CI reads: steps passed and failed.
echo "steps: $((${#RESULTS[@]} - FAILED)) passed, $FAILED failed"
[ "$FAILED" -eq 0 ] || exit 1
