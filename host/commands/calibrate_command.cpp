#include <chrono>
#include <cmath>
#include <ostream>
#include <set>
#include <thread>

#include <opencv2/imgcodecs.hpp>

#include "commands.hpp"
#include "host/cli/config_setting.hpp"
#include "host/cli/lens_option.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/variant/view_check.hpp"
#include "host/cli/input_option.hpp"
#include "host/cli/output_path.hpp"
#include "host/cli/variant_option.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::commands {
namespace {

void printList(std::ostream& out, const char* title, const std::vector<std::string>& lines) {
  if (lines.empty()) return;
  out << title << ":\n";
  for (const std::string& line : lines) out << "  " << line << "\n";
}

}  // namespace

cli::Command calibrateCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"input", "SPEC", "camera[:DEV] (a V4L2 device: /dev/videoN, its number N, /dev/v4l/by-id/...; default "
                        "/dev/video0), camera:libcamera[:N] (a Pi Camera Module: tessera cameras lists them) or frames:DIR|VIDEO"},
      {"position", "POSITION", "the board is set up as this position string (default: the variant's start)"},
      {"seconds", "N", "look for N seconds, 1-60 (default 3; a recording: its first N seconds)"},
      {"fps", "N", "frame rate of an image folder, 1-120 (default 10)"},
      {"out", "FILE.png", "write the last frame with every cell outlined: green right, red wrong, amber unsure"},
      {"lens", "K", "read through this lens distortion instead of measuring it (see tessera play --lens)"},
      {"config", "FILE", "write the lens measured into this configuration file of tessera play ([tessera] lens = K)"},
  };
  return {"calibrate", "check the camera's view of the board before a game: markers, stillness, every cell",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream& err) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText(
                  "tessera calibrate --variant V [--input camera[:DEV]|frames:DIR] [--position S] [--seconds N] "
                  "[--fps N] [--out FILE.png] [--lens K | --config FILE]",
                  "Set the board up (the variant's start, or --position) in front of the camera and\n"
                  "run this: the frames go through the same reading as in a game. It reports how often\n"
                  "the board was found, how large its markers are, whether it kept still long enough\n"
                  "to be read, and every cell read otherwise than the position has it, with what to\n"
                  "change. It measures the lens's distortion from the sheet's straight lines and reads\n"
                  "the board through it; --config FILE writes it into tessera play's configuration.\n"
                  "Exits 0 when the view is good enough to referee a game, 1 when it is not.",
                  specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            const std::string inputText = options.value("input", "camera");
            const std::string inputKind = inputText.substr(0, inputText.find(':'));
            if (inputKind != "camera" && inputKind != "frames")
              throw cli::UsageError("--input '" + inputText +
                                    "': calibrate checks a camera's view: use camera[:DEV] or frames:DIR|VIDEO");
            const cli::InputSpec input = cli::parseInput(inputText);
            cli::checkRecording(input);
            const bool live = input.kind == "camera";
            const Position expected = cli::chosenPosition(options, variant, "position");
            const double seconds = static_cast<double>(options.integer("seconds", 3, 1, 60));
            const double fps = static_cast<double>(options.integer("fps", 10, 1, 120));
            std::optional<camera::Lens> lens;
            if (options.has("lens")) lens = cli::parseLens(options.value("lens"));
            if (lens && options.has("config"))
              throw cli::UsageError("--config is where a lens measured is written: give it without --lens");
            std::string picturePath;
            if (options.has("out")) {
              picturePath = options.value("out");
              const std::string ext = cli::lowerCaseExtension(picturePath);
              if (ext != ".png" && ext != ".jpg") throw cli::UsageError("--out must end in .png or .jpg, got '" + picturePath + "'");
              cli::checkWritable(picturePath, "--out");  // before the capture, not after it
            }
            if (!live && camera::isFolderWithoutImages(input.device)) {
              err << "error: no images in " << input.device << " (.png, .jpg, .jpeg or .bmp)\n";
              return 1;
            }

            auto source = camera::openFrameSource(input.device, fps);
            camera::ViewCheck check(variant, expected, session::SessionOptions{}.minConfidence, lens);
            cv::Size frameSize;
            std::set<std::string> problemsShown;
            const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
            // A camera is watched for that long; a recording is read for that much of its own time.
            while (!live || std::chrono::steady_clock::now() < until) {
              const camera::FrameRead r = source->read();
              if (r.status == camera::FrameRead::Status::Finished) break;
              if (r.status == camera::FrameRead::Status::Unavailable) {
                if (problemsShown.insert(r.problem).second) err << (live ? "camera: " : "warning: ") << r.problem << "\n";
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                continue;
              }
              if (r.frame.seconds > seconds) break;  // a recording: only its first seconds
              if (frameSize.empty()) frameSize = r.frame.image.size();
              check.push(r.frame.image, r.frame.seconds);
            }

            const camera::ViewCheckReport report = check.report();
            out << variant.name << ", " << source->describe();
            if (!frameSize.empty()) out << " (" << frameSize.width << "x" << frameSize.height << ")";
            out << ": " << countedNoun(report.frames, "frame", "frames") << "\n";
            if (report.located > 0) {
              out << "board found in " << report.located << " of " << countedNoun(report.frames, "frame", "frames")
                  << ", all four markers in "
                  << report.allMarkersSeen << "; the smallest marker is " << static_cast<int>(report.markerPixels)
                  << " pixels across\n";
            }
            if (report.settled) {
              const int cells = variant.size.files * variant.size.ranks;
              out << "read while still: " << cells - static_cast<int>(report.wrongCells.size() + report.unsureCells.size())
                  << " of " << cells << " cells right and sure\n";
            }
            if (report.lens) {
              const std::string k = cli::lensText(report.lens->lens);
              out << "lens: " << k << " (" << (report.lens->lens.barrel > 0 ? "barrel" : "pincushion") << "), measured from "
                  << report.lens->points << " points on " << report.lens->lines << " of the sheet's straight lines";
              if (std::abs(report.lens->lens.barrel) < camera::kLeastBarrel) {
                out << ": straight enough, nothing to correct\n";
              } else if (options.has("config")) {
                cli::writeSetting(options.value("config"), "lens", k);
                out << "; written to " << options.value("config") << " ([tessera] lens = " << k << ")\n";
              } else {
                out << "; the cells were read through it: give tessera play --lens " << k
                    << " (or calibrate --config FILE to write it into the configuration)\n";
              }
            } else if (!lens && report.located > 0) {
              out << "lens: not measured (too few of the sheet's straight lines were seen)\n";
            }
            printList(out, "light", report.light);
            printList(out, "cells read wrong", report.wrongCells);
            printList(out, "cells read unsure (the referee would ask about them)", report.unsureCells);
            if (!picturePath.empty()) {
              const cv::Mat picture = check.picture();
              if (picture.empty()) {
                out << "no picture: the board was never found\n";
              } else {
                bool written = false;
                try {
                  written = cv::imwrite(picturePath, picture);
                } catch (const cv::Exception&) {
                }
                if (!written) throw cli::UsageError("cannot write '" + picturePath + "'");
                out << "picture: " << picturePath << "\n";
              }
            }
            if (report.ready()) {
              out << "ready: the camera reads the board well enough to referee a game\n";
              return 0;
            }
            printList(out, "not ready", report.advice);
            return 1;
          }};
}

}  // namespace tessera::commands
