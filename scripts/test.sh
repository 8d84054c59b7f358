#!/usr/bin/env bash
# Installs what is missing, builds everything and runs every test. Exit code: 0 only if all pass.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-tests.sh
# The MCU image, so that the end-to-end test boots the real firmware in QEMU instead of skipping.
bash scripts/build-firmware.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_TESTS=ON
cmake --build build -j"$(nproc)"
ctest --test-dir build --output-on-failure -j"$(nproc)"
