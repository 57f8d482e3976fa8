#!/usr/bin/env bash
# Whole matches through a cluster of relays, checked against the same matches played directly:
#   scripts/relay-tables.sh [N]     (N tables of four people; default 200)
# Starts the cluster of scripts/relay-cluster.sh (HAProxy and three relays on loopback; needs
# `haproxy`), runs `briscola-lab relay-tables --direct` for N tables, then the same N tables with
# every person through HAProxy, SIGKILLing relay 2 once a quarter of all moves are played. Passes
# if every match finished both ways, every table's final record is the same both ways, some tables
# lost their relay during play, and every one of those got its people back in (reconnections > 0).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.." || exit 1
# shellcheck source=scripts/relay-cluster.sh
source scripts/relay-cluster.sh

TABLES=${1:-200}
# The relays let one address (the lab's table server, which hosts every table) register every
# table and carry all their traffic: the limits per address are a household's otherwise.
CLUSTER_RELAY_ARGS="--connections-per-address 4096 --attempts-burst 4096 --attempts-per-second 1000
  --bytes-per-second-per-address 1073741824 --quiet"

command -v haproxy >/dev/null || { echo "relay-tables: haproxy is not installed" >&2; exit 1; }
target=${CARGO_TARGET_DIR:-target}
cargo build -q -p briscola-relay --bin briscola-relay -p briscola-lab --bin briscola-lab || exit 1
lab=$target/debug/briscola-lab
out=$(mktemp -d)
trap 'cluster_stop; rm -rf "$out"' EXIT

"$lab" relay-tables --direct --tables "$TABLES" >"$out/direct" || {
  tail -3 "$out/direct"
  echo "relay-tables: the direct run FAILED" >&2
  exit 1
}
tail -1 "$out/direct"

cluster_start "$target/debug/briscola-relay" || exit 1
victim=$(cat "$CLUSTER_DIR/relay2.pid")
# A 4-player hand is 40 moves: a quarter of them in all, then relay 2 dies.
"$lab" relay-tables --relay "ws://$(cluster_address)" --tables "$TABLES" \
  --kill-pid "$victim" --kill-after-moves $((TABLES * 10)) >"$out/relay"
code=$?
tail -1 "$out/relay"
[ $code -eq 0 ] || { echo "relay-tables: the run through the relays FAILED" >&2; exit 1; }

# Lines: table T record HASH moves M reconnections R moved yes|no finished yes|no
awk '
  FNR == NR && $1 == "table" { direct[$2] = $4; next }
  $1 == "table" {
    seen++
    if (!($2 in direct) || direct[$2] != $4 || $4 == "none" || $12 != "yes") {
      print "relay-tables: table " $2 " differs or did not finish (" direct[$2] ", " $4 ")"; bad++
    }
    if ($10 == "yes") { moved++; if ($8 == 0) { print "relay-tables: table " $2 " moved, no reconnection"; bad++ } }
  }
  END {
    if (seen != length(direct)) { print "relay-tables: " seen " tables, " length(direct) " direct"; bad++ }
    if (moved == 0) { print "relay-tables: no table lost its relay"; bad++ }
    printf "relay-tables: %d tables, records identical both ways: %s; %d moved relay mid-match\n", seen, bad ? "NO" : "yes", moved
    exit bad ? 1 : 0
  }' "$out/direct" "$out/relay" || exit 1
echo "relay-tables: passed"
