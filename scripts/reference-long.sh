#!/usr/bin/env bash
# The long comparison of the fast move generator with the reference generator: every variant over
# many more random games than the test run's 1000 each. Desert Dust's 1000 take about 140 s, so the
# default 10,000 take about 25 minutes for Desert Dust alone.
#
#   usage: scripts/reference-long.sh [games per variant, default 10000] [build directory, default build]
#   A relative build directory is taken from the repository's top.
set -euo pipefail
cd "$(dirname "$0")/.."
games="${1:-10000}"
build="${2:-build}"
[[ "$games" =~ ^[1-9][0-9]*$ ]] || { echo "reference-long: games must be a positive whole number, not '$games'" >&2; exit 2; }
binary="$build/tests/reference/tessera_reference_tests"
[ -x "$binary" ] || { echo "reference-long: no $binary (build first: cmake --build $build)" >&2; exit 1; }
TESSERA_REFERENCE_GAMES="$games" "$binary" --gtest_filter='EveryVariant/ReferenceComparison.*'
