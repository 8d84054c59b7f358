#!/usr/bin/env bash
# Benchmarks of the board firmware (issue 7), printed as figures:
#   1. the firmware core's full 12x12 matrix scan rate on this machine (host build);
#   2. end-to-end latency with the real image in QEMU: injected sensor change -> host snapshot,
#      and LED frame -> acknowledgement (median, p95, max over N samples).
# Usage: scripts/bench-firmware.sh [samples, default 200]
# Build tree: $TESSERA_BUILD_DIR (default build/); the MCU image goes to build-firmware/.
set -euo pipefail
cd "$(dirname "$0")/.."
samples="${1:-200}"
build="${TESSERA_BUILD_DIR:-build}"

bash scripts/build-firmware.sh >/dev/null
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" --target tessera_firmware_bench tessera_firmware_latency_bench -j"$(nproc)" >/dev/null

echo "== firmware core scan rate (host build, $(uname -m), $(nproc) cores)"
"$build/firmware/tessera_firmware_bench"
echo "== end-to-end latency, real image in qemu-system-arm ($(qemu-system-arm --version | head -1))"
timeout 300 "$build/tests/firmware/tessera_firmware_latency_bench" "$samples"
