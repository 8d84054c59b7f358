#!/usr/bin/env bash
# Builds the rules and the engine for the Raspberry Pi's CPU (64-bit Arm, Debian's cross compiler)
# and runs their tests under qemu-user: the same perft counts, legal actions, forced mates and
# engine answers on the Pi's CPU as here (char is unsigned there, for one). About 40 minutes under
# emulation, most of it in the Desert Dust comparison; CI runs it with
# -E "ReferenceComparison|RoundTrip|RandomVariants".
#
#   usage: scripts/test-aarch64.sh [ctest arguments, e.g. -R ChessPerft]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-vm.sh
cmake -S . -B build-aarch64 -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_CORE_ONLY=ON \
  -DCMAKE_TOOLCHAIN_FILE=scripts/aarch64-toolchain.cmake -DTESSERA_SLOW_TEST_TIMEOUT=3600
cmake --build build-aarch64 -j"$(nproc)"
ctest --test-dir build-aarch64 --output-on-failure -j"$(nproc)" "$@"
