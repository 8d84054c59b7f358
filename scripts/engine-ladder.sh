#!/usr/bin/env bash
# Tessera's chess strength on a known scale: matches against an external UCI engine weakened with
# UCI_LimitStrength and UCI_Elo (Fairy-Stockfish by default), rung by rung, then full strength, each
# at the same time per action for both, and the Elo estimate with its 95% margin. Tens of minutes
# to hours: not part of CI.
#
#   scripts/engine-ladder.sh [GAMES] [OUT_DIR] [REPORT]
#
# GAMES per rung (default 20, in pairs from random four-ply openings with colours swapped), OUT_DIR
# for each match's log and PGN (default ladder-out), REPORT the Markdown file written at the end
# (default docs/bench/engine-ladder.md). ENGINE (default /usr/games/fairy-stockfish), MOVE_MS
# (default 100), RUNGS (default "1500 1750 2000 2250 2500 2850 full") and TESSERA (default
# build/tessera) change what is played. The matches run one at a time: each player thinks in turn
# on one core, and the machine's load is written into the report, since a busy machine gives each
# side less of the same time.
#
# The estimate: the rating R that makes the games' scores most likely, each game's expected score
# being 1 / (1 + 10^((UCI_Elo - R) / 400)) (draws count half); the margin is where the log-likelihood
# falls 1.92 below its peak (a 95% interval). Full strength has no Elo of its own and is left out of
# the estimate. UCI_Elo is the engine's own scale (Stockfish's calibration, at longer time
# controls), not FIDE's.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
out=${2:-ladder-out}
report=${3:-docs/bench/engine-ladder.md}
engine=${ENGINE:-/usr/games/fairy-stockfish}
ms=${MOVE_MS:-100}
read -r -a rungs <<<"${RUNGS:-1500 1750 2000 2250 2500 2850 full}"
tessera=${TESSERA:-build/tessera}
[ -x "$tessera" ] || { echo "engine-ladder: $tessera not built (cmake --build build --target tessera)" >&2; exit 2; }
[ -x "$engine" ] || { echo "engine-ladder: no engine at $engine (apt-get install fairy-stockfish)" >&2; exit 2; }
mkdir -p "$out"

started=$(date -u '+%Y-%m-%d %H:%M UTC')
loads=()
for rung in "${rungs[@]}"; do
  if [ "$rung" = full ]; then b="uci:$engine,time=$ms"; else b="uci:$engine,UCI_Elo=$rung,time=$ms"; fi
  loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")
  "$tessera" match --variant chess --a "time=$ms" --b "$b" --games "$games" --seed 7 \
    --pgn "$out/elo-$rung.pgn" >"$out/elo-$rung.txt" 2>&1
  echo "UCI_Elo $rung: $(grep '^A scores' "$out/elo-$rung.txt")"
done
loads+=("$(cut -d' ' -f1-3 /proc/loadavg)")

joined=$(IFS=';'; echo "${loads[*]}")
python3 - "$out" "$report" "$started" "$engine" "$ms" "$games" "$joined" "${rungs[@]}" <<'PY'
import math, pathlib, re, subprocess, sys
out, report, started, engine, ms, games, loads = sys.argv[1:8]
rungs = sys.argv[8:]
rows, scored = [], []
name = engine
for rung in rungs:
    text = pathlib.Path(out, f"elo-{rung}.txt").read_text()
    first = text.splitlines()[0] if text else ""
    m = re.search(r"B = (.*?),", first)
    if m: name = m.group(1)
    result = re.search(r"A scores ([\d.]+) of (\d+) \(\+(\d+) =(\d+) -(\d+)\): ([\d.]+)% \+- ([\d.]+)%", text)
    if not result:
        rows.append((rung, "no result", "")); continue
    points, n, w, d, l, share, margin = result.groups()
    rows.append((rung, f"{share}% +- {margin}% (+{w} ={d} -{l})", f"{points} of {n}"))
    if rung != "full":
        for s, count in ((1.0, int(w)), (0.5, int(d)), (0.0, int(l))):
            scored += [(float(rung), s)] * count

def loglik(r):
    total = 0.0
    for elo, s in scored:
        p = 1 / (1 + 10 ** ((elo - r) / 400))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += s * math.log(p) + (1 - s) * math.log(1 - p)
    return total

grid = [r / 2 for r in range(0, 2 * 4000)]
best = max(grid, key=loglik) if scored else None
lines = []
if best is not None:
    peak = loglik(best)
    inside = [r for r in grid if loglik(r) >= peak - 1.92]
    low, high = min(inside), max(inside)
    edge = best <= 0.5 or best >= 3999
    estimate = f"**{best:.0f}** (95%: {low:.0f} to {high:.0f}, about +{high - best:.0f} / -{best - low:.0f})"
    if edge: estimate += " - at the edge of the scale searched: every game won or every game lost"
else:
    estimate = "none (no games)"
version = subprocess.run(["git", "log", "-1", "--format=%h %cs"], capture_output=True, text=True).stdout.strip()
body = [
    "# Tessera's chess strength on Fairy-Stockfish's UCI_Elo scale",
    "",
    f"`scripts/engine-ladder.sh {games}`, started {started}, Tessera at {version}: `tessera match --variant chess",
    f"--a time={ms} --b uci:{engine},UCI_Elo=E,time={ms} --games {games} --seed 7` for each rung, both sides",
    f"at {ms} ms per action, random four-ply openings played twice with the colours swapped, one match at a time.",
    f"Against: {name} (UCI_LimitStrength set with UCI_Elo). Load average (1, 5, 15 min) before each rung and",
    f"at the end: {'; '.join(loads.split(';'))}. The machine has 2 cores shared with other sessions.",
    "",
    "| opponent's UCI_Elo | Tessera's score (95% margin) | points |",
    "|---|---|---|",
]
for rung, score, points in rows:
    body.append(f"| {rung if rung != 'full' else 'full strength'} | {score} | {points} |")
body += [
    "",
    f"Elo estimate on that scale: {estimate}, the rating that makes the scores against the rated rungs",
    "most likely (each game's expected score 1 / (1 + 10^((UCI_Elo - R) / 400)), draws half); the margin",
    "is where the log-likelihood falls 1.92 below its peak. Full strength is not in the estimate.",
    "UCI_Elo is the engine's own calibration (made by its authors at longer time controls), not FIDE's;",
    f"at {ms} ms per action a limited Stockfish is not exactly that strong, so the figure places Tessera",
    "on that engine's scale and no more.",
    "",
]
pathlib.Path(report).write_text("\n".join(body))
print("\n".join(body))
PY
