#!/usr/bin/env bash
# Builds, once, a small x86_64 kernel with simulated GPIO chips (gpio-sim over configfs, and
# gpio-mockup) from Debian's linux-source-6.1, for scripts/test-gpio-sim.sh to boot in QEMU.
# The image is cached under $TESSERA_CACHE_DIR (default /var/cache/tessera) with the hash of the
# option list in its name: a second run, or a run after an unrelated change, does nothing.
#   usage: scripts/build-gpio-sim-kernel.sh [--force]
# Prints the path of the cached bzImage on its last line.
set -euo pipefail

cache_dir="${TESSERA_CACHE_DIR:-/var/cache/tessera}"
jobs="${TESSERA_KERNEL_JOBS:-2}"
source_tarball=/usr/src/linux-source-6.1.tar.xz

# Options on top of `make tinyconfig`: a serial console, an initramfs, ELF binaries with threads
# and timers, sysfs/devtmpfs, and the GPIO character device (uAPI v1, which libgpiod 1.6 uses)
# with the two simulators.
options=(
  64BIT PRINTK TTY SERIAL_8250 SERIAL_8250_CONSOLE
  BLK_DEV_INITRD RD_GZIP BINFMT_ELF BINFMT_SCRIPT
  PROC_FS SYSFS DEVTMPFS DEVTMPFS_MOUNT
  MULTIUSER FUTEX EPOLL SIGNALFD TIMERFD EVENTFD POSIX_TIMERS HIGH_RES_TIMERS
  CONFIGFS_FS DEBUG_FS
  GPIOLIB GPIO_CDEV GPIO_CDEV_V1 GPIO_SYSFS GPIO_SIM GPIO_MOCKUP
)

options_hash="$(printf '%s\n' "${options[@]}" | sha256sum | cut -c1-12)"
image="$cache_dir/gpio-sim-kernel/bzImage-6.1-$options_hash"

if [ "${1:-}" != "--force" ] && [ -s "$image" ]; then
  echo "build-gpio-sim-kernel: cached image is up to date"
  echo "$image"
  exit 0
fi

if [ ! -f "$source_tarball" ]; then
  echo "build-gpio-sim-kernel: $source_tarball is missing; run scripts/setup-gpio-sim.sh first" >&2
  exit 1
fi

start=$(date +%s)
work="$cache_dir/gpio-sim-kernel/src"
mkdir -p "$work"
if [ ! -f "$work/linux-source-6.1/Makefile" ]; then
  echo "build-gpio-sim-kernel: extracting $source_tarball"
  tar -xf "$source_tarball" -C "$work"
fi
cd "$work/linux-source-6.1"

make -s tinyconfig
config_args=()
for option in "${options[@]}"; do config_args+=(--enable "$option"); done
./scripts/config "${config_args[@]}"
make -s olddefconfig

# olddefconfig silently drops an option whose dependencies are not met: refuse to go on then.
for option in "${options[@]}"; do
  if ! grep -qx "CONFIG_$option=y" .config; then
    echo "build-gpio-sim-kernel: CONFIG_$option did not stay enabled (unmet dependency?)" >&2
    exit 1
  fi
done

echo "build-gpio-sim-kernel: building with -j$jobs"
make -s -j"$jobs" bzImage
cp arch/x86/boot/bzImage "$image.tmp"
mv "$image.tmp" "$image"
echo "build-gpio-sim-kernel: built in $(( $(date +%s) - start )) s, $(stat -c %s "$image") bytes"
echo "$image"
