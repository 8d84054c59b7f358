#!/usr/bin/env bash
# The ray-traced check of the camera pipeline (issue 70, docs/camera.md): scenes of the printed
# sheets (`tessera print`) rendered by POV-Ray with 3D pieces, area lights and soft shadows, paper
# texture and a lens, in five classes of condition (shadow, light, lens, messy, plain), each read by
# the real pipeline as `tessera calibrate --position S --input frames:DIR` reads a still board.
#
#   scripts/render-povray-scenes.sh [COUNT] [OUT_DIR]
#       COUNT scenes (default 70: every condition with every variant, from the start and in
#       mid-game) at 1280x720 and final quality into OUT_DIR (default build/povray-scenes), then
#       OUT_DIR/report.md. Long: run it by hand; docs/bench/povray-scenes.md is its last report.
#   scripts/render-povray-scenes.sh --ci OUT_DIR
#       CI's few scenes at 960x540 and draft quality, then the checks today's pipeline passes:
#       the markers found in every scene as calibrate needs them, no cell of a plain scene read wrong (exit 1 if not).
#
# Exits 77 when POV-Ray is not installed (ctest counts the test as skipped). The programs are
# $TESSERA and $POVRAY_SCENES, or build/tessera and build/tessera_povray_scenes (built if missing,
# with TESSERA_EXTRA_PROGRAMS on). POV-Ray runs at nice 15 with $POVRAY_THREADS threads, 1 by
# default: only then is a scene rendered the same every time (the jittered area lights draw their
# random numbers per thread; with 2 threads 4% of the values of a render differ from run to run).
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v povray >/dev/null; then
  echo "SKIPPED: povray is not installed (Debian package povray, installed by scripts/setup-tests.sh): no ray-traced scenes"
  exit 77
fi

if [ "${1:-}" = "--ci" ]; then
  out=${2:?usage: $0 --ci OUT_DIR}
  plan=(--ci) size=960x540 quality=draft check=(--check)
else
  count=${1:-70}
  out=${2:-build/povray-scenes}
  plan=(--count "$count") size=1280x720 quality=final check=()
fi
tessera=${TESSERA:-build/tessera}
scenes=${POVRAY_SCENES:-build/tessera_povray_scenes}
if [ ! -x "$tessera" ] || [ ! -x "$scenes" ]; then
  cmake --build build --target tessera tessera_povray_scenes
fi
threads=${POVRAY_THREADS:-1}

# Only what an earlier run of this script made goes.
mkdir -p "$out/sheets"
rm -rf "$out"/scene-* "$out"/sheets/* "$out/report.md"

started=$SECONDS
rendered=0
while read -r seed variant condition stage; do
  dir="$out/scene-$(printf %04d "$seed")-$variant-$condition-$stage"
  sheet="$out/sheets/$variant.png"
  # 40 mm cells at 72 dpi: 113 pixels a cell, finer than the camera sees it.
  [ -f "$sheet" ] || "$tessera" print --variant "$variant" --cell-mm 40 --dpi 72 --out "$sheet" >/dev/null
  "$scenes" scene --seed "$seed" --variant "$variant" --condition "$condition" --stage "$stage" \
    --sheet "$sheet" --out "$dir" --size "$size" --quality "$quality"
  scene_started=$SECONDS
  # On a busy machine POV-Ray 3.7 may give up starting its threads ("Timed out waiting for worker
  # thread startup") before it parses anything: that alone is tried again.
  for attempt in 1 2 3; do
    if (cd "$dir" && nice -n 15 povray scene.ini +WT"$threads" >povray.log 2>&1); then break; fi
    if [ $attempt = 3 ] || ! grep -q "Timed out waiting for worker thread startup" "$dir/povray.log"; then
      echo "povray failed on $dir:"
      tail -5 "$dir/povray.log"
      exit 1
    fi
    echo "  POV-Ray did not start its threads in time; again"
    sleep 5
  done
  nice -n 15 "$scenes" develop "$dir"
  echo "  rendered in $((SECONDS - scene_started)) s"
  rendered=$((rendered + 1))
done < <("$scenes" plan "${plan[@]}")
render_seconds=$((SECONDS - started))

read_started=$SECONDS
status=0
"$scenes" read "$out" --report "$out/tables.md" "${check[@]}" || status=$?
read_seconds=$((SECONDS - read_started))

{
  echo "Made by \`scripts/render-povray-scenes.sh ${*}\` on $(date -u +%Y-%m-%d) at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown):"
  echo "$rendered scenes at $size, $quality quality, rendered in $render_seconds s ($threads POV-Ray threads, nice 15), read in $read_seconds s."
  echo
  cat "$out/tables.md"
} >"$out/report.md"
rm -f "$out/tables.md"
echo "$rendered scenes rendered in $render_seconds s, read in $read_seconds s; the report: $out/report.md"
exit $status
