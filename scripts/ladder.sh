#!/usr/bin/env bash
# Measures the computer's level ladder with `bluegray match`, as the README's table reports it:
#  1. every level against the one below, GAMES games (200) on each of SEEDS (7 and 11); a level
#     must win at least 60% of the games (draws do not count as wins) on every seed;
#  2. a round robin of all the levels, RR_GAMES games (40) for every pair, seed RR_SEED (3),
#     which rates every level relative to level 1 with a 95% interval.
# The levels search by nodes, not time, so the figures do not depend on the machine; only the
# duration does: with JOBS=2 on two cores, about 30 minutes for levels 2-7, 45 minutes a seed for
# 8 v 7 and, level 8 searching 4 million nodes, an hour for the round robin (59 minutes; 47 at
# 1.5 million). Exits 1 when a level misses 60%.
# Usage: bash scripts/ladder.sh [ladder|round-robin]   (both when no argument is given)
# Quick check of the script itself: TOP=3 GAMES=4 RR_GAMES=2 bash scripts/ladder.sh
# FROM=8 starts the ladder at 8 v 7 (the games of each pair do not depend on the others).
set -euo pipefail
cd "$(dirname "$0")/.."

games=${GAMES:-200}
seeds=${SEEDS:-"7 11"}
rr_games=${RR_GAMES:-40}
rr_seed=${RR_SEED:-3}
jobs=${JOBS:-2}
what=${1:-all}

cargo build --release -q -p bluegray-cli
bin=${CARGO_TARGET_DIR:-target}/release/bluegray
# The strongest level's number, as the command itself states it (TOP=3 measures levels 1-3 only).
top=${TOP:-$("$bin" match --help | sed -n 's/.*a level number (1 to \([0-9]*\)).*/\1/p' | head -1)}
if [ -z "$top" ]; then
  echo "ladder: cannot read the number of levels from 'bluegray match --help'" >&2
  exit 2
fi

short=0
if [ "$what" = all ] || [ "$what" = ladder ]; then
  for ((level = ${FROM:-2}; level <= top; level++)); do
    for seed in $seeds; do
      line=$("$bin" match --games "$games" --jobs "$jobs" --seed "$seed" "$level" $((level - 1)) | head -1)
      wins=$(sed -n 's/.*A wins \([0-9]*\),.*/\1/p' <<<"$line")
      verdict=ok
      if ((wins * 100 < 60 * games)); then
        verdict="UNDER 60%"
        short=1
      fi
      echo "seed $seed: $line: $((wins * 100 / games))% wins, $verdict"
    done
  done
fi
if [ "$what" = all ] || [ "$what" = round-robin ]; then
  "$bin" match --games "$rr_games" --jobs "$jobs" --seed "$rr_seed" $(seq 1 "$top")
fi
exit "$short"
