#include "scene_reading.hpp"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>

#include <opencv2/aruco.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "hardware/camera/variant/view_check.hpp"
#include "host/session/referee_session.hpp"
#include "truth_file.hpp"

namespace tessera::povray {
namespace {

// `tessera calibrate`'s defaults: 3 seconds of a recording at 10 frames a second.
constexpr int kFramesRead = 30;
constexpr double kFrameSeconds = 0.1;

// How far the markers' centres (the mean of each one's corners) found by ArUco lie from the
// ground truth's projection of them: the median over the markers found, so that one marker partly
// hidden by a tall piece beside it or crossed by a shadow's edge does not count. Not corners: on
// markers 20 pixels across ArUco's corners wander by a pixel with the bits beside them.
std::optional<double> markerTruthError(const cv::Mat& picture, const Truth& truth, const camera::BoardLayout& layout,
                                       int* found) {
  cv::Mat grey;
  cv::cvtColor(picture, grey, cv::COLOR_BGR2GRAY);
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  const auto parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
  std::vector<std::vector<cv::Point2f>> corners;
  std::vector<int> ids;
  cv::aruco::detectMarkers(grey, dictionary, corners, ids, parameters);
  const Camera camera = truth.camera();
  const double cellMm = truth.cellMm();
  const cv::Rect2d sheet = truth.sheet();
  const SheetCurl curl = truth.curl();
  std::vector<double> errors;
  for (std::size_t m = 0; m < ids.size(); ++m) {
    if (ids[m] < 0 || ids[m] >= camera::BoardLayout::kMarkerCount) continue;
    const auto printed = layout.markerCorners(ids[m]);
    cv::Point2d expected(0, 0), seen(0, 0);
    for (std::size_t i = 0; i < 4; ++i) {
      const auto p = camera.project(sheetPoint(cellMm, sheet, curl, printed[i]));
      expected += p.value_or(cv::Point2d(1e9, 1e9)) / 4;
      seen += cv::Point2d(corners[m][i]) / 4;
    }
    errors.push_back(cv::norm(expected - seen));
  }
  *found = static_cast<int>(errors.size());
  if (errors.empty()) return std::nullopt;
  std::sort(errors.begin(), errors.end());
  const std::size_t n = errors.size();
  return n % 2 == 1 ? errors[n / 2] : (errors[n / 2 - 1] + errors[n / 2]) / 2;
}

std::string readable(std::string_view name) {
  std::string text(name);
  std::replace(text.begin(), text.end(), '-', ' ');
  return text;
}

std::string occupantClass(Occupant o) {
  switch (o) {
    case Occupant::Empty: return "empty";
    case Occupant::Light: return "light piece";
    case Occupant::Dark: return "dark piece";
    case Occupant::Occupied: return "piece (four players)";
    case Occupant::Unknown: break;
  }
  return "unreadable";
}

std::string cellText(const CellObservation& c) {
  return occupantClass(c.occupant) + " on " + readable(surfaceName(c.surface));
}

struct Tally {
  long right = 0, wrong = 0, unsure = 0, unread = 0;
  int scenes = 0, scenesAllRight = 0, scenesLocated = 0;
  long cells() const { return right + wrong + unsure + unread; }
  void add(const CellResult& c) {
    switch (c.outcome) {
      case Outcome::Right: ++right; break;
      case Outcome::Wrong: ++wrong; break;
      case Outcome::Unsure: ++unsure; break;
      case Outcome::Unread: ++unread; break;
    }
  }
  void add(const SceneResult& s) {
    ++scenes;
    scenesLocated += s.markersAsCalibrateNeeds();
    scenesAllRight += s.count(Outcome::Right) == static_cast<int>(s.cells.size());
    for (const CellResult& c : s.cells) add(c);
  }
};

std::string percent(long part, long whole) {
  if (whole == 0) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.2f %%", 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return text;
}

std::string sceneRow(const std::string& title, const Tally& t) {
  return "| " + title + " | " + std::to_string(t.scenes) + " | " + std::to_string(t.scenesLocated) + " | " +
         std::to_string(t.cells()) + " | " + percent(t.right, t.cells()) + " | " + percent(t.wrong, t.cells()) + " | " +
         percent(t.unsure, t.cells()) + " | " + percent(t.unread, t.cells()) + " | " + std::to_string(t.scenesAllRight) +
         " |\n";
}

const char* kSceneHeader =
    "| scenes | n | markers as calibrate needs | cells | right and sure | wrong | unsure | not read | scenes with every "
    "cell right |\n|---|---|---|---|---|---|---|---|---|\n";

// Cells grouped by a class (the true occupant or surface): rows of right and sure, wrong, unsure.
std::string cellClassTable(const std::vector<SceneResult>& results, const std::function<std::string(const CellResult&)>& key) {
  std::map<std::string, Tally> classes;
  for (const SceneResult& s : results)
    for (const CellResult& c : s.cells) classes[key(c)].add(c);
  std::string out = "| true cell | cells | right and sure | wrong | unsure | not read |\n|---|---|---|---|---|---|\n";
  for (const auto& [name, t] : classes)
    out += "| " + name + " | " + std::to_string(t.cells()) + " | " + percent(t.right, t.cells()) + " | " +
           percent(t.wrong, t.cells()) + " | " + percent(t.unsure, t.cells()) + " | " + percent(t.unread, t.cells()) + " |\n";
  return out;
}

// Variants down, true occupants across: the share of cells read wrong, and unsure in brackets.
std::string variantOccupantTable(const std::vector<SceneResult>& results) {
  std::map<std::string, std::map<std::string, Tally>> table;
  std::set<std::string> occupants;
  for (const SceneResult& s : results)
    for (const CellResult& c : s.cells) {
      table[s.variant][occupantClass(c.truth.occupant)].add(c);
      occupants.insert(occupantClass(c.truth.occupant));
    }
  std::string out = "| variant |";
  for (const std::string& o : occupants) out += " " + o + " |";
  out += "\n|---|";
  for (std::size_t i = 0; i < occupants.size(); ++i) out += "---|";
  out += "\n";
  for (const auto& [variant, row] : table) {
    out += "| " + variant + " |";
    for (const std::string& o : occupants) {
      const auto it = row.find(o);
      out += it == row.end() ? " - |"
                             : " " + percent(it->second.wrong, it->second.cells()) + " (" +
                                   percent(it->second.unsure, it->second.cells()) + ") |";
    }
    out += "\n";
  }
  return out;
}

}  // namespace

int SceneResult::count(Outcome o) const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [o](const CellResult& c) { return c.outcome == o; }));
}

SceneResult readScene(const std::filesystem::path& folder) {
  const Truth truth = Truth::read((folder / "truth.txt").string());
  const Variant& variant = builtinVariant(truth.text("variant"));
  const Position position = parsePosition(variant, truth.text("position"));
  const cv::Mat picture = cv::imread((folder / truth.text("image")).string(), cv::IMREAD_COLOR);
  if (picture.empty()) throw std::runtime_error("cannot read " + (folder / truth.text("image")).string());

  SceneResult result;
  result.name = folder.filename().string();
  result.variant = variant.name;
  result.condition = parseCondition(truth.text("condition")).value();
  result.stage = parseStage(truth.text("stage")).value();

  camera::ViewCheck check(variant, position, session::SessionOptions{}.minConfidence);
  for (int i = 0; i < kFramesRead; ++i) check.push(picture, i * kFrameSeconds);
  const camera::ViewCheckReport report = check.report();
  result.frames = report.frames;
  result.located = report.located;
  result.allMarkersSeen = report.allMarkersSeen;
  result.markerPixels = report.markerPixels;
  result.settled = report.settled;

  const Observation expected = sensorView(position, SensorProfile::Camera);
  for (int rank = 0; rank < variant.size.ranks; ++rank)
    for (int file = 0; file < variant.size.files; ++file) {
      CellResult cell;
      cell.file = file;
      cell.rank = rank;
      cell.truth = expected.at(file, rank);
      if (const auto state = check.cellState(file, rank)) {
        cell.seen = check.snapshot()->at(file, rank);
        cell.outcome = *state == camera::ViewCheck::CellState::Right   ? Outcome::Right
                       : *state == camera::ViewCheck::CellState::Wrong ? Outcome::Wrong
                                                                       : Outcome::Unsure;
      }
      result.cells.push_back(cell);
    }
  result.markerTruthError = markerTruthError(picture, truth, camera::layoutForVariant(variant), &result.markersFound);
  return result;
}

std::vector<std::filesystem::path> sceneFolders(const std::filesystem::path& root) {
  std::vector<std::filesystem::path> folders;
  for (const auto& entry : std::filesystem::directory_iterator(root))
    if (entry.is_directory() && std::filesystem::exists(entry.path() / "truth.txt") &&
        std::filesystem::exists(entry.path() / "image.jpg"))
      folders.push_back(entry.path());
  std::sort(folders.begin(), folders.end());
  return folders;
}

std::vector<std::string> checkFailures(const std::vector<SceneResult>& results, double markerTolerance) {
  std::vector<std::string> failures;
  if (results.empty()) failures.push_back("no scene was read");
  for (const SceneResult& s : results) {
    if (!s.markersAsCalibrateNeeds())
      failures.push_back(s.name + ": the board found in " + std::to_string(s.located) + " of " +
                         std::to_string(s.frames) + " frames, all four markers in " + std::to_string(s.allMarkersSeen));
    if (s.condition == Condition::Plain && s.count(Outcome::Wrong) + s.count(Outcome::Unread) > 0)
      failures.push_back(s.name + ": a plain scene with " + std::to_string(s.count(Outcome::Wrong)) + " cells read wrong and " +
                         std::to_string(s.count(Outcome::Unread)) + " not read");
    if (s.markerTruthError && *s.markerTruthError > markerTolerance) {
      char text[160];
      std::snprintf(text, sizeof text, ": the markers' centres lie %.2f pixels (median) from where the ground truth's camera puts them",
                    *s.markerTruthError);
      failures.push_back(s.name + text);
    }
  }
  return failures;
}

std::string cellsNotRight(const SceneResult& scene) {
  std::string out;
  for (const CellResult& c : scene.cells) {
    if (c.outcome == Outcome::Right) continue;
    const std::string square = std::string(1, static_cast<char>('a' + c.file)) + std::to_string(c.rank + 1);
    const char* outcome = c.outcome == Outcome::Wrong ? "wrong" : c.outcome == Outcome::Unsure ? "unsure" : "not read";
    out += "  " + square + " " + outcome + ": " + cellText(c.truth) + ", seen " + cellText(c.seen) + "\n";
  }
  return out;
}

std::string summaryText(const std::vector<SceneResult>& results) {
  std::map<Condition, Tally> byCondition;
  Tally all;
  for (const SceneResult& s : results) {
    byCondition[s.condition].add(s);
    all.add(s);
  }
  std::ostringstream out;
  const auto line = [&](const std::string& title, const Tally& t) {
    char text[200];
    std::snprintf(text, sizeof text, "%-7s %3d scenes, %6ld cells: right and sure %s, wrong %s, unsure %s, not read %s; "
                  "every cell right in %d\n",
                  title.c_str(), t.scenes, t.cells(), percent(t.right, t.cells()).c_str(), percent(t.wrong, t.cells()).c_str(),
                  percent(t.unsure, t.cells()).c_str(), percent(t.unread, t.cells()).c_str(), t.scenesAllRight);
    out << text;
  };
  for (const auto& [c, t] : byCondition) line(std::string(conditionName(c)), t);
  line("all", all);
  return out.str();
}

std::string reportMarkdown(const std::vector<SceneResult>& results) {
  std::ostringstream out;
  std::map<Condition, Tally> byCondition;
  std::map<std::string, Tally> byVariant;
  Tally all;
  for (const SceneResult& s : results) {
    byCondition[s.condition].add(s);
    byVariant[s.variant].add(s);
    all.add(s);
  }
  out << "### By condition\n\n" << kSceneHeader;
  for (const auto& [c, t] : byCondition) out << sceneRow(std::string(conditionTitle(c)), t);
  out << sceneRow("all", all) << "\n### By variant\n\n" << kSceneHeader;
  for (const auto& [v, t] : byVariant) out << sceneRow(v, t);

  out << "\n### By variant and true occupant: read wrong (unsure)\n\n" << variantOccupantTable(results);
  out << "\n### By true cell, all scenes\n\n"
      << cellClassTable(results, [](const CellResult& c) { return occupantClass(c.truth.occupant); }) << "\n"
      << cellClassTable(results, [](const CellResult& c) { return "on " + readable(surfaceName(c.truth.surface)); });
  for (const Condition condition : kConditions) {
    std::vector<SceneResult> some;
    std::copy_if(results.begin(), results.end(), std::back_inserter(some),
                 [&](const SceneResult& s) { return s.condition == condition; });
    if (some.empty()) continue;
    out << "\n### By true cell: " << conditionTitle(condition) << "\n\n"
        << cellClassTable(some, [](const CellResult& c) { return occupantClass(c.truth.occupant); }) << "\n"
        << cellClassTable(some, [](const CellResult& c) { return "on " + readable(surfaceName(c.truth.surface)); });
  }

  std::map<std::string, int> misreadings;
  for (const SceneResult& s : results)
    for (const CellResult& c : s.cells)
      if (c.outcome == Outcome::Wrong) ++misreadings[cellText(c.truth) + " | " + cellText(c.seen)];
  std::vector<std::pair<int, std::string>> common;
  for (const auto& [what, n] : misreadings) common.emplace_back(n, what);
  std::sort(common.begin(), common.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
  out << "\n### The most frequent misreadings\n\n| true cell | read as | cells |\n|---|---|---|\n";
  for (std::size_t i = 0; i < std::min<std::size_t>(common.size(), 15); ++i)
    out << "| " << common[i].second << " | " << common[i].first << " |\n";

  out << "\n### Every scene\n\n| scene | variant | condition | stage | markers: frames with all four / read | smallest "
         "marker px | right and sure | wrong | unsure | not read | truth's markers off by (median px) |\n"
         "|---|---|---|---|---|---|---|---|---|---|---|\n";
  for (const SceneResult& s : results) {
    char error[32] = "none found";
    if (s.markerTruthError) std::snprintf(error, sizeof error, "%.2f", *s.markerTruthError);
    out << "| " << s.name << " | " << s.variant << " | " << conditionName(s.condition) << " | " << stageName(s.stage)
        << " | " << s.allMarkersSeen << " / " << s.frames << " | " << static_cast<int>(s.markerPixels) << " | "
        << s.count(Outcome::Right) << " | " << s.count(Outcome::Wrong) << " | " << s.count(Outcome::Unsure) << " | "
        << s.count(Outcome::Unread) << " | " << error << " |\n";
  }
  return out.str();
}

}  // namespace tessera::povray
