#include "hardware/camera/lens_estimate.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/board_locator.hpp"

namespace tessera::camera {

namespace {

// A straight line of the printed sheet, from a to b in board cells, with the points where its edge
// was found in the frame as the lens shows it.
struct SheetLine {
  cv::Point2f a, b;
  bool outline = false;  // an edge of the play area: white paper outside, darker cells inside
  std::vector<cv::Point2f> seen;
};

std::vector<SheetLine> sheetLines(const BoardLayout& layout) {
  std::vector<SheetLine> lines;
  const float files = static_cast<float>(layout.files), ranks = static_cast<float>(layout.ranks);
  for (int r = 0; r <= layout.ranks; ++r) lines.push_back({{0, static_cast<float>(r)}, {files, static_cast<float>(r)}, r == 0 || r == layout.ranks, {}});
  for (int f = 0; f <= layout.files; ++f) lines.push_back({{static_cast<float>(f), 0}, {static_cast<float>(f), ranks}, f == 0 || f == layout.files, {}});
  const float strip = static_cast<float>(layout.swatches.size());
  lines.push_back({{0, -2}, {strip, -2}, false, {}});
  lines.push_back({{0, -3}, {strip, -3}, false, {}});
  return lines;
}

cv::Point2f project(const cv::Matx33d& h, cv::Point2f p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1);
  return {static_cast<float>(q[0] / q[2]), static_cast<float>(q[1] / q[2])};
}

float greyAt(const cv::Mat& grey, cv::Point2f p) {
  const int x = static_cast<int>(std::floor(p.x)), y = static_cast<int>(std::floor(p.y));
  if (x < 0 || y < 0 || x + 1 >= grey.cols || y + 1 >= grey.rows) return -1;
  const float a = p.x - x, b = p.y - y;
  return (1 - a) * (1 - b) * grey.at<float>(y, x) + a * (1 - b) * grey.at<float>(y, x + 1) +
         (1 - a) * b * grey.at<float>(y + 1, x) + a * b * grey.at<float>(y + 1, x + 1);
}

// The edge nearest `at` across the line (along `normal`, a unit vector), within `reach` pixels: the
// strongest change of grey, to a tenth of a pixel. For an outline, only a fall from the white
// outside (`normal` points inward) counts. Nothing when no clear edge is there.
// The profile is the mean of five parallel ones a pixel apart along the line, for less noise.
std::optional<cv::Point2f> edgeAcross(const cv::Mat& grey, cv::Point2f at, cv::Point2f normal, float reach, bool outline) {
  const int steps = static_cast<int>(std::ceil(reach));
  const cv::Point2f along(-normal.y, normal.x);
  std::vector<float> profile;
  for (int i = -steps - 1; i <= steps + 1; ++i) {
    float sum = 0;
    for (int k = -2; k <= 2; ++k) {
      const float v = greyAt(grey, at + normal * static_cast<float>(i) + along * static_cast<float>(k));
      if (v < 0) return std::nullopt;
      sum += v;
    }
    profile.push_back(sum / 5);
  }
  int best = -1;
  float strongest = 0;
  for (int i = 1; i + 1 < static_cast<int>(profile.size()); ++i) {
    const float slope = (profile[static_cast<std::size_t>(i + 1)] - profile[static_cast<std::size_t>(i - 1)]) / 2;
    const float strength = outline ? -slope : std::abs(slope);
    if (strength > strongest) {
      strongest = strength;
      best = i;
    }
  }
  if (best < 2 || best + 2 >= static_cast<int>(profile.size()) || strongest < 6.0f) return std::nullopt;
  auto slopeAt = [&](int i) {
    const float s = (profile[static_cast<std::size_t>(i + 1)] - profile[static_cast<std::size_t>(i - 1)]) / 2;
    return outline ? -s : std::abs(s);
  };
  const float l = slopeAt(best - 1), m = slopeAt(best), r = slopeAt(best + 1);
  const float shift = (l - 2 * m + r) != 0 ? std::clamp(0.5f * (l - r) / (l - 2 * m + r), -0.5f, 0.5f) : 0.0f;
  return at + normal * (static_cast<float>(best - steps - 1) + shift);
}

// How far the lines' points, straightened by `lens`, lie from a straight line fitted to each line:
// the root mean square distance, each point's counted at most `kOutlier` pixels, so that the edge
// of a piece or of a loose paper square found instead of the line's weighs no more than a point a
// little off. Each line is fitted robustly, then again to its points near that fit.
constexpr double kOutlier = 1.5;

double crookedness(const std::vector<SheetLine>& lines, const Lens& lens, cv::Size image) {
  double total = 0;
  int n = 0;
  std::vector<cv::Point2f> straight, near;
  std::vector<double> distances;
  auto distancesFrom = [&](const cv::Vec4f& fit) {
    distances.clear();
    for (const cv::Point2f& p : straight) {
      const double dx = p.x - fit[2], dy = p.y - fit[3];
      distances.push_back(std::abs(dx * fit[1] - dy * fit[0]));
    }
  };
  for (const SheetLine& line : lines) {
    if (line.seen.size() < 4) continue;
    straight.clear();
    for (const cv::Point2f& p : line.seen) straight.push_back(lens.straighten(p, image));
    cv::Vec4f fit;
    cv::fitLine(straight, fit, cv::DIST_HUBER, 0, 0.01, 0.01);
    distancesFrom(fit);
    near.clear();
    for (std::size_t i = 0; i < straight.size(); ++i)
      if (distances[i] < 2 * kOutlier) near.push_back(straight[i]);
    if (near.size() >= 3) {
      cv::fitLine(near, fit, cv::DIST_L2, 0, 0.01, 0.01);
      distancesFrom(fit);
    }
    for (const double d : distances) total += std::min(d * d, kOutlier * kOutlier);
    n += static_cast<int>(distances.size());
  }
  return n > 0 ? std::sqrt(total / n) : 0.0;
}

// The lens under which the lines are straightest, from -0.3 to 0.5: a scan, then a finer one.
Lens straightestLens(const std::vector<SheetLine>& lines, cv::Size image) {
  Lens best;
  double lowest = crookedness(lines, best, image);
  for (double step : {0.02, 0.002}) {
    const double from = step == 0.02 ? -0.3 : best.barrel - 0.02, to = step == 0.02 ? 0.5 : best.barrel + 0.02;
    for (double k = from; k <= to + 1e-9; k += step) {
      const double c = crookedness(lines, Lens{k}, image);
      if (c < lowest) {
        lowest = c;
        best = Lens{k};
      }
    }
  }
  return best;
}

}  // namespace

std::optional<LensEstimate> estimateLens(const cv::Mat& frame, const BoardLayout& layout) {
  cv::Mat grey;
  cv::cvtColor(frame, grey, cv::COLOR_BGR2GRAY);
  grey.convertTo(grey, CV_32F);
  const cv::Size image = frame.size();
  Lens lens;
  LensEstimate estimate;
  // Each round finds the board in the frame straightened by the lens found so far, so its lines are
  // predicted nearer where they lie; the first looks only at the play area's outline, widely.
  for (int round = 0; round < 3; ++round) {
    LocatorOptions options;
    options.lens = lens;
    BoardLocator locator(layout, options);
    const BoardLocation where = locator.locate(frame);
    if (!where.found()) return std::nullopt;
    const cv::Matx33d& h = where.boardToImage;
    const float cell = static_cast<float>(cv::norm(project(h, {1, 1}) - project(h, {0, 1})));
    std::vector<SheetLine> lines = sheetLines(layout);
    // The edges are searched in the frame as the lens shows it, at the bent place of each point.
    for (SheetLine& line : lines) {
      if (round == 0 && !line.outline) continue;
      const cv::Point2f along = line.b - line.a;
      const float length = static_cast<float>(cv::norm(along));
      cv::Point2f across(-along.y / length, along.x / length);
      const cv::Point2f middle(layout.files / 2.0f, layout.ranks / 2.0f);
      if ((middle - line.a).dot(across) < 0) across = -across;
      // Three points along each cell's side, away from the corners, where four cells meet.
      for (float t = 0.25f; t < length; t += 0.25f) {
        if (std::abs(t - std::round(t)) < 0.01f) continue;
        const cv::Point2f p = line.a + along * (t / length);
        const cv::Point2f here = lens.bend(project(h, p), image);
        cv::Point2f normal = lens.bend(project(h, p + across * 0.1f), image) - here;
        normal *= 1.0f / std::max(1e-3f, static_cast<float>(cv::norm(normal)));
        const float reach = cell * (round == 0 ? 0.6f : 0.25f);
        if (const auto found = edgeAcross(grey, here, normal, reach, line.outline)) line.seen.push_back(*found);
      }
    }
    lens = straightestLens(lines, image);
    estimate.points = estimate.lines = 0;
    for (const SheetLine& line : lines)
      if (line.seen.size() >= 4) {
        ++estimate.lines;
        estimate.points += static_cast<int>(line.seen.size());
      }
    if (estimate.lines < 4) return std::nullopt;
    estimate.crookedBefore = crookedness(lines, Lens{}, image);
    estimate.crookedAfter = crookedness(lines, lens, image);
  }
  estimate.lens = lens;
  return estimate;
}

}  // namespace tessera::camera
