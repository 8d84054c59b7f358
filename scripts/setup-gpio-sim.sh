#!/usr/bin/env bash
# Installs what the simulated-GPIO test path needs (kernel source and build tools, QEMU, a static
# busybox). Kept apart from setup.sh so that CI, which does not boot the VM, stays fast.
# Safe to run twice.
set -euo pipefail

packages=(
  linux-source-6.1 build-essential flex bison bc libelf-dev libssl-dev cpio xz-utils
  qemu-system-x86 busybox-static
  libgpiod-dev gpiod
)

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup-gpio-sim: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "setup-gpio-sim: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}"
echo "setup-gpio-sim: done"
