#!/usr/bin/env bash
# Builds the whole program (the host program, the camera, the display, the web page, the drivers)
# for the Raspberry Pi's CPU (64-bit Arm) against Debian's own arm64 libraries, and runs its tests
# under qemu-user. The libraries are unpacked once into build-arm64-sysroot/ (scripts/arm64-sysroot.sh).
#
#   usage: scripts/test-aarch64-host.sh [ctest arguments, e.g. -R Camera]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-vm.sh
bash scripts/arm64-sysroot.sh

cmake -S . -B build-arm64 -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE=scripts/aarch64-host-toolchain.cmake -DTESSERA_SLOW_TEST_TIMEOUT=3600
cmake --build build-arm64 -j"$(nproc)"
ctest --test-dir build-arm64 --output-on-failure -j"$(nproc)" "$@"
