#!/usr/bin/env bash
# The attack suite: hostile files and arguments against the `briscola` and `briscola-lab` binaries
# and the store, each
# expected to end at once with a clear refusal — never a hang, a panic, unbounded memory or a file
# left behind. Deterministic (no randomness); about half a minute on a warm build.
# Usage: scripts/attack.sh [path/to/briscola path/to/briscola-lab]  (default: builds both in the
# debug profile)
set -uo pipefail
cd "$(dirname "$0")/.."
target=${CARGO_TARGET_DIR:-target}
bin=${1:-}
lab=${2:-}
if [ -z "$bin" ] || [ -z "$lab" ]; then
  cargo build -q -p briscola-cli -p briscola-lab || exit 1
  bin=$target/debug/briscola
  lab=$target/debug/briscola-lab
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
# check NAME EXPECTED-EXIT-CLASS COMMAND...: runs under a 10 s timeout and a 512 MiB address-space
# limit; "refused" means exit 1 (a clear error), "ok" exit 0.
check() {
  local name=$1 want=$2
  shift 2
  (ulimit -v 524288; timeout 10 "$@") >"$work/out" 2>"$work/err" </dev/null
  local code=$?
  local got=other
  [ $code -eq 0 ] && got=ok
  [ $code -eq 1 ] && got=refused
  [ $code -eq 124 ] && got=hang
  if [ "$got" = "$want" ]; then
    echo "ok      $name"
  else
    echo "FAILED  $name: $got (exit $code) $(head -c 300 "$work/err")"
    failed=$((failed + 1))
  fi
}
fifo=$work/fifo
mkfifo "$fifo"
mkdir -p "$work/folder"
for verb in replay review; do
  check "$verb: FIFO" refused "$bin" $verb "$fifo"
  check "$verb: /dev/zero" refused "$bin" $verb /dev/zero
  check "$verb: a folder" refused "$bin" $verb "$work/folder"
  check "$verb: missing" refused "$bin" $verb "$work/none.json"
done
printf '\xff\xfe' >"$work/latin1.json"
check "replay: not UTF-8" refused "$bin" replay "$work/latin1.json"
"$bin" replay "$work/none.json" >"$work/json" 2>/dev/null
grep -q '"id": "file"' "$work/json" && echo "ok      replay: errors as JSON" ||
  { echo "FAILED  replay: no JSON error"; failed=$((failed + 1)); }
check "pool: FIFO" refused "$lab" pool "$fifo"
check "pool: /dev/zero" refused "$lab" pool /dev/zero
check "arena --paired-with FIFO" refused "$lab" arena --a easy --b easy --pairs 1 --paired-with "$fifo"
check "arena --threads 100000" refused "$lab" arena --a easy --b easy --pairs 1 --threads 100000
check "arena --threads u64::MAX" refused "$lab" arena --a easy --b easy --pairs 1 --threads 18446744073709551615
check "arena --sets into a missing folder" refused "$lab" arena --a easy --b easy --pairs 1000 --sets "$work/no/sets.txt"
check "train --from FIFO" refused "$lab" train --from "$fifo" --hands 1 --dir "$work/train"
check "train --from /dev/zero" refused "$lab" train --from /dev/zero --hands 1 --dir "$work/train"
# play: a 300 MB line on standard input is refused, not kept.
(ulimit -v 524288; head -c 300000000 /dev/zero | timeout 10 "$bin" play >/dev/null 2>"$work/err")
[ $? -eq 1 ] && echo "ok      play: a 300 MB stdin line" ||
  { echo "FAILED  play: a 300 MB stdin line"; failed=$((failed + 1)); }
# history: the store's rules, on data folders of an earlier version (upgraded on open).
data=$work/data
mkdir -p "$data/history"
rm -f "$data/history/records.jsonl"
mkfifo "$data/history/records.jsonl"
check "history: FIFO log" refused "$bin" history --data-dir "$data"
rm -f "$data/history/records.jsonl"
ln -s /dev/zero "$data/history/records.jsonl"
check "history: log linked to /dev/zero" refused "$bin" history --data-dir "$data"
rm -f "$data/history/records.jsonl"
truncate -s 2G "$data/history/records.jsonl"
check "history: 2 GiB sparse log" refused "$bin" history --data-dir "$data"
printf '{"v":2,"summary":{"id":"x"}}\n' >"$data/history/records.jsonl"
check "history: a half-valid line" ok "$bin" history --data-dir "$data"
grep -q '"x"' "$work/out" && { echo "FAILED  history lists a line the app skips"; failed=$((failed + 1)); }
(cd "$work" && mkdir -p history && printf '{"v":2,"summary":{"id":"x"}}\n' >history/records.jsonl &&
  BRISCOLA_DATA_DIR= HOME="$work/home" timeout 10 "$bin" history >"$work/out" 2>/dev/null)
grep -q '"x"' "$work/out" && { echo "FAILED  history reads the working folder"; failed=$((failed + 1)); } ||
  echo "ok      history: an empty BRISCOLA_DATA_DIR is ignored"
# train: no temporary file beside --out, even on failure.
echo keep >"$work/notes.tmp"
mkdir -p "$work/adir"
"$lab" train --hands 1 --epochs 1 --rounds 1 --dir "$work/t" --out "$work/adir" >/dev/null 2>&1
ls -A "$work" | grep -q '^\.adir\.tmp\|^adir\.tmp' && { echo "FAILED  train left a temporary file"; failed=$((failed + 1)); } ||
  echo "ok      train: no temporary file left on failure"
[ "$(cat "$work/notes.tmp")" = keep ] && echo "ok      train: an unrelated .tmp file untouched" ||
  { echo "FAILED  train replaced notes.tmp"; failed=$((failed + 1)); }
echo "attack suite: $failed failed"
[ "$failed" -eq 0 ]
