#!/usr/bin/env bash
# Installs the Debian packages named that are not installed yet (apt-get, without recommended
# extras). Safe to run twice; needs root or sudo. Used by setup-demo.sh, setup-tests.sh, setup-vm.sh.
#   usage: scripts/install-packages.sh WHAT PACKAGE...   (WHAT names the set in its messages)
set -euo pipefail
what="$1"
shift
missing=()
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "setup ($what): all $# packages already installed"
  exit 0
fi
sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
echo "setup ($what): installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup ($what): done"
