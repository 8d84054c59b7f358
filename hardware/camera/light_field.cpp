#include "hardware/camera/light_field.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace tessera::camera {

namespace {

cv::Size gridSize(const RectifiedBoard& board) {
  const float width = static_cast<float>(board.image.cols) / board.pixelsPerCell;
  const float height = static_cast<float>(board.image.rows) / board.pixelsPerCell;
  return {static_cast<int>(std::ceil(width / LightField::kSpacing)) + 1,
          static_cast<int>(std::ceil(height / LightField::kSpacing)) + 1};
}

}  // namespace

void LightField::fromWhite(const RectifiedBoard& board, const WhiteReference& white) {
  left_ = board.left;
  top_ = board.top;
  grid_.create(gridSize(board), CV_32FC3);
  for (int j = 0; j < grid_.rows; ++j)
    for (int i = 0; i < grid_.cols; ++i) at(i, j) = white.at(point(i, j));
}

void LightField::uniform(const RectifiedBoard& board, cv::Vec3f light) {
  left_ = board.left;
  top_ = board.top;
  grid_.create(gridSize(board), CV_32FC3);
  grid_.setTo(cv::Scalar(light[0], light[1], light[2]));
}

void LightField::uniform(const LightField& other, cv::Vec3f light) {
  left_ = other.left_;
  top_ = other.top_;
  grid_.create(other.grid_.size(), CV_32FC3);
  grid_.setTo(cv::Scalar(light[0], light[1], light[2]));
}

cv::Vec3f LightField::at(cv::Point2f p) const {
  const float u = std::clamp((p.x - left_) / kSpacing, 0.0f, static_cast<float>(grid_.cols - 1));
  const float v = std::clamp((top_ - p.y) / kSpacing, 0.0f, static_cast<float>(grid_.rows - 1));
  const int i = std::min(static_cast<int>(u), grid_.cols - 2), j = std::min(static_cast<int>(v), grid_.rows - 2);
  const float a = u - i, b = v - j;
  return (1 - a) * (1 - b) * at(i, j) + a * (1 - b) * at(i + 1, j) + (1 - a) * b * at(i, j + 1) + a * b * at(i + 1, j + 1);
}

void LightField::perPixel(const RectifiedBoard& board, cv::Mat& out) const {
  out.create(board.image.size(), CV_32FC3);
  // Pixel (x, y)'s centre lies (x + 0.5) / pixelsPerCell cells right of the image's left edge, which
  // is the grid's first column.
  const float step = 1.0f / (board.pixelsPerCell * kSpacing);
  std::vector<int> column(static_cast<std::size_t>(out.cols));
  std::vector<float> across(static_cast<std::size_t>(out.cols));
  for (int x = 0; x < out.cols; ++x) {
    const float u = std::min((x + 0.5f) * step, static_cast<float>(grid_.cols - 1) - 1e-4f);
    column[static_cast<std::size_t>(x)] = static_cast<int>(u);
    across[static_cast<std::size_t>(x)] = u - static_cast<int>(u);
  }
  for (int y = 0; y < out.rows; ++y) {
    const float v = std::min((y + 0.5f) * step, static_cast<float>(grid_.rows - 1) - 1e-4f);
    const int j = static_cast<int>(v);
    const float b = v - j;
    const cv::Vec3f* upper = grid_.ptr<cv::Vec3f>(j);
    const cv::Vec3f* lower = grid_.ptr<cv::Vec3f>(j + 1);
    cv::Vec3f* row = out.ptr<cv::Vec3f>(y);
    for (int x = 0; x < out.cols; ++x) {
      const int i = column[static_cast<std::size_t>(x)];
      const float a = across[static_cast<std::size_t>(x)];
      row[x] = (1 - b) * ((1 - a) * upper[i] + a * upper[i + 1]) + b * ((1 - a) * lower[i] + a * lower[i + 1]);
    }
  }
}

}  // namespace tessera::camera
