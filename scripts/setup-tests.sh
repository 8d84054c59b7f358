#!/usr/bin/env bash
# What the tests need on top of the demo's (scripts/setup-demo.sh): GoogleTest and Google Benchmark,
# the firmware's cross compiler and QEMU board, the programs the tests talk to or read with
# (Fairy-Stockfish, Chromium, XBoard under Xvfb, poppler, POV-Ray for the ray-traced scenes, the
# Mosquitto broker and openssl for the club's tests, the latter making their TLS certificates), GStreamer's libcamera plugin and tools
# (the libcamera camera's own messages), clang for the sanitizer and fuzzing runs, and zbar-tools (a QR
# code reader for the pairing QR code).
# scripts/test.sh runs it. Safe to run twice; needs root or sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup-demo.sh
bash scripts/install-packages.sh tests \
  git python3 googletest libgtest-dev libgmock-dev libbenchmark-dev gpiod \
  gcc-arm-none-eabi libnewlib-arm-none-eabi libstdc++-arm-none-eabi-newlib qemu-system-arm \
  fairy-stockfish chromium xvfb xdotool xboard poppler-utils povray \
  gstreamer1.0-libcamera gstreamer1.0-tools gstreamer1.0-plugins-base \
  clang libclang-rt-14-dev zbar-tools \
  mosquitto openssl
