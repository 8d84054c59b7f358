#include "input_option.hpp"

#include <algorithm>
#include <filesystem>

#include "hardware/camera/frame_source.hpp"
#include "host/cli/options.hpp"

namespace tessera::cli {
namespace {

// camera:N is /dev/videoN; a path is taken when it is a device, or a name under /dev/ not there now
// (a camera unplugged, waited for). Anything else is refused here: opened as a camera it would only
// be retried, and a video file is frames:FILE.
std::string cameraDevice(const std::string& text) {
  if (text.empty()) return "/dev/video0";
  // camera:libcamera is the first camera libcamera lists; camera:libcamera:N the N-th, or :ID by name.
  if (text == "libcamera") return std::string(camera::kLibcameraPrefix) + "0";
  if (text.rfind(camera::kLibcameraPrefix, 0) == 0) {
    if (text.size() == std::string(camera::kLibcameraPrefix).size())
      throw UsageError("--input camera:libcamera: needs the camera's number or id after the colon (tessera cameras lists them)");
    return text;
  }
  const auto isDigit = [](char c) { return c >= '0' && c <= '9'; };
  if (text.size() <= 3 && std::all_of(text.begin(), text.end(), isDigit))
    return "/dev/video" + std::to_string(std::stoi(text));
  std::error_code error;
  if (std::filesystem::is_character_file(text, error)) return text;
  if (std::filesystem::exists(text, error))
    throw UsageError("--input camera:" + text + ": not a camera device (a video or a folder of images is frames:" +
                     text + ")");
  if (text.rfind("/dev/", 0) != 0)
    throw UsageError("--input camera:" + text +
                     ": no such device (a camera is camera:N for /dev/videoN, or a path under /dev/ such as "
                     "/dev/v4l/by-id/...)");
  return text;
}

}  // namespace

InputSpec parseInput(const std::string& text) {
  const auto colon = text.find(':');
  InputSpec in{text.substr(0, colon), colon == std::string::npos ? "" : text.substr(colon + 1)};
  if (in.kind == "frames") {
    if (in.device.empty()) throw UsageError("--input frames:DIR needs a folder of images or a video file");
  } else if (in.kind == "camera") {
    in.device = cameraDevice(in.device);
  } else if (in.kind == "link") {
    if (in.device.empty()) in.device = "/dev/ttyACM0";
  } else if (in.kind != "gpio") {
    throw UsageError("unknown --input '" + text + "': use frames:DIR, camera[:DEV], camera:libcamera[:N], link[:DEV] or gpio");
  }
  return in;
}

void checkRecording(const InputSpec& input) {
  if (input.kind != "frames") return;
  if (const auto problem = camera::recordingProblem(input.device))
    throw UsageError("--input frames:" + input.device + ": " + *problem);
}

}  // namespace tessera::cli
