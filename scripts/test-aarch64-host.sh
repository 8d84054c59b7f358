#!/usr/bin/env bash
# Builds the whole program (the host program, the camera, the display, the web page, the drivers)
# for the Raspberry Pi's CPU (64-bit Arm) against Debian's own arm64 libraries, and runs its tests
# under qemu-user. The libraries (OpenCV, Boost, nlohmann-json, libgpiod, GoogleTest and what they need) are
# unpacked once into build-arm64-sysroot/ by mmdebstrap's extract variant: no code of theirs runs
# here, so two links their install scripts would make are made below.
#
#   usage: scripts/test-aarch64-host.sh [ctest arguments, e.g. -R Camera]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

sysroot=build-arm64-sysroot
# Unpacked again when this list changes (.unpacked holds the list it was unpacked with).
packages=libc6-dev,libstdc++-12-dev,zlib1g-dev,libopencv-dev,libopencv-contrib-dev,libboost-dev,libboost-system-dev,nlohmann-json3-dev,libgpiod-dev,libgtest-dev,libgmock-dev
if [ "$(cat "$sysroot/.unpacked" 2>/dev/null)" != "$packages" ]; then
  $sudo rm -rf "$sysroot"
  $sudo mmdebstrap --mode=root --variant=extract --arch=arm64 --include="$packages" \
    bookworm "$sysroot" "deb http://deb.debian.org/debian bookworm main"
  $sudo chown -R "$(id -u):$(id -g)" "$sysroot"
  # qemu-aarch64 -L looks for every path in the folder first: its device nodes would hide the
  # machine's own (/dev/ptmx there cannot open a pseudo-terminal).
  rm -rf "$sysroot/dev"
  # Links to absolute paths would leave the folder; the linker and qemu need them inside it.
  find "$sysroot" -type l -lname '/*' | while read -r link; do
    target=$(readlink "$link")
    ln -sfn "$(realpath -m --relative-to="$(dirname "$link")" "$sysroot$target")" "$link"
  done
  # BLAS and LAPACK are chosen by update-alternatives in their install scripts.
  libdir="$sysroot/usr/lib/aarch64-linux-gnu"
  ln -sfn blas/libblas.so.3 "$libdir/libblas.so.3"
  ln -sfn lapack/liblapack.so.3 "$libdir/liblapack.so.3"
  echo "$packages" > "$sysroot/.unpacked"
fi

cmake -S . -B build-arm64 -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_TOOLCHAIN_FILE=scripts/aarch64-host-toolchain.cmake -DTESSERA_SLOW_TEST_TIMEOUT=3600
cmake --build build-arm64 -j"$(nproc)"
ctest --test-dir build-arm64 --output-on-failure -j"$(nproc)" "$@"
