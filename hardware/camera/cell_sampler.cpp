#include "cell_sampler.hpp"

#include <cmath>

#include <opencv2/imgproc.hpp>

namespace tessera::camera {

namespace {

// Corner patches as fractions of the cell, [x0, y0, x1, y1] from the lower-left corner. The
// corners are where a piece standing in the cell reaches least (the edge middles are often
// covered by a wide base, which then looks like a surface of the piece's colour).
constexpr float kIn = 0.07f, kOut = 0.22f;
constexpr std::array<std::array<float, 4>, kBorderPatches> kPatches{{
    {kIn, kIn, kOut, kOut},
    {1 - kOut, kIn, 1 - kIn, kOut},
    {kIn, 1 - kOut, kOut, 1 - kIn},
    {1 - kOut, 1 - kOut, 1 - kIn, 1 - kIn},
}};
constexpr float kCentre0 = 0.33f, kCentre1 = 0.67f;
// The grey spread is taken over the middle half, wider than the colour patch, so that it takes in
// the edge of a piece's top: a boxwood piece on a light square has about the square's colour and
// a flat-looking top (tests/camera/boxwood_pieces_test.cpp).
constexpr float kSpread0 = 0.25f, kSpread1 = 0.75f;

}  // namespace

void CellSampler::prepare(const RectifiedBoard& board, const WhiteReference& white) {
  board_ = &board;
  white_ = &white;
  cv::integral(board.image, sum_, CV_32S);
  cv::cvtColor(board.image, grey_, cv::COLOR_BGR2GRAY);
  cv::integral(grey_, greySum_, greySquares_, CV_32S, CV_64F);
}

cv::Vec3f CellSampler::meanBgr(const cv::Rect& r) const {
  if (r.area() == 0) return {};
  const auto s = [&](int y, int x) { return sum_.at<cv::Vec3i>(y, x); };
  const cv::Vec3i total = s(r.y + r.height, r.x + r.width) - s(r.y, r.x + r.width) - s(r.y + r.height, r.x) + s(r.y, r.x);
  return cv::Vec3f(static_cast<float>(total[0]), static_cast<float>(total[1]), static_cast<float>(total[2])) /
         static_cast<float>(r.area());
}

cv::Vec3f CellSampler::inSpace(cv::Vec3f bgr, cv::Point2f where) const {
  cv::Vec3f scaled;
  if (dividesByWhite(space_)) {
    const cv::Vec3f w = white_->at(where);
    for (int c = 0; c < 3; ++c) scaled[c] = bgr[c] / w[c];
  } else {
    scaled = bgr / 255.0f;
  }
  return toColourSpace(space_, scaled);
}

CellAppearance CellSampler::sample(cv::Point2f corner) const {
  CellAppearance a;
  const cv::Point2f middle = corner + cv::Point2f(0.5f, 0.5f);
  for (int i = 0; i < kBorderPatches; ++i) {
    const auto& p = kPatches[i];
    const cv::Rect r = board_->pixels(corner.x + p[0], corner.y + p[1], corner.x + p[2], corner.y + p[3]);
    a.border[i] = inSpace(meanBgr(r), middle);
  }
  const cv::Rect centrePatch = board_->pixels(corner.x + kCentre0, corner.y + kCentre0, corner.x + kCentre1, corner.y + kCentre1);
  const cv::Vec3f centreBgr = meanBgr(centrePatch);
  a.centre = inSpace(centreBgr, middle);
  const cv::Vec3f w = white_->at(middle);
  a.centreLightness = labFromBgr(cv::Vec3f(centreBgr[0] / w[0], centreBgr[1] / w[1], centreBgr[2] / w[2]))[0];
  const cv::Rect c = board_->pixels(corner.x + kSpread0, corner.y + kSpread0, corner.x + kSpread1, corner.y + kSpread1);
  if (c.area() > 0) {
    const auto box = [&](const cv::Mat& m) {
      return m.at<double>(c.y + c.height, c.x + c.width) - m.at<double>(c.y, c.x + c.width) -
             m.at<double>(c.y + c.height, c.x) + m.at<double>(c.y, c.x);
    };
    const double n = c.area();
    const double total = greySum_.at<int>(c.y + c.height, c.x + c.width) - greySum_.at<int>(c.y, c.x + c.width) -
                         greySum_.at<int>(c.y + c.height, c.x) + greySum_.at<int>(c.y, c.x);
    const double mean = total / n;
    const double variance = std::max(0.0, box(greySquares_) / n - mean * mean);
    const float whiteGrey = std::max(8.0f, 0.114f * w[0] + 0.587f * w[1] + 0.299f * w[2]);
    a.centreSpread = static_cast<float>(std::sqrt(variance) / whiteGrey * 100.0);
  }
  return a;
}

}  // namespace tessera::camera
