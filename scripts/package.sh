#!/usr/bin/env bash
# Builds tessera's Debian package (scripts/package/tessera-package.cmake, docs/packaging.md):
#   amd64  from build/, the tree scripts/demo.sh and scripts/test.sh build (the package's library
#          dependencies computed by dpkg-shlibdeps);
#   arm64  the Raspberry Pi's, cross-built in build-package-arm64/ against build-arm64-sysroot/
#          (scripts/arm64-sysroot.sh); its dependencies are the amd64 package's, made first if
#          missing: the same Debian release names the same library packages on both.
# The packages go to build-package/ as tessera_VERSION_ARCH.deb.
#
#   usage: scripts/package.sh [amd64] [arm64]   (default: amd64)
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-vm.sh >/dev/null

out=build-package
mkdir -p "$out"
say() { echo "package: $*"; }

amd64() {
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_PACKAGE=ON >/dev/null
  cmake --build build -j"$(nproc)" --target tessera tessera_man_page
  rm -f build/tessera_*.deb
  (cd build && cpack -G DEB >/dev/null)
  rm -f "$out"/tessera_*_amd64.deb
  mv build/tessera_*_amd64.deb "$out/"
  say "$(ls "$out"/tessera_*_amd64.deb): $(du -k "$out"/tessera_*_amd64.deb | cut -f1) KB"
}

arm64() {
  [ -n "$(ls "$out"/tessera_*_amd64.deb 2>/dev/null)" ] || amd64
  local depends
  depends="$(dpkg-deb -f "$(ls "$out"/tessera_*_amd64.deb | head -1)" Depends | sed 's/^adduser, //')"
  bash scripts/arm64-sysroot.sh
  cmake -S . -B build-package-arm64 -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_TOOLCHAIN_FILE=scripts/aarch64-host-toolchain.cmake \
    -DTESSERA_PACKAGE=ON -DTESSERA_PACKAGE_DEPENDS="$depends" >/dev/null
  cmake --build build-package-arm64 -j"$(nproc)" --target tessera tessera_man_page
  rm -f build-package-arm64/tessera_*.deb
  (cd build-package-arm64 && cpack -G DEB >/dev/null)
  rm -f "$out"/tessera_*_arm64.deb
  mv build-package-arm64/tessera_*_arm64.deb "$out/"
  say "$(ls "$out"/tessera_*_arm64.deb): $(du -k "$out"/tessera_*_arm64.deb | cut -f1) KB"
}

[ $# -gt 0 ] || set -- amd64
for arch in "$@"; do
  case "$arch" in
    amd64) amd64 ;;
    arm64) arm64 ;;
    *) echo "package: no package for '$arch' (amd64 or arm64)" >&2; exit 2 ;;
  esac
done
