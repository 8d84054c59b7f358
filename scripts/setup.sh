#!/usr/bin/env bash
# Installs every Debian package Tessera builds, tests or benchmarks with. Safe to run twice.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config git python3
  googletest libgtest-dev libgmock-dev libbenchmark-dev
  libboost-dev libboost-system-dev nlohmann-json3-dev
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

# gpio-sim.ko is built from linux-source against the kernel image (scripts/test-gpio-sim.sh), so
# the two must be the same Debian version; for a while the archive may carry a newer source than
# image (2026-11-28: linux-source-6.1 6.1.192-3 beside linux-image 6.1.192-2), so the source is
# held at the image's version where the archive still has it.
align_kernel_source() {
  local kernel="" image version current
  for image in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V -r); do
    version="${image#/boot/vmlinuz-}"
    if [ -d "/lib/modules/$version/build" ]; then kernel="$version"; break; fi
  done
  [ -n "$kernel" ] || return 0
  version="$(dpkg-query -W -f='${Version}' "linux-image-$kernel" 2>/dev/null ||
    dpkg-query -W -f='${Version}' "linux-image-$kernel-unsigned" 2>/dev/null || true)"
  current="$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)"
  [ -n "$version" ] && [ "$version" != "$current" ] || return 0
  apt-cache madison linux-source-6.1 | awk '{print $3}' | grep -qx "$version" || $sudo apt-get update -qq
  if apt-cache madison linux-source-6.1 | awk '{print $3}' | grep -qx "$version"; then
    echo "setup: linux-source-6.1 $version, the version of linux-image-$kernel (not $current)"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --allow-downgrades --no-install-recommends "linux-source-6.1=$version"
  else
    echo "setup: warning: the archive has no linux-source-6.1 $version for linux-image-$kernel: the gpio-sim tests cannot build their module"
  fi
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  align_kernel_source
  exit 0
fi

echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
align_kernel_source
echo "setup: done"
