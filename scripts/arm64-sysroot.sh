#!/usr/bin/env bash
# Unpacks Debian bookworm's arm64 libraries the whole program builds against (OpenCV, Boost, libgpiod,
# GStreamer, GoogleTest and what they need) into build-arm64-sysroot/, for the cross build
# (scripts/aarch64-host-toolchain.cmake) that scripts/test-aarch64-host.sh and scripts/package.sh
# make. mmdebstrap's extract variant runs no code of theirs, so the links their install scripts would
# make are made here. Done once; again when the list of packages changes.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
sysroot=build-arm64-sysroot
packages=libc6-dev,libstdc++-12-dev,zlib1g-dev,libopencv-dev,libopencv-contrib-dev,libboost-dev,libboost-system-dev,nlohmann-json3-dev,libgpiod-dev,libmosquitto-dev,libgtest-dev,libgmock-dev,libgstreamer1.0-dev,libgstreamer-plugins-base1.0-dev,libqrencode-dev
if [ -e "$sysroot/.unpacked" ] && [ "$(cat "$sysroot/.unpacked")" = "$packages" ]; then exit 0; fi

$sudo rm -rf "$sysroot"
$sudo mmdebstrap --mode=root --variant=extract --arch=arm64 --include="$packages" bookworm "$sysroot"
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
echo "$packages" >"$sysroot/.unpacked"
