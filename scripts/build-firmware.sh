#!/usr/bin/env bash
# Builds the MCU images with Debian's arm-none-eabi toolchain into build-firmware/ (a separate
# CMake project from the main build):
#   build-firmware/tessera-qemu-netduinoplus2.elf   runs in qemu-system-arm -M netduinoplus2 (tests)
#   build-firmware/tessera-blackpill-f411.{elf,bin} for the STM32F411 'Black Pill'
# Usage: scripts/build-firmware.sh [extra cmake -D options, e.g. -DTESSERA_BOARD_FILES=12]
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build-firmware"

if ! command -v arm-none-eabi-g++ >/dev/null; then
  echo "build-firmware: arm-none-eabi-g++ not found; run scripts/setup-tests.sh" >&2
  exit 1
fi
generator=()
if command -v ninja >/dev/null; then generator=(-G Ninja); fi

cmake -S "$root/firmware/arm" -B "$out" "${generator[@]}" \
  -DCMAKE_TOOLCHAIN_FILE="$root/firmware/arm-none-eabi.cmake" -DCMAKE_BUILD_TYPE=MinSizeRel "$@" >/dev/null
cmake --build "$out" -j2
