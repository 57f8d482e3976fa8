# Shared helpers for start.sh and test.sh: idempotent installs (only what is missing).
# Sourced, not run.

# System packages the app needs to build and run (Tauri 2 on WebKitGTK 4.1).
APP_PACKAGES=(build-essential pkg-config curl file libwebkit2gtk-4.1-dev libxdo-dev libssl-dev
  libayatana-appindicator3-dev librsvg2-dev)
# Extra system packages for the end-to-end tests (WebDriver, virtual display, screenshots).
E2E_PACKAGES=(webkit2gtk-driver xvfb xauth dbus imagemagick)
# The table's LAN discovery test runs in a network namespace of its own (`unshare`, `ip`); so does
# its port mapping test, against a real router (`miniupnpd`, whose nftables chains `nft` makes).
# Whole matches through a cluster of relays run behind HAProxy (scripts/relay-tables.sh).
TEST_PACKAGES=(util-linux iproute2 miniupnpd nftables haproxy)
TAURI_DRIVER_VERSION=2.1.0
NODE_MAJOR_MIN=20

log() { printf '\033[1m==> %s\033[0m\n' "$*"; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# ensure_apt_packages PKG...: installs those not already installed.
ensure_apt_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' ||
      missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "apt-get install ${missing[*]}"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
}

# Rust via rustup when cargo is missing (a distribution's rustc is usually too old).
ensure_rust() {
  if ! command -v cargo >/dev/null 2>&1 && [ -x "$HOME/.cargo/bin/cargo" ]; then
    export PATH="$HOME/.cargo/bin:$PATH"
  fi
  command -v cargo >/dev/null 2>&1 && return 0
  log "installing Rust with rustup"
  curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs | sh -s -- -y --profile minimal \
    --component rustfmt,clippy
  export PATH="$HOME/.cargo/bin:$PATH"
}

# Node.js >= 20 for the UI build (from apt when missing; Debian 13 / Ubuntu 24.10+ ship 20+).
ensure_node() {
  if ! command -v node >/dev/null 2>&1; then
    ensure_apt_packages nodejs npm
  fi
  local major
  major=$(node -p 'process.versions.node.split(".")[0]')
  if [ "$major" -lt "$NODE_MAJOR_MIN" ]; then
    echo "Node.js $NODE_MAJOR_MIN or newer is needed (found $(node --version)); install it from nodejs.org or NodeSource and run again." >&2
    return 1
  fi
}

# Installs the UI's npm packages (only when package-lock.json changed) and builds ui/dist,
# which the app embeds at compile time.
build_ui() {
  [ -f ui/package.json ] || return 0
  ensure_node
  if [ "${CI:-}" = "true" ] || [ ! -f ui/node_modules/.package-lock.json ] \
    || [ ui/package-lock.json -nt ui/node_modules/.package-lock.json ]; then
    log "npm ci (ui)"
    (cd ui && npm ci --no-audit --no-fund)
  fi
  log "npm run build (ui)"
  (cd ui && npm run build)
}

ensure_tauri_driver() {
  if tauri-driver --help >/dev/null 2>&1; then return 0; fi
  log "cargo install tauri-driver $TAURI_DRIVER_VERSION"
  cargo install tauri-driver --version "$TAURI_DRIVER_VERSION" --locked
}
