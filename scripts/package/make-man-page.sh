#!/usr/bin/env bash
# Makes the man page tessera(1) from the program's own help: help2man turns `tessera --help` into
# NAME, SYNOPSIS and DESCRIPTION, and every command's `tessera COMMAND --help` follows in a COMMANDS
# section, as printed. The page is written gzipped to OUT.
#   usage: make-man-page.sh OUT VERSION TESSERA...   (TESSERA: the program, after an emulator in a
#   cross build)
set -euo pipefail
out="$1" version="$2"
shift 2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# help2man runs one program by its path, and names the page after it.
printf '#!/bin/sh\nexec %s "$@"\n' "$(printf '%q ' "$@")" >"$work/tessera"
chmod +x "$work/tessera"
{
  echo "[COMMANDS]"
  for command in $("$work/tessera" --help | sed -n 's/^  \([a-z]\+\)  .*/\1/p'); do
    echo ".SS tessera $command"
    echo ".nf"
    # roff: backslashes written out, and no line may start with a control character.
    "$work/tessera" "$command" --help | sed -e 's/\\/\\e/g' -e "s/^\\([.']\\)/\\\\\\&\\1/"
    echo ".fi"
  done
} >"$work/commands.h2m"
help2man --no-info --no-discard-stderr --section=1 --version-string="$version" \
  --name="referee chess variants on a physical board" --include="$work/commands.h2m" "$work/tessera" >"$work/tessera.1"
gzip -9n <"$work/tessera.1" >"$out"
