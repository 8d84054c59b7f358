#!/usr/bin/env bash
# The club's benchmark (docs/club.md): 16, 64 and 256 simulated boards, each an action every 2 s,
# through the real Mosquitto broker to `tessera hub`; the latency from an action on a board to the
# arbiter's feed showing it, and the hub's CPU and memory. Results go in docs/bench/club.md by hand.
#   scripts/bench-club.sh [SECONDS]   (default 20 per run; needs mosquitto: scripts/setup-tests.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
cmake --build build -j2 --target tessera tessera_club_bench >/dev/null
for boards in 16 64 256; do
  ./build/tests/hub/tessera_club_bench "$boards" "$seconds" 2000 2>&1 | grep "club bench"
done
