#!/usr/bin/env bash
# The engine's strength in every variant, as issue 5 states it: at 1 s per action against the greedy
# one-ply player, and against itself at a quarter of the time. Hours, not minutes: not part of CI.
#
#   scripts/engine-strength.sh [GAMES] [OUT_DIR] [LANES]
#
# GAMES per match (default 20), OUT_DIR for each match's log and PGN (default strength-out), LANES
# matches at once (default 2: one per core of the development machine; more lanes give each search
# less than the 1 s of processor time it is meant to have). VARIANTS="chess tiled-squares" runs only
# those. Prints each match's score at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
out=${2:-strength-out}
lanes=${3:-2}
tessera=${TESSERA:-build/tessera}
[ -x "$tessera" ] || { echo "engine-strength: $tessera not built (cmake --build build --target tessera)" >&2; exit 2; }
mkdir -p "$out"

read -r -a variants <<<"${VARIANTS:-chess desert-dust chameleon-redux chameleon-redux-4p tiled-squares shifting-chess shifting-sands}"
jobs=()
for v in "${variants[@]}"; do
  jobs+=("$v time=250 41" "$v greedy 43")
done

run_one() {
  local v=$1 b=$2 seed=$3 name
  name="$v-vs-${b/=/}"
  "$tessera" match --variant "$v" --a time=1000 --b "$b" --games "$games" --seed "$seed" \
    --pgn "$out/$name.pgn" >"$out/$name.txt" 2>&1
}
export -f run_one
export tessera games out
printf '%s\n' "${jobs[@]}" | xargs -P "$lanes" -L 1 bash -c 'run_one $0 $1 $2'

for f in "$out"/*.txt; do
  printf '%-40s %s\n' "$(basename "$f" .txt)" "$(grep '^A scores' "$f" || echo 'no result')"
done
