#!/usr/bin/env bash
# Times one of the README's two commands on a fresh Debian 12 machine: a clean root made by
# mmdebstrap (essential packages and apt, nothing else), the committed tree copied into it, and the
# command run there as root, its own package installs included. Prints the time and how many packages
# the command installed. Work files: build-fresh/.
#   usage: scripts/time-fresh-machine.sh demo|test
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-vm.sh >/dev/null

what="${1:-demo}"
case "$what" in
  demo | test) ;;
  *) echo "time-fresh-machine: demo or test, not '$what'" >&2; exit 2 ;;
esac
work=build-fresh
rm -rf "$work"
mkdir -p "$work"
git archive --format=tar --prefix=tessera/ HEAD >"$work/tessera.tar"
cat >"$work/run.sh" <<EOF
set -e
cd /root && tar -xf /tmp/tessera.tar && cd tessera
before=\$(dpkg-query -W -f='\${Status}\n' | grep -c "install ok installed")
started=\$(date +%s)
bash scripts/$what.sh >/tmp/$what.log 2>&1 || { tail -40 /tmp/$what.log; echo "fresh machine: scripts/$what.sh FAILED"; exit 1; }
ended=\$(date +%s)
after=\$(dpkg-query -W -f='\${Status}\n' | grep -c "install ok installed")
tail -5 /tmp/$what.log
echo "fresh machine: scripts/$what.sh took \$((ended - started)) s and installed \$((after - before)) packages"
EOF
mmdebstrap --mode=root --variant=apt \
  --customize-hook="copy-in $work/tessera.tar $work/run.sh /tmp" \
  --customize-hook='chroot "$1" bash /tmp/run.sh' \
  bookworm "$work/root" 2>&1 | grep -E "^fresh machine|FAILED|^[^I]" | grep -v -E "^(Get:|Selecting|Preparing|Unpacking|Setting up|Processing)"
