#pragma once
// The cameras libcamera sees (a Raspberry Pi Camera Module on the CSI connector, and any camera
// another libcamera pipeline drives), listed through GStreamer's libcamera device provider
// (Debian's gstreamer1.0-libcamera, or Raspberry Pi OS's own build with the Pi's pipelines).
// `--input camera:libcamera:N` is the N-th of this list, counted from 0.
#include <optional>
#include <string>
#include <vector>

namespace tessera::camera {

struct CameraSize {
  int width = 0, height = 0;
  bool operator==(const CameraSize&) const = default;
};

struct LibcameraCamera {
  std::string id;                  // libcamera's name for it, e.g. /base/soc/i2c0mux/i2c@1/imx708@1a
  std::vector<std::string> modes;  // one line per pixel format: "RGB: 640x480, 1280x720; any size from ..."
  std::vector<CameraSize> sizes;   // the sizes it lists, of any format, each once, in its order
};

struct LibcameraCameras {
  std::vector<LibcameraCamera> cameras;
  std::optional<std::string> problem;  // why none could be listed (GStreamer or its plugin missing)
};

LibcameraCameras listLibcameraCameras();

}  // namespace tessera::camera
