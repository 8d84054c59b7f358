#include <ostream>

#include "commands.hpp"
#include "hardware/camera/libcamera_cameras.hpp"
#include "hardware/camera/v4l2_cameras.hpp"
#include "host/cli/options.hpp"

namespace tessera::commands {
namespace {

constexpr const char* kIndent = "      ";

void printModes(const std::vector<std::string>& modes, std::ostream& out) {
  for (const std::string& mode : modes) out << kIndent << mode << "\n";
}

// The --input that names a V4L2 camera: camera:N for /dev/videoN, else its path.
std::string inputFor(const std::string& path) {
  const std::string prefix = "/dev/video";
  const std::string number = path.rfind(prefix, 0) == 0 ? path.substr(prefix.size()) : "";
  const bool numbered = !number.empty() && number.find_first_not_of("0123456789") == std::string::npos;
  return "camera:" + (numbered ? number : path);
}

}  // namespace

cli::Command camerasCommand() {
  static const std::vector<cli::OptionSpec> specs = {};
  return {"cameras", "list the cameras there are (V4L2 devices and libcamera's cameras) with their modes",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera cameras",
                                   "Lists the cameras this computer has, each with the --input that reads it and\n"
                                   "the pixel formats and sizes it offers: V4L2 video-capture devices (USB\n"
                                   "webcams: camera:N is /dev/videoN) and the cameras libcamera drives (a\n"
                                   "Raspberry Pi Camera Module: camera:libcamera:N). Exits 1 if there is none.",
                                   specs);
              return 0;
            }
            int found = 0;
            const auto v4l2 = camera::listV4l2Cameras();
            out << "V4L2 cameras:" << (v4l2.empty() ? " none (no /dev/videoN captures video)" : "") << "\n";
            for (const camera::V4l2Camera& c : v4l2) {
              out << "  " << inputFor(c.path) << "  " << c.path;
              if (!c.problem.empty()) {
                out << ": " << c.problem << "\n";
                continue;
              }
              out << ": " << c.card << " (" << c.driver << ")";
              if (c.rawSensor) out << ", a CSI camera's raw node: read it with camera:libcamera";
              out << "\n";
              for (const std::string& name : c.otherNames) out << kIndent << "also " << name << "\n";
              printModes(c.modes, out);
              if (!c.rawSensor) ++found;
            }
            const auto libcamera = camera::listLibcameraCameras();
            out << "libcamera cameras:";
            if (libcamera.problem) out << " none listed: " << *libcamera.problem;
            else if (libcamera.cameras.empty()) out << " none";
            out << "\n";
            for (std::size_t i = 0; i < libcamera.cameras.size(); ++i) {
              out << "  camera:libcamera:" << i << "  " << libcamera.cameras[i].id << "\n";
              printModes(libcamera.cameras[i].modes, out);
              ++found;
            }
            return found > 0 ? 0 : 1;
          }};
}

}  // namespace tessera::commands
