#!/usr/bin/env bash
# CI's short check of the amd64 package scripts/package.sh made (the whole install test,
# scripts/test-package-install.sh, about 15 minutes, is run by hand: docs/packaging.md): the files a
# user's system needs are in it, the settings are a conffile, it depends on the libraries the
# program links, and the program in it runs (unpacked, not installed).
set -euo pipefail
cd "$(dirname "$0")/.."
deb=$(ls build-package/tessera_*_amd64.deb | head -1)
fail() { echo "check-package: $deb: $*"; exit 1; }
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/tessera ./lib/systemd/system/tessera.service ./etc/tessera/tessera.conf \
            ./usr/share/man/man1/tessera.1.gz ./usr/share/doc/tessera/README.md; do
  grep -q " $path\$" <<<"$contents" || fail "no $path in it"
done
dpkg-deb --ctrl-tarfile "$deb" | tar -xO ./conffiles | grep -qx /etc/tessera/tessera.conf ||
  fail "/etc/tessera/tessera.conf is not a conffile"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libopencv-core libgpiod libstdc++; do
  grep -q "$library" <<<"$depends" || fail "its Depends name no $library package: $depends"
done
unpacked=$(mktemp -d)
trap 'rm -rf "$unpacked"' EXIT
dpkg-deb -x "$deb" "$unpacked"
"$unpacked/usr/bin/tessera" variants | grep -q desert-dust || fail "its tessera does not list the variants"
echo "check-package: $deb: files, conffile, Depends and the program are right ($(du -k "$deb" | cut -f1) KB)"
