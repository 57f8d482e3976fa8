#!/usr/bin/env bash
# Measures every row of docs/strength.md again and prints the table (markdown) with the figures
# measured now: each row is one arena run per seed (`--sets` files), pooled into one score rate and
# one mean point difference, each with its 95% interval over deal sets.
#
#   scripts/strength.sh                  # every row, as docs/strength.md measured it (hours)
#   scripts/strength.sh --quick          # a smoke test: the first seed of each row, 2 deal sets, 8 worlds
#   scripts/strength.sh --only hard-medium   # the rows whose id contains this text
#   scripts/strength.sh --dir runs/      # keep each run's table and --sets file there (a new folder)
#
# Environment:
#   BRISCOLA_SPARRING_BOT  the command of BriscolaBot v3 speaking docs/bot-protocol.md, e.g.
#                          "python3 /path/to/briscolabot-v3/bot.py"; without it the rows that need it
#                          are skipped with a note. It must accept `--sample --seed N` (its sampling mode).
#   BRISCOLA_LAB_CMD       how to run the lab (default: cargo run --quiet --release -p briscola-lab --)
set -euo pipefail

usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }

quick=0 only="" dir=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick=1 ;;
    --only) only=${2:?--only needs a text}; shift ;;
    --dir) dir=${2:?--dir needs a folder}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "strength.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
  shift
done

read -r -a lab <<< "${BRISCOLA_LAB_CMD:-cargo run --quiet --release -p briscola-lab --}"
sparring=${BRISCOLA_SPARRING_BOT:-}

if [ -z "$dir" ]; then
  dir=$(mktemp -d "${TMPDIR:-/tmp}/strength.XXXXXX")
  trap 'rm -rf "$dir"' EXIT
elif [ -e "$dir" ] && [ -n "$(ls -A "$dir")" ]; then
  echo "strength.sh: --dir $dir is not empty: give a new folder (runs are never overwritten)" >&2
  exit 2
fi
mkdir -p "$dir"

# The rows of docs/strength.md: id, player A, player B, ruleset, first-last seed, deal sets per seed,
# arena threads. B `@bot ARGS` is the sparring bot with ARGS. Hard plays `--worlds 200` without a
# clock in every row, so a row's result depends only on its seeds (the sampling bot's draws too, with
# one thread: one process per seat, fed its games in order).
rows() {
  cat << 'EOF'
hard-bot-argmax           hard   @bot                 briscola-2p 1001-1010 500 1
hard-bot-sample           hard   @bot --sample --seed 7 briscola-2p 2001-2010 500 1
hard-heuristic-late-2p    hard   hard-heuristic-late  briscola-2p 3001-3010 500 1
hard-heuristic-late-brisca hard  hard-heuristic-late  brisca-2p   3101-3102 500 1
hard-heuristic-late-bisca hard   hard-heuristic-late  bisca-2p    3201-3202 500 1
hard-heuristic-late-3p    hard   hard-heuristic-late  briscola-3p 3301-3304 150 1
hard-heuristic-late-4p    hard   hard-heuristic-late  briscola-4p 3401-3403 100 1
hard-heuristic-late-4p-senas hard hard-heuristic-late briscola-4p+senas 3401-3403 100 1
hard-heuristic-auction-chiamata-5p hard hard-heuristic-auction chiamata-5p 5001-5001 60 1
medium-medium-chiamata-5p medium medium               chiamata-5p 1-1       1000 1
hard-medium-brisca-4p-senas hard medium               brisca-4p+senas 41-41 25 1
medium-easy-brisca-4p-senas medium easy               brisca-4p+senas 41-41 25 1
EOF
  local pair preset pairs
  for pair in hard-medium medium-easy; do
    for preset in briscola-2p brisca-2p bisca-2p scoperta-2p briscolone-2p dupla-2p \
      briscola-3p brisca-3p bisca-3p scoperta-3p briscola-4p brisca-4p bisca-4p scoperta-4p \
      chiamata-5p briscola-6p brisca-6p; do
      case "$preset" in *-2p) pairs=100 ;; *) pairs=50 ;; esac
      echo "$pair-$preset ${pair%-*} ${pair#*-} $preset 41-41 $pairs 2"
    done
  done
}

# The one place that reads the lab's output. `figure FILE NAME` prints one number of an `arena` or
# `pool` report: rate / rate_ci ("score rate 0.618 ± 0.009", pool), diff / diff_ci ("mean diff
# +6.10 ± 0.49 points per game", pool), even ("(equal strength: 0.500)", arena; empty when the arena
# names none, as in chiamata).
figure() {
  local file=$1 name=$2
  case "$name" in
    rate) sed -n 's/^score rate \([0-9.]*\) ± \([0-9.]*\).*/\1/p' "$file" ;;
    rate_ci) sed -n 's/^score rate \([0-9.]*\) ± \([0-9.]*\).*/\2/p' "$file" ;;
    diff) sed -n 's/^mean diff \([-+0-9.]*\) ± \([0-9.]*\) points.*/\1/p' "$file" ;;
    diff_ci) sed -n 's/^mean diff \([-+0-9.]*\) ± \([0-9.]*\) points.*/\2/p' "$file" ;;
    even) sed -n 's/.*(equal strength: \([0-9.]*\)).*/\1/p' "$file" | head -n 1 ;;
    *) echo "strength.sh: no figure '$name'" >&2; return 2 ;;
  esac
}

# `measure ID A B SHOWN_B RULESET SEEDS PAIRS THREADS`: one arena run per seed, pooled; prints the
# table row (B as SHOWN_B: the sparring bot by its variable, not by its path).
measure() {
  local id=$1 a=$2 b=$3 shown_b=$4 ruleset=$5 seeds=$6 pairs=$7 threads=$8
  local first=${seeds%-*} last=${seeds#*-} worlds=200 seed shown_seeds
  if [ "$quick" = 1 ]; then last=$first pairs=2 worlds=8; fi
  shown_seeds="$first–$last"
  if [ "$first" = "$last" ]; then shown_seeds=$first; fi
  local flags="--a $a --b $shown_b --ruleset $ruleset --pairs $pairs --worlds $worlds --threads $threads"
  for ((seed = first; seed <= last; seed++)); do
    "${lab[@]}" arena --a "$a" --b "$b" --ruleset "$ruleset" --pairs "$pairs" --worlds "$worlds" \
      --threads "$threads" --seed "$seed" --sets "$dir/$id-s$seed.sets" > "$dir/$id-s$seed.txt"
  done
  "${lab[@]}" pool "$dir/$id"-s*.sets > "$dir/$id.pool"
  local even rate
  even=$(figure "$dir/$id-s$first.txt" even)
  rate="$(figure "$dir/$id.pool" rate) ± $(figure "$dir/$id.pool" rate_ci)"
  if [ -n "$even" ]; then rate="$rate (even $even)"; fi
  printf '| %s | `%s --seed S` | %s × %s | %s | %s ± %s |\n' "$id" "$flags" "$shown_seeds" "$pairs" \
    "$rate" "$(figure "$dir/$id.pool" diff)" "$(figure "$dir/$id.pool" diff_ci)"
}

echo "| row | \`${lab[*]} arena\` flags (once per seed S) | seeds × deal sets | score rate (95%) | points a game (95%) |"
echo "|---|---|---|---|---|"
skipped=()
while read -r id a rest; do
  [ -n "$only" ] && [[ "$id" != *"$only"* ]] && continue
  # B may hold spaces (`@bot --sample --seed 7`): the last four fields are the rest.
  read -r -a fields <<< "$rest"
  n=${#fields[@]}
  b="${fields[*]:0:n-4}" ruleset=${fields[n-4]} seeds=${fields[n-3]} pairs=${fields[n-2]} threads=${fields[n-1]}
  shown_b=$b
  if [ "${b%% *}" = "@bot" ]; then
    if [ -z "$sparring" ]; then
      skipped+=("$id")
      continue
    fi
    shown_b="\"cmd:\$BRISCOLA_SPARRING_BOT${b#@bot}\""
    b="cmd:$sparring${b#@bot}"
  fi
  measure "$id" "$a" "$b" "$shown_b" "$ruleset" "$seeds" "$pairs" "$threads"
done < <(rows)
if [ ${#skipped[@]} -gt 0 ]; then
  echo
  echo "Skipped (set BRISCOLA_SPARRING_BOT to the sparring bot's command to run them): ${skipped[*]}"
fi
if [ "$quick" = 1 ]; then
  echo
  echo "Quick run: the first seed of each row, 2 deal sets, 8 worlds — a smoke test, not the figures."
fi
