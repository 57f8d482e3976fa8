#!/usr/bin/env bash
# A local cluster of Briscola relays behind Debian's HAProxy (tools/relay/haproxy.cfg): three
# relays on loopback ports and HAProxy in front, routing by nameplate. Installs nothing (needs
# `haproxy` on the PATH: `apt-get install haproxy`).
#
# Sourced, it gives functions another script can reuse:
#   cluster_start RELAY_BIN [BASE_PORT]  HAProxy on 127.0.0.1:BASE_PORT (default 4700), relays on
#                                        the next three ports (with the options in
#                                        $CLUSTER_RELAY_ARGS, if any); state in $CLUSTER_DIR
#   cluster_kill_relay N                 kills relay N (1 to 3) with SIGKILL
#   cluster_stop                         stops HAProxy and every relay started
#   cluster_address                      prints HAProxy's address
# Run, it is its own smoke test: builds the relay and its smoke client (debug), starts the
# cluster, registers synthetic hosts and pairs a guest with each through HAProxy (its stream
# carried on its host's control connection), kills one relay mid-run, and checks that every host
# registers again and every guest gets back in through HAProxy to another relay.
set -uo pipefail

CLUSTER_DIR=${CLUSTER_DIR:-}
CLUSTER_PORT=${CLUSTER_PORT:-4700}

cluster_address() { echo "127.0.0.1:$CLUSTER_PORT"; }

cluster_start() {
  local bin=$1
  CLUSTER_PORT=${2:-$CLUSTER_PORT}
  CLUSTER_DIR=$(mktemp -d)
  local root
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  local n extra
  read -ra extra <<<"${CLUSTER_RELAY_ARGS:-}"
  for n in 1 2 3; do
    "$bin" --listen "127.0.0.1:$((CLUSTER_PORT + n))" --trusted-proxy 127.0.0.1 "${extra[@]}" \
      >"$CLUSTER_DIR/relay$n.out" 2>"$CLUSTER_DIR/relay$n.log" &
    echo $! >"$CLUSTER_DIR/relay$n.pid"
  done
  RELAY_BIND="127.0.0.1:$CLUSTER_PORT" RELAY_1="127.0.0.1:$((CLUSTER_PORT + 1))" \
    RELAY_2="127.0.0.1:$((CLUSTER_PORT + 2))" RELAY_3="127.0.0.1:$((CLUSTER_PORT + 3))" \
    haproxy -db -f "$root/tools/relay/haproxy.cfg" >"$CLUSTER_DIR/haproxy.log" 2>&1 &
  echo $! >"$CLUSTER_DIR/haproxy.pid"
  # Ready once HAProxy and every relay accept connections.
  local tries
  for tries in $(seq 50); do
    local up=0 port
    for port in $CLUSTER_PORT $((CLUSTER_PORT + 1)) $((CLUSTER_PORT + 2)) $((CLUSTER_PORT + 3)); do
      (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && up=$((up + 1))
    done
    [ "$up" -eq 4 ] && sleep 2 && return 0
    sleep 0.2
  done
  echo "relay-cluster: the cluster did not start (logs in $CLUSTER_DIR)" >&2
  return 1
}

cluster_kill_relay() {
  [ -f "$CLUSTER_DIR/relay$1.pid" ] && kill -KILL "$(cat "$CLUSTER_DIR/relay$1.pid")" 2>/dev/null
  rm -f "$CLUSTER_DIR/relay$1.pid"
}

cluster_stop() {
  [ -n "$CLUSTER_DIR" ] && [ -d "$CLUSTER_DIR" ] || return 0
  local pidfile
  for pidfile in "$CLUSTER_DIR"/*.pid; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
  done
  wait 2>/dev/null
  rm -rf "$CLUSTER_DIR"
}

cluster_smoke() {
  cd "$(dirname "${BASH_SOURCE[0]}")/.." || return 1
  command -v haproxy >/dev/null || { echo "relay-cluster: haproxy is not installed" >&2; return 1; }
  local target=${CARGO_TARGET_DIR:-target}
  cargo build -q -p briscola-relay --bin briscola-relay --example cluster_smoke || return 1
  trap cluster_stop EXIT
  cluster_start "$target/debug/briscola-relay" || return 1
  coproc SMOKE { "$target/debug/examples/cluster_smoke" "$(cluster_address)" 30; }
  local line
  read -r -t 120 line <&"${SMOKE[0]}" || { echo "relay-cluster: no pairing" >&2; return 1; }
  echo "$line"
  cluster_kill_relay 2
  echo "killed relay 2"
  echo go >&"${SMOKE[1]}"
  read -r -t 120 line <&"${SMOKE[0]}" && echo "$line"
  wait "$SMOKE_PID"
  local code=$?
  [ $code -eq 0 ] && echo "relay-cluster: smoke run passed" || echo "relay-cluster: smoke run FAILED" >&2
  return $code
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  cluster_smoke
fi
