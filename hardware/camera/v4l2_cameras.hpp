#pragma once
// The V4L2 video-capture devices under /dev (USB webcams and the like), with what the driver says
// it can capture. `--input camera:N` is /dev/videoN. Memory-to-memory devices (the Pi's codecs and
// ISP) are left out: they capture nothing.
#include <string>
#include <vector>

namespace tessera::camera {

struct V4l2Camera {
  std::string path;                     // /dev/videoN
  std::vector<std::string> otherNames;  // /dev/v4l/by-id/... and by-path/... names of the same device
  std::string card, driver;             // as the driver names them ("HD Pro Webcam C920", "uvcvideo")
  std::vector<std::string> modes;       // one line per pixel format: "YUYV: 640x480, 1280x720"
  std::string problem;                  // why it could not be asked (no permission), else empty
  bool rawSensor = false;               // a CSI receiver's raw node (unicam, rp1-cfe): libcamera's to drive
};

// `devices`: the folder the nodes are in (/dev; another for tests).
std::vector<V4l2Camera> listV4l2Cameras(const std::string& devices = "/dev");

}  // namespace tessera::camera
