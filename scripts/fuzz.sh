#!/usr/bin/env bash
# Fuzzes what Tessera reads from users, other programs, its own journal and the camera: position
# strings, action text, game records, UCI sessions, variant files, game journals, the GPIO
# configuration, the serial link at both ends, camera frames spoilt in every way, and requests to
# the web server with and without a paired device's token (tests/fuzz/).
# Builds core/ and the camera with clang, libFuzzer, AddressSanitizer and
# UndefinedBehaviorSanitizer into build-fuzz/, writes seed inputs from seeded random games and
# rendered scenes, then runs each target for SECONDS (default 300), one target per core at a time.
# An input that crashes, trips a sanitizer or breaks a target's promise is saved in
# build-fuzz/crashes/ and the script fails.
# Usage: scripts/fuzz.sh [SECONDS]   (CI runs a short smoke: scripts/fuzz.sh 6)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
case "$seconds" in
  ''|*[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;;
esac
CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_FUZZ=ON > /dev/null
cmake --build build-fuzz -j"$(nproc)"
rm -rf build-fuzz/seeds build-fuzz/crashes
mkdir -p build-fuzz/crashes build-fuzz/corpus
./build-fuzz/tests/fuzz/tessera_fuzz_seeds build-fuzz/seeds
targets=(position_text move_text pgn uci xboard variant_text journal gpio_config serial_link camera_frame http)
# Fuzzes one target, then prints what it found; writes its verdict to build-fuzz/<target>.status.
fuzz_target() {
  local target="$1" timeout=30
  mkdir -p "build-fuzz/corpus/$target"
  echo "fuzz: $target for ${seconds} s"
  # The corpus grows across runs in build-fuzz/corpus/; the seeds are read, not written.
  # A frame must be read in well under a second; ten, under the sanitizers, is a hang.
  [ "$target" = camera_frame ] && timeout=10
  if ./build-fuzz/tests/fuzz/fuzz_$target -max_total_time="$seconds" -timeout="$timeout" -max_len=2000 \
      -print_final_stats=1 -artifact_prefix="build-fuzz/crashes/$target-" \
      "build-fuzz/corpus/$target" "build-fuzz/seeds/$target" > "build-fuzz/$target.log" 2>&1; then
    echo passed > "build-fuzz/$target.status"
  else
    echo failed > "build-fuzz/$target.status"
    # Enough to reproduce from a CI log alone: the message, where it happened, and the input.
    grep -E "ERROR|runtime error|terminate called|what\(\)|SUMMARY|Test unit written" "build-fuzz/$target.log" | head -8 || true
    grep -E "^ +#[0-9]+ " "build-fuzz/$target.log" | grep -E "tessera|LLVMFuzzerTestOneInput" | head -12 || true
    for input in build-fuzz/crashes/"$target"-*; do
      [ -f "$input" ] || continue
      echo "fuzz: input $input, $(wc -c < "$input") bytes; as text:"
      cat -v "$input" | head -60
      echo
      echo "fuzz: the same in base64 (base64 -d > input to reproduce):"
      base64 "$input"
    done
  fi
  grep -E "stat::number_of_executed_units" "build-fuzz/$target.log" || true
}
# One target per core at a time (each fuzzer runs on one); each one's report is printed whole, in
# the order of the list.
rm -f build-fuzz/*.status build-fuzz/*.report
at_once="$(nproc)"
for target in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$at_once" ]; do sleep 0.2; done
  fuzz_target "$target" > "build-fuzz/$target.report" 2>&1 &
done
wait
failed=()
for target in "${targets[@]}"; do
  cat "build-fuzz/$target.report"
  [ "$(cat "build-fuzz/$target.status" 2>/dev/null)" = passed ] || failed+=("$target")
done
if [ ${#failed[@]} -ne 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in build-fuzz/crashes/, logs in build-fuzz/*.log)" >&2
  exit 1
fi
echo "fuzz: no failures in ${seconds} s per target"
