#!/usr/bin/env bash
# What the tests in the project's VM (scripts/vm-lib.sh: gpio-sim, the camera drivers), the Arm cross
# builds and the Debian package and its install tests need on top of the tests' (setup-tests.sh):
# Debian's kernel with its headers and source (modules Debian lacks are built from it), QEMU, busybox,
# udev, libcamera's IPA modules; the arm64 cross compiler, qemu-user and mmdebstrap; help2man and
# dpkg's tools for the package. The scripts that need them run it. Safe to run twice; needs root or sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-tests.sh
bash scripts/install-packages.sh vm \
  linux-image-amd64 linux-headers-amd64 linux-source-6.1 kmod xz-utils busybox-static cpio qemu-system-x86 \
  udev libcamera-ipa \
  g++-aarch64-linux-gnu qemu-user qemu-user-static mmdebstrap arch-test \
  dpkg-dev file help2man

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

# The VM's modules are built from linux-source against the kernel image, so the two must be the same
# Debian version; for a while the archive may carry a newer source than image (2026-11-28:
# linux-source-6.1 6.1.192-3 beside linux-image 6.1.192-2), so the source is held at the image's
# version where the archive still has it.
kernel="" version="" current=""
for image in $(ls /boot/vmlinuz-* 2>/dev/null | sort -V -r); do
  version="${image#/boot/vmlinuz-}"
  if [ -d "/lib/modules/$version/build" ]; then kernel="$version"; break; fi
done
if [ -n "$kernel" ]; then
  version="$(dpkg-query -W -f='${Version}' "linux-image-$kernel" 2>/dev/null ||
    dpkg-query -W -f='${Version}' "linux-image-$kernel-unsigned" 2>/dev/null || true)"
  current="$(dpkg-query -W -f='${Version}' linux-source-6.1 2>/dev/null || true)"
  if [ -n "$version" ] && [ "$version" != "$current" ]; then
    apt-cache madison linux-source-6.1 | awk '{print $3}' | grep -qx "$version" || $sudo apt-get update -qq
    if apt-cache madison linux-source-6.1 | awk '{print $3}' | grep -qx "$version"; then
      echo "setup (vm): linux-source-6.1 $version, the version of linux-image-$kernel (not $current)"
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --allow-downgrades --no-install-recommends "linux-source-6.1=$version"
    else
      echo "setup (vm): warning: the archive has no linux-source-6.1 $version for linux-image-$kernel: the VM's modules cannot be built"
    fi
  fi
fi

# arm64 programs run through qemu-user wherever they are started (the arm64 install test's root):
# binfmt_misc told of qemu-aarch64-static, whose F flag keeps it usable inside a chroot.
binfmt=/proc/sys/fs/binfmt_misc
if [ ! -e "$binfmt/register" ]; then $sudo mount -t binfmt_misc binfmt_misc "$binfmt" 2>/dev/null || true; fi
if [ -e "$binfmt/register" ] && [ ! -e "$binfmt/qemu-aarch64" ] && [ -r /usr/lib/binfmt.d/qemu-aarch64.conf ]; then
  $sudo sh -c "cat /usr/lib/binfmt.d/qemu-aarch64.conf > $binfmt/register" && echo "setup (vm): arm64 programs run through qemu-aarch64-static"
fi
