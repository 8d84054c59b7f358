#!/usr/bin/env bash
# Installs every Debian package Tessera builds, tests or benchmarks with. Safe to run twice.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libboost-dev libboost-system-dev
  libopencv-dev libopencv-contrib-dev zlib1g-dev
  libgpiod-dev gpiod
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm
  fairy-stockfish
  linux-image-amd64 linux-headers-amd64 linux-source-6.1 kmod xz-utils busybox-static cpio qemu-system-x86
  chromium xvfb xdotool xboard poppler-utils
  g++-aarch64-linux-gnu qemu-user mmdebstrap
  clang libclang-rt-14-dev
)

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
