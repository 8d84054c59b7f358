#pragma once
// The --input of `play` and `calibrate`: where the board is read from.
#include <string>

namespace tessera::cli {

struct InputSpec {
  std::string kind;    // frames, camera, link, gpio
  std::string device;  // folder or video file, camera device (or libcamera:N), serial port
};

// frames:DIR|VIDEO, camera[:DEV] (a V4L2 device: default /dev/video0, a number N is /dev/videoN, a
// path such as /dev/v4l/by-id/...; or camera:libcamera[:N|:ID], a camera libcamera drives, whose
// device is then libcamera:N), link[:PORT] (default /dev/ttyACM0) or gpio. Throws UsageError for
// anything else, and for a camera path that is a file or a folder, or is not there and not under /dev/.
InputSpec parseInput(const std::string& text);

// Throws UsageError, naming the problem, for a recording (frames:...) that cannot be played.
void checkRecording(const InputSpec& input);

}  // namespace tessera::cli
