#pragma once
// Rendered scenes read by the camera pipeline as `tessera calibrate --variant V --position S
// --input frames:DIR` reads a still board: the picture given to ViewCheck as a recording of
// calibrate's 3 seconds at 10 frames a second, and every cell judged against the ground truth's
// position. Then the figures: per condition, per variant and per cell class, the share of cells
// read right and sure, read wrong, and unsure.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "core/observation/observation.hpp"
#include "scene.hpp"

namespace tessera::povray {

enum class Outcome { Right, Wrong, Unsure, Unread };  // Unread: the board never kept still (or was not found)

struct CellResult {
  int file = 0, rank = 0;
  CellObservation truth;
  CellObservation seen;  // empty when unread
  Outcome outcome = Outcome::Unread;
};

struct SceneResult {
  std::string name;  // the scene's folder
  std::string variant;
  Condition condition = Condition::Plain;
  Stage stage = Stage::Start;
  int frames = 0;
  int located = 0;         // frames the board was found in
  int allMarkersSeen = 0;  // frames all four markers were seen in
  double markerPixels = 0;
  bool settled = false;
  std::vector<CellResult> cells;
  // How far the markers' centres found by ArUco lie from where the ground truth's camera and lens
  // put them (the median over the markers), in pixels: a check of the scene generator, not of the pipeline.
  std::optional<double> markerTruthError;
  int markersFound = 0;  // by ArUco, for that check

  int count(Outcome o) const;
  // The board found in every frame and all four markers in 9 frames of 10 or more: calibrate's own
  // bar (ViewCheck::report), under which it says to move the camera or uncover a marker.
  bool markersAsCalibrateNeeds() const { return frames > 0 && located == frames && allMarkersSeen * 10 >= frames * 9; }
};

// Reads `folder`/image.jpg against `folder`/truth.txt. Throws std::runtime_error when either is unreadable.
SceneResult readScene(const std::filesystem::path& folder);

// The folders under `root` holding truth.txt and image.jpg, in name order.
std::vector<std::filesystem::path> sceneFolders(const std::filesystem::path& root);

// What today's pipeline must get right on every run (CI): the markers found in every scene as
// calibrate needs them (markersAsCalibrateNeeds), no cell read wrong in a plain scene, and the ground truth's camera within
// `markerTolerance` pixels (the median) of the markers' centres found. One sentence per failure.
std::vector<std::string> checkFailures(const std::vector<SceneResult>& results, double markerTolerance);

// The figures as Markdown: by condition, by variant, by cell class, the most frequent misreadings
// and every scene's line.
std::string reportMarkdown(const std::vector<SceneResult>& results);

// One line per condition and the whole: scenes, right and sure, wrong, unsure, scenes all right.
std::string summaryText(const std::vector<SceneResult>& results);
// One line for each cell of the scene not read right and sure: its square, the truth, what was seen.
std::string cellsNotRight(const SceneResult& scene);

}  // namespace tessera::povray
