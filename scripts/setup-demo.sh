#!/usr/bin/env bash
# What building the tessera program and running its demo need, and nothing else: the compiler and
# build tools, and the libraries the program links (OpenCV, Boost, nlohmann-json, libgpiod, GStreamer, zlib,
# libqrencode for the web page's pairing QR code, libmosquitto for the club's broker).
# scripts/demo.sh runs it. Safe to run twice; needs root or sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-packages.sh demo \
  build-essential cmake ninja-build pkg-config \
  libboost-dev libboost-system-dev \
  libopencv-dev libopencv-contrib-dev zlib1g-dev \
  libgpiod-dev libgstreamer1.0-dev nlohmann-json3-dev \
  libqrencode-dev libmosquitto-dev
