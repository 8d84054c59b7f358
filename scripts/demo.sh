#!/usr/bin/env bash
# Installs what is missing, builds, and runs the built-in demo (no hardware needed).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-demo.sh
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_TESTS=OFF
cmake --build build -j"$(nproc)" --target tessera
./build/tessera demo "$@"
