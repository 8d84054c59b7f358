#include "hardware/camera/light_survey.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <opencv2/core.hpp>

namespace tessera::camera {
namespace {

// A cell this much below the smooth fall-off (in log light: 0.12 is 11% darker) is in a shadow.
constexpr double kShadowStep = 0.12;
// Fewer shadowed cells than this are a piece's own shadow or a misjudged cell, not a shadow.
constexpr int kLeastShadowCells = 3;
// A fall-off worth mentioning, and a clipped share of the margin worth mentioning.
constexpr double kNotableFallOff = 1.4, kNotableClipping = 0.05;
// A camera value at which the sensor is saturated.
constexpr int kClipped = 254;

std::string cellName(std::pair<int, int> c) {
  return std::string(1, static_cast<char>('a' + c.first)) + std::to_string(c.second + 1);
}

int percent(double x) { return static_cast<int>(std::lround(100 * x)); }

// Least squares plane a + b f + c r through the cells' log light, over the cells marked `use`.
cv::Vec3d fitPlane(const std::vector<cv::Vec3d>& cells, const std::vector<bool>& use) {
  cv::Mat A(0, 3, CV_64F), y(0, 1, CV_64F);
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (!use[i]) continue;
    cv::Mat row = (cv::Mat_<double>(1, 3) << 1.0, cells[i][0], cells[i][1]);
    A.push_back(row);
    y.push_back(cells[i][2]);
  }
  cv::Mat x;
  if (A.rows < 3 || !cv::solve(A, y, x, cv::DECOMP_SVD)) return {0, 0, 0};
  return {x.at<double>(0), x.at<double>(1), x.at<double>(2)};
}

}  // namespace

LightSurvey surveyLight(const LightField& light, const RectifiedBoard& board, const BoardLayout& layout) {
  LightSurvey survey;
  // Each cell's light (grey) at its middle, as (file, rank, log light).
  std::vector<cv::Vec3d> cells;
  for (int r = 0; r < layout.ranks; ++r)
    for (int f = 0; f < layout.files; ++f) {
      const cv::Vec3f l = light.at(cv::Point2f(f + 0.5f, r + 0.5f));
      const double grey = std::max(1.0, (static_cast<double>(l[0]) + l[1] + l[2]) / 3.0);
      cells.push_back({static_cast<double>(f), static_cast<double>(r), std::log(grey)});
    }
  // The smooth fall-off, fitted twice: the second time without the cells well below the first fit.
  std::vector<bool> lit(cells.size(), true);
  cv::Vec3d plane = fitPlane(cells, lit);
  const auto below = [&](const cv::Vec3d& c, const cv::Vec3d& p) { return p[0] + p[1] * c[0] + p[2] * c[1] - c[2]; };
  for (int round = 0; round < 2; ++round) {
    for (std::size_t i = 0; i < cells.size(); ++i) lit[i] = below(cells[i], plane) < kShadowStep * 0.6;
    plane = fitPlane(cells, lit);
  }
  double depth = 0;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const double step = below(cells[i], plane);
    if (step < kShadowStep) continue;
    survey.shadowed.emplace_back(static_cast<int>(cells[i][0]), static_cast<int>(cells[i][1]));
    depth += step;
  }
  if (static_cast<int>(survey.shadowed.size()) < kLeastShadowCells) {
    survey.shadowed.clear();
  } else {
    survey.shadowDepth = 1.0 - std::exp(-depth / static_cast<double>(survey.shadowed.size()));
  }
  // The fall-off: the plane's highest and lowest value over the board's cells.
  double high = -1e9, low = 1e9;
  for (const cv::Vec3d& c : cells) {
    const double v = plane[0] + plane[1] * c[0] + plane[2] * c[1];
    if (v > high) {
      high = v;
      survey.brightest = {static_cast<int>(c[0]), static_cast<int>(c[1])};
    }
    if (v < low) {
      low = v;
      survey.darkest = {static_cast<int>(c[0]), static_cast<int>(c[1])};
    }
  }
  survey.fallOff = std::exp(high - low);
  // Clipping: the margin's pixels (one cell around the play area) saturated in any channel.
  int margin = 0, clipped = 0;
  const float left = -1.0f, right = static_cast<float>(layout.files) + 1.0f;
  const float bottom = -1.0f, top = static_cast<float>(layout.ranks) + 1.0f;
  for (int v = 0; v < board.image.rows; ++v)
    for (int u = 0; u < board.image.cols; ++u) {
      const float x = board.left + (static_cast<float>(u) + 0.5f) / static_cast<float>(board.pixelsPerCell);
      const float y = board.top - (static_cast<float>(v) + 0.5f) / static_cast<float>(board.pixelsPerCell);
      const bool inBand = x > left && x < right && y > bottom && y < top &&
                          (x < 0 || x > static_cast<float>(layout.files) || y < 0 || y > static_cast<float>(layout.ranks));
      if (!inBand) continue;
      ++margin;
      const cv::Vec3b p = board.image.at<cv::Vec3b>(v, u);
      clipped += std::max({p[0], p[1], p[2]}) >= kClipped;
    }
  survey.clippedWhite = margin > 0 ? static_cast<double>(clipped) / margin : 0.0;
  return survey;
}

std::vector<std::string> lightNotes(const LightSurvey& survey) {
  std::vector<std::string> notes;
  if (!survey.shadowed.empty()) {
    int f0 = 99, f1 = -1, r0 = 99, r1 = -1;
    for (const auto& [f, r] : survey.shadowed) {
      f0 = std::min(f0, f);
      f1 = std::max(f1, f);
      r0 = std::min(r0, r);
      r1 = std::max(r1, r);
    }
    notes.push_back("a shadow covers " + cellName({f0, r0}) + "-" + cellName({f1, r1}) + " (" +
                    std::to_string(survey.shadowed.size()) + " cells, " + std::to_string(percent(survey.shadowDepth)) +
                    "% darker): the board is read through it, but a lamp that does not throw it, or a person out "
                    "of the light, makes every cell surer");
  }
  if (survey.fallOff >= kNotableFallOff) {
    char ratio[16];
    std::snprintf(ratio, sizeof ratio, "%.1f", survey.fallOff);
    notes.push_back(std::string("the light falls off ") + ratio + ":1 across the board, brightest at " +
                    cellName(survey.brightest) + ", darkest at " + cellName(survey.darkest) +
                    ": the board is read through it; a second lamp or a lamp farther off evens it");
  }
  if (survey.clippedWhite >= kNotableClipping) {
    notes.push_back("the white paper is at the camera's brightest value in " + std::to_string(percent(survey.clippedWhite)) +
                    "% of the margin (overexposed): the light there cannot be measured; lower the camera's "
                    "exposure or dim the lamp");
  }
  return notes;
}

}  // namespace tessera::camera
