// tessera_povray_scenes: the ray-traced check of the camera pipeline (issue 70, docs/camera.md).
// scripts/render-povray-scenes.sh drives it: plan the scenes, write each for POV-Ray with its
// ground truth, develop POV-Ray's render into the camera's picture, read every picture with the
// pipeline and report.
//
// A C++ program rather than a script around `tessera`: a scene needs the position after random
// legal play, the surface every cell shows (tiles, paper colours, sector cards) and where the sheet
// prints each marker, and all three are the rules' and the camera layout's own code, here called
// directly instead of being rebuilt from text.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>

#include "develop.hpp"
#include "pov_writer.hpp"
#include "scene.hpp"
#include "scene_reading.hpp"
#include "truth_file.hpp"

namespace fs = std::filesystem;
using namespace tessera;
using namespace tessera::povray;

namespace {

const char* kUsage =
    "usage:\n"
    "  tessera_povray_scenes plan --count N | --ci\n"
    "      the scenes, one a line: seed variant condition stage\n"
    "  tessera_povray_scenes scene --seed N --variant V --condition C --stage start|mid --sheet SHEET.png --out DIR\n"
    "                              [--size WxH] [--quality draft|final]\n"
    "      DIR/scene.pov, DIR/scene.ini (POV-Ray's settings: run povray scene.ini in DIR), DIR/truth.txt and\n"
    "      DIR/sheet.png; SHEET.png is the variant's `tessera print` sheet; conditions: shadow light lens messy plain\n"
    "  tessera_povray_scenes develop DIR\n"
    "      DIR/render.png (POV-Ray's) through the lens and the camera's electronics into DIR/image.jpg\n"
    "  tessera_povray_scenes read ROOT [--report FILE.md] [--check] [--cells]\n"
    "      reads every scene folder under ROOT with the camera pipeline and prints the figures; --report writes\n"
    "      them as Markdown; --check exits 1 unless every scene's markers are found as calibrate needs them\n"
    "      (all four in 9 frames of 10), no cell of a plain scene is read wrong, and the ground truth's camera\n"
    "      puts the markers where they are found; --cells lists every cell not read right and sure\n";

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Arguments {
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;  // "--flag" alone: ""

  std::string value(const std::string& name) const {
    const auto it = options.find(name);
    if (it == options.end()) throw UsageError("--" + name + " is required");
    return it->second;
  }
  std::string value(const std::string& name, const std::string& otherwise) const {
    return options.count(name) ? options.at(name) : otherwise;
  }
};

Arguments parse(int argc, char** argv, int from, const std::vector<std::string>& flags) {
  Arguments a;
  for (int i = from; i < argc; ++i) {
    const std::string word = argv[i];
    if (word.rfind("--", 0) != 0) {
      a.positional.push_back(word);
      continue;
    }
    const std::string name = word.substr(2);
    if (std::find(flags.begin(), flags.end(), name) != flags.end()) {
      a.options[name] = "";
    } else {
      if (i + 1 >= argc) throw UsageError(word + " needs a value");
      a.options[name] = argv[++i];
    }
  }
  return a;
}

int planCommand(const Arguments& a) {
  const std::vector<SceneSpec> plan = a.options.count("ci") ? ciPlan() : fullPlan(std::stoi(a.value("count")));
  for (const SceneSpec& s : plan)
    std::cout << s.seed << " " << s.variant << " " << conditionName(s.condition) << " " << stageName(s.stage) << "\n";
  return 0;
}

void writeFile(const fs::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

int sceneCommand(const Arguments& a) {
  SceneSpec spec;
  spec.seed = static_cast<unsigned>(std::stoul(a.value("seed")));
  spec.variant = a.value("variant");
  const auto condition = parseCondition(a.value("condition"));
  if (!condition) throw UsageError("--condition is one of shadow light lens messy plain");
  spec.condition = *condition;
  const auto stage = parseStage(a.value("stage"));
  if (!stage) throw UsageError("--stage is start or mid");
  spec.stage = *stage;
  const auto quality = parseQuality(a.value("quality", "final"));
  if (!quality) throw UsageError("--quality is draft or final");
  const std::string sizeText = a.value("size", "1280x720");
  const auto x = sizeText.find('x');
  if (x == std::string::npos) throw UsageError("--size is WxH, got '" + sizeText + "'");
  const cv::Size size(std::stoi(sizeText.substr(0, x)), std::stoi(sizeText.substr(x + 1)));

  const Variant& variant = builtinVariant(spec.variant);
  const fs::path sheetPath = a.value("sheet");
  const cv::Mat sheet = cv::imread(sheetPath.string(), cv::IMREAD_UNCHANGED);
  if (sheet.empty()) throw std::runtime_error("cannot read the sheet " + sheetPath.string());
  const Scene scene = makeScene(spec, variant, sheetInCells(variant, sheet.size()), size);

  const fs::path out = a.value("out");
  fs::create_directories(out);
  // POV-Ray reads only from the folder it runs in (Debian's povray.conf): the sheet goes beside the scene.
  fs::remove(out / "sheet.png");
  std::error_code linked;
  fs::create_hard_link(sheetPath, out / "sheet.png", linked);
  if (linked) fs::copy_file(sheetPath, out / "sheet.png");
  writeFile(out / "scene.pov", povScene(scene, "sheet.png", *quality));
  writeFile(out / "scene.ini", povSettings(scene, *quality));
  writeFile(out / "truth.txt", truthText(scene));
  const cv::Size rendered = scene.camera.renderSize();
  std::cout << out.string() << ": " << scene.variantName << ", " << conditionName(spec.condition) << ", "
            << stageName(spec.stage) << " (" << scene.plies << " plies); cell " << static_cast<int>(scene.cellMm)
            << " mm, camera " << static_cast<int>(scene.distanceMm / 10) << " cm away, tilted "
            << static_cast<int>(scene.tiltDeg) << " degrees, lens " << scene.camera.lens.name << "; render "
            << rendered.width << "x" << rendered.height << "\n";
  return 0;
}

int developCommand(const Arguments& a) {
  if (a.positional.size() != 1) throw UsageError("develop takes one scene folder");
  const fs::path folder = a.positional[0];
  const Truth truth = Truth::read((folder / "truth.txt").string());
  const cv::Mat rendered = cv::imread((folder / "render.png").string(), cv::IMREAD_UNCHANGED);
  if (rendered.empty()) throw std::runtime_error("cannot read " + (folder / "render.png").string());
  if (rendered.size() != truth.renderSize())
    throw std::runtime_error((folder / "render.png").string() + " is not the size truth.txt says POV-Ray renders");
  const Develop develop = truth.develop();
  const cv::Mat picture =
      developPicture(rendered, truth.camera(), develop, static_cast<unsigned>(truth.number("seed")));
  const std::string path = (folder / truth.text("image")).string();
  if (!cv::imwrite(path, picture, {cv::IMWRITE_JPEG_QUALITY, develop.jpegQuality}))
    throw std::runtime_error("cannot write " + path);
  return 0;
}

int readCommand(const Arguments& a) {
  if (a.positional.size() != 1) throw UsageError("read takes one folder of scenes");
  std::vector<SceneResult> results;
  for (const fs::path& folder : sceneFolders(a.positional[0])) {
    const SceneResult r = readScene(folder);
    std::cout << r.name << ": " << r.cells.size() << " cells, " << r.count(Outcome::Right) << " right and sure, "
              << r.count(Outcome::Wrong) << " wrong, " << r.count(Outcome::Unsure) << " unsure, "
              << r.count(Outcome::Unread) << " not read; all four markers in " << r.allMarkersSeen << " of "
              << r.frames << " frames";
    if (r.markerTruthError) std::cout << "; the truth's markers off by " << *r.markerTruthError << " px (median)";
    std::cout << "\n";
    if (a.options.count("cells")) std::cout << cellsNotRight(r);
    results.push_back(r);
  }
  std::cout << summaryText(results);
  if (a.options.count("report")) writeFile(a.value("report"), reportMarkdown(results));
  if (!a.options.count("check")) return 0;
  // Marker centres are found to a few tenths of a pixel; a camera model half a pixel off, mirrored or
  // with the wrong distortion puts them farther than this.
  const std::vector<std::string> failures = checkFailures(results, 1.0);
  for (const std::string& f : failures) std::cout << "FAILED: " << f << "\n";
  if (failures.empty()) std::cout << "checks passed: the markers found in every scene as calibrate needs them, no cell of a plain scene read wrong, the ground truth's camera where the markers are\n";
  return failures.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    if (argc < 2) throw UsageError("a command is required");
    const std::string command = argv[1];
    if (command == "plan") return planCommand(parse(argc, argv, 2, {"ci"}));
    if (command == "scene") return sceneCommand(parse(argc, argv, 2, {}));
    if (command == "develop") return developCommand(parse(argc, argv, 2, {}));
    if (command == "read") return readCommand(parse(argc, argv, 2, {"check", "cells"}));
    if (command == "--help" || command == "help") {
      std::cout << kUsage;
      return 0;
    }
    throw UsageError("unknown command '" + command + "'");
  } catch (const UsageError& e) {
    std::cerr << "error: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "error: " << e.what() << "\n";
    return 1;
  }
}
