#!/usr/bin/env bash
# scripts/check-layers.py must fail on includes that cross a layer the wrong way, and pass the same
# tree without them: rules including the engine, a driver including the rules, the program including
# tests/, and a firmware file reaching into core/.
set -euo pipefail
check="$1"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree"/core/{rules,engine,observation} "$tree"/hardware/gpio "$tree"/host "$tree"/tests/support "$tree"/firmware/portable
touch "$tree"/core/engine/search.hpp "$tree"/core/rules/position.hpp "$tree"/core/observation/observation.hpp "$tree"/tests/support/helper.hpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/core/engine/search.cpp
printf '#include "core/observation/observation.hpp"\n' > "$tree"/hardware/gpio/scan.cpp
printf '#include "core/engine/search.hpp"\n' > "$tree"/host/main.cpp
python3 "$check" "$tree" > "$tree/clean.txt" || { cat "$tree/clean.txt"; echo "FAIL: a clean tree was refused"; exit 1; }

printf '#include "core/engine/search.hpp"\n' > "$tree"/core/rules/variant.cpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/hardware/gpio/bad.cpp
printf '#include "tests/support/helper.hpp"\n' > "$tree"/host/bad.cpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/firmware/portable/bad.cpp
if python3 "$check" "$tree" > "$tree/out.txt"; then cat "$tree/out.txt"; echo "FAIL: wrong includes passed"; exit 1; fi
for expected in "core/rules/variant.cpp:1: core/rules may not include core/engine/search.hpp" \
                "hardware/gpio/bad.cpp:1: hardware/gpio may not include core/rules/position.hpp" \
                "host/bad.cpp:1: host may not include tests/support/helper.hpp" \
                "firmware/portable/bad.cpp:1: firmware may not include core/rules/position.hpp" \
                "4 includes cross a layer the wrong way"; do
  grep -qF "$expected" "$tree/out.txt" || { cat "$tree/out.txt"; echo "FAIL: missing: $expected"; exit 1; }
done
echo "check-layers refuses all four wrong includes"
