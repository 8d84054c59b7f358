#!/usr/bin/env bash
# Installs tessera's Debian package as a user would (`apt install ./tessera_*.deb`) into a clean
# Debian 12 root made by mmdebstrap, and checks what the user gets:
#   both:  tessera runs, the tessera user is in the video and dialout groups, tessera.conf is a
#          conffile, the man page and the unit are there and the unit is not enabled, `tessera demo`
#          plays its game;
#   amd64: the root is then booted in the project's VM (scripts/vm-lib.sh) with its own systemd: the
#          service is not running, is enabled and started, serves the web page, stops cleanly; the
#          package removed keeps the user and the games, purged takes both;
#   arm64: every program in the root runs under qemu-user (binfmt, set up by scripts/setup-vm.sh);
#          there is no systemd to boot, so the unit's own ExecStart is run as the tessera user, the
#          page fetched, and the program stopped as systemd stops it (SIGTERM, exit code 0).
#
#   usage: scripts/test-package-install.sh [amd64|arm64]   (default amd64; the package is taken from
#   build-package/, which scripts/package.sh fills). Work files: build-package/install-ARCH/.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-vm.sh >/dev/null

arch="${1:-amd64}"
say() { echo "test-package-install ($arch): $*"; }
die() { echo "test-package-install ($arch): $*" >&2; exit 1; }
deb="$(ls build-package/tessera_*_"$arch".deb 2>/dev/null | tail -1)"
[ -n "$deb" ] || die "no package in build-package/ (make it: scripts/package.sh $arch)"
work="build-package/install-$arch"
rm -rf "$work"
mkdir -p "$work"
started=$SECONDS

# Run in the root after the install, as root.
cat >"$work/checks.sh" <<'EOF'
set -e
fail() { echo "install check FAILED: $*"; exit 1; }
tessera --help | grep -q "^  cameras " || fail "tessera --help does not list its commands"
getent passwd tessera >/dev/null || fail "no tessera user"
for group in video dialout; do id -nG tessera | grep -qw "$group" || fail "tessera is not in the $group group"; done
dpkg-query -W -f='${Conffiles}\n' tessera | grep -q "/etc/tessera/tessera.conf" || fail "tessera.conf is no conffile"
[ -s /usr/share/man/man1/tessera.1.gz ] || fail "no man page"
[ -s /usr/share/doc/tessera/README.md ] || fail "no README"
[ "$(systemctl is-enabled tessera.service 2>&1 || true)" = disabled ] || fail "the service is enabled before it is configured"
tessera demo --plies 4 --out /tmp/demo >/tmp/demo.log 2>&1 || { cat /tmp/demo.log; fail "tessera demo failed"; }
grep -q "^1\. " /tmp/demo/game.pgn || fail "the demo wrote no game"
echo "install checks passed: $(tessera variants | wc -l) variants, demo: $(tail -1 /tmp/demo.log)"
EOF

# The unit's own command line, run as its user, the page fetched, stopped as systemd stops it.
cat >"$work/service-by-hand.sh" <<'EOF'
set -e
fail() { echo "service check FAILED: $*"; exit 1; }
command="$(sed -e ':a' -e '/\\$/N; s/\\\n//; ta' /lib/systemd/system/tessera.service | sed -n 's/^ExecStart=//p')"
install -d -o tessera -g tessera /var/lib/tessera /run/tessera /var/cache/tessera
# The root shares this machine's network, whose port 8080 may be taken.
sed -i 's/^http = .*/http = 18473/' /etc/tessera/tessera.conf
# setpriv runs the program itself as the user (runuser would stay its parent and answer SIGTERM
# with its own exit code 143, whatever the program did).
GST_REGISTRY_1_0=/var/cache/tessera/gstreamer-registry.bin setpriv --reuid=tessera --regid=tessera --init-groups -- $command >/tmp/service.log 2>&1 &
pid=$!
waited=0
until curl -sf http://localhost:18473/ -o /tmp/page.html; do
  waited=$((waited + 1))
  [ "$waited" -lt 600 ] && kill -0 "$pid" 2>/dev/null || { cat /tmp/service.log; fail "no web page"; }
  sleep 1
done
grep -q "<title>Tessera</title>" /tmp/page.html || fail "the page is not tessera's"
kill -TERM "$pid"
status=0
wait "$pid" || status=$?
cat /tmp/service.log
[ "$status" = 0 ] || fail "exit code $status after SIGTERM"
echo "service check passed: the page after $waited s, exit code 0 on SIGTERM"
EOF

# Booted in the VM: a oneshot unit runs this once the system is up, and powers off.
cat >"$work/tessera-install-test" <<'EOF'
#!/bin/sh
echo
echo "TESSERA-VM-START in the installed root"
fail() { echo "service check FAILED: $*"; journalctl -u tessera --no-pager | tail -n 20; echo "TESSERA-VM-EXIT=1"; systemctl poweroff; exit 1; }
systemctl is-active --quiet tessera.service && fail "the service runs before it is enabled"
systemctl enable --now tessera.service || fail "systemctl enable --now tessera"
waited=0
until curl -sf http://localhost:8080/ -o /tmp/page.html; do
  waited=$((waited + 1))
  [ "$waited" -lt 300 ] || fail "no web page on port 8080"
  sleep 1
done
grep -q "<title>Tessera</title>" /tmp/page.html || fail "the page is not tessera's"
echo "service check: the page after $waited s"
systemctl stop tessera.service
systemctl is-active --quiet tessera.service && fail "still running after systemctl stop"
[ "$(systemctl show -p Result --value tessera.service)" = success ] || fail "the service did not end well: $(systemctl show -p Result --value tessera.service)"
journalctl -u tessera --no-pager -o cat | grep -v "^$" | tail -n 8
apt-get remove -y -qq tessera >/dev/null 2>&1 || fail "apt-get remove"
getent passwd tessera >/dev/null || fail "removing the package took the user"
[ -d /var/lib/tessera ] || fail "removing the package took the games"
apt-get purge -y -qq tessera >/dev/null 2>&1 || fail "apt-get purge"
getent passwd tessera >/dev/null && fail "purging the package left the user"
[ -e /var/lib/tessera ] && fail "purging the package left the games"
[ -e /etc/tessera/tessera.conf ] && fail "purging the package left the settings"
echo "service check passed: enabled, started, served the page, stopped; remove kept the user and games, purge took them"
echo "TESSERA-VM-EXIT=0"
systemctl poweroff
EOF
cat >"$work/tessera-install-test.service" <<'EOF'
[Unit]
Description=tessera's package install test
After=multi-user.target
[Service]
Type=oneshot
ExecStart=/usr/local/sbin/tessera-install-test
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS0
[Install]
WantedBy=multi-user.target
EOF

hooks=(
  --customize-hook="copy-in $deb $work/checks.sh $work/service-by-hand.sh /tmp"
  --customize-hook="chroot \"\$1\" apt-get install -y -q -o APT::Install-Recommends=true /tmp/$(basename "$deb")"
  --customize-hook='chroot "$1" sh /tmp/checks.sh'
)
if [ "$arch" = amd64 ]; then
  hooks+=(
    --customize-hook="copy-in $work/tessera-install-test /usr/local/sbin"
    --customize-hook="copy-in $work/tessera-install-test.service /etc/systemd/system"
    --customize-hook='chroot "$1" chmod 755 /usr/local/sbin/tessera-install-test'
    --customize-hook='chroot "$1" systemctl enable tessera-install-test.service'
  )
else
  hooks+=(--customize-hook='chroot "$1" sh /tmp/service-by-hand.sh')
fi
say "a clean Debian 12 root with $(basename "$deb") installed by apt"
mmdebstrap --mode=root --variant=apt --arch="$arch" --include=systemd-sysv,curl "${hooks[@]}" bookworm "$work/root" \
  2>&1 | grep -v -E "^(I: |Get:|Selecting|Preparing|Unpacking|Setting up|Processing)" || die "the install or its checks failed (above)"
say "installed and checked in $((SECONDS - started)) s"

if [ "$arch" = amd64 ]; then
  vm_name="test-package-install ($arch)"
  vm_work="$work/vm"
  vm_default_timeout=600
  export TESSERA_VM_MEMORY="${TESSERA_VM_MEMORY:-1536}"
  mkdir -p "$vm_work"
  source scripts/vm-lib.sh
  vm_pick_kernel
  vm_boot_system "$work/root"
  grep -E "^(service check|install check|TESSERA-VM-EXIT)" "$vm_console" || true
  [ "$vm_status" = 0 ] || { sed -n '/TESSERA-VM-START/,$p' "$vm_console" | tail -40; die "the service checks failed"; }
fi
say "passed in $((SECONDS - started)) s; the package: $(du -k "$deb" | cut -f1) KB"
