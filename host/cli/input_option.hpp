#pragma once
// The --input of `play` and `calibrate`: where the board is read from.
#include <string>

namespace tessera::cli {

struct InputSpec {
  std::string kind;    // frames, camera, link, gpio
  std::string device;  // folder or video file, /dev/videoN, serial port
};

// frames:DIR|VIDEO, camera[:DEV] (default /dev/video0), link[:PORT] (default /dev/ttyACM0) or gpio.
// Throws UsageError for anything else.
InputSpec parseInput(const std::string& text);

// Throws UsageError, naming the problem, for a recording (frames:...) that cannot be played.
void checkRecording(const InputSpec& input);

}  // namespace tessera::cli
