#!/usr/bin/env bash
# scripts/check-layers.py must fail on includes that cross a layer the wrong way, and pass the same
# tree without them: rules including the engine, a driver including the rules, the program including
# tests/, a firmware file reaching into core/, and the session including the web page that shows it.
set -euo pipefail
check="$1"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
mkdir -p "$tree"/core/{rules,engine,observation} "$tree"/hardware/gpio "$tree"/host/{session,web} "$tree"/tests/support "$tree"/firmware/portable
touch "$tree"/core/engine/search.hpp "$tree"/core/rules/position.hpp "$tree"/core/observation/observation.hpp "$tree"/tests/support/helper.hpp \
  "$tree"/host/session/referee_session.hpp "$tree"/host/web/web_server.hpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/core/engine/search.cpp
printf '#include "core/observation/observation.hpp"\n' > "$tree"/hardware/gpio/scan.cpp
printf '#include "core/engine/search.hpp"\n' > "$tree"/host/main.cpp
printf '#include "host/session/referee_session.hpp"\n' > "$tree"/host/web/state_json.cpp
python3 "$check" "$tree" > "$tree/clean.txt" || { cat "$tree/clean.txt"; echo "FAIL: a clean tree was refused"; exit 1; }

printf '#include "core/engine/search.hpp"\n' > "$tree"/core/rules/variant.cpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/hardware/gpio/bad.cpp
printf '#include "tests/support/helper.hpp"\n' > "$tree"/host/bad.cpp
printf '#include "core/rules/position.hpp"\n' > "$tree"/firmware/portable/bad.cpp
printf '#include "host/web/web_server.hpp"\n' > "$tree"/host/session/bad.cpp
if python3 "$check" "$tree" > "$tree/out.txt"; then cat "$tree/out.txt"; echo "FAIL: wrong includes passed"; exit 1; fi
for expected in "core/rules/variant.cpp:1: core/rules may not include core/engine/search.hpp" \
                "hardware/gpio/bad.cpp:1: hardware/gpio may not include core/rules/position.hpp" \
                "host/bad.cpp:1: host may not include tests/support/helper.hpp" \
                "firmware/portable/bad.cpp:1: firmware may not include core/rules/position.hpp" \
                "host/session/bad.cpp:1: host/session may not include host/web/web_server.hpp" \
                "5 includes cross a layer the wrong way"; do
  grep -qF "$expected" "$tree/out.txt" || { cat "$tree/out.txt"; echo "FAIL: missing: $expected"; exit 1; }
done
echo "check-layers refuses all five wrong includes"
