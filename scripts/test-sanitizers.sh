#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer (gcc) into build-asan/ and
# runs every test there: a memory error, a leak or undefined behaviour in our code fails the test it
# happens in. Leaks inside the system libraries OpenCV's window opens are not ours and are ignored
# (scripts/lsan-suppressions.txt). About 40 minutes on 2 cores, most of it in the comparisons
# against the reference generator (Desert Dust's alone took 18 minutes); CI leaves those and the
# other slowest tests out (.ci/run: the build about 9 minutes, the tests about 6).
#
#   usage: scripts/test-sanitizers.sh [ctest arguments, e.g. -R RefereeSession]
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup-tests.sh
# -g1: line tables only, enough for file:line in a sanitizer's report; full debug information made
# this build 5 minutes longer (the whole CI step 25.5 min against 20.5). -O1, as AddressSanitizer's
# authors advise: the build took 682 s instead of 971 s at -O2 (2026-12-02, 2 cores), the tests about
# the same (470 s and 454 s), and it found a miscompiled debouncer that -O2 happened to get right.
# The test programs themselves at -O0 (TESSERA_TEST_OPTIMIZE), the code under test at -O1: the
# build took 609 s instead of 725 s, the tests no longer (446 s against 461 s; 2026-12-02, 2 cores).
# -fno-sanitize=vptr: the dynamic-type check of polymorphic objects, whose code made the web server
# take 105 s to compile instead of 79 s (2026-12-02). Besides exceptions, our only polymorphic
# classes are the hardware interfaces (ScanClock, MatrixLines, ButtonLines, FrameSource, the
# firmware's ByteSink, SensorLines and LedStrip), only ever called through the interface: the code
# has no dynamic_cast or typeid for the check to guard.
flags="-fsanitize=address,undefined -fno-sanitize=vptr -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g1"
# -Wl,--as-needed: Debian's gcc links only the libraries a program uses, but not with -fsanitize; then
# a test program that uses no OpenCV still loads it and the 260 libraries behind it, and under
# AddressSanitizer that cost 0.4 s at every test's start (the referee tests': 0.51 s, and 0.13 s without).
# TESSERA_EXTRA_PROGRAMS=OFF (CI): the by-hand benchmarks and tools and the window tests not built.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=Release -DTESSERA_OPTIMIZE=-O1 -DTESSERA_TEST_OPTIMIZE=-O0 -DCMAKE_C_FLAGS="$flags" -DCMAKE_CXX_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined -Wl,--as-needed" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DTESSERA_SLOW_TEST_TIMEOUT=3600 -DTESSERA_EXTRA_PROGRAMS="${TESSERA_EXTRA_PROGRAMS:-ON}"
cmake --build build-asan -j"$(nproc)"
export ASAN_OPTIONS="detect_leaks=1"
export UBSAN_OPTIONS="print_stacktrace=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"
ctest --test-dir build-asan --output-on-failure -j"$(nproc)" "$@"
