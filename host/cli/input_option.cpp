#include "input_option.hpp"

#include "hardware/camera/frame_source.hpp"
#include "host/cli/options.hpp"

namespace tessera::cli {

InputSpec parseInput(const std::string& text) {
  const auto colon = text.find(':');
  InputSpec in{text.substr(0, colon), colon == std::string::npos ? "" : text.substr(colon + 1)};
  if (in.kind == "frames") {
    if (in.device.empty()) throw UsageError("--input frames:DIR needs a folder of images or a video file");
  } else if (in.kind == "camera") {
    if (in.device.empty()) in.device = "/dev/video0";
  } else if (in.kind == "link") {
    if (in.device.empty()) in.device = "/dev/ttyACM0";
  } else if (in.kind != "gpio") {
    throw UsageError("unknown --input '" + text + "': use frames:DIR, camera[:DEV], link[:DEV] or gpio");
  }
  return in;
}

void checkRecording(const InputSpec& input) {
  if (input.kind != "frames") return;
  if (const auto problem = camera::recordingProblem(input.device))
    throw UsageError("--input frames:" + input.device + ": " + *problem);
}

}  // namespace tessera::cli
