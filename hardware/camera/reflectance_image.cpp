#include "hardware/camera/reflectance_image.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include <opencv2/imgproc.hpp>

namespace tessera::camera {

void ReflectanceImage::prepare(const RectifiedBoard& board, const LightField& light) {
  board_ = &board;
  light.perPixel(board, light_);
  board.image.convertTo(reflectance_, CV_32FC3);
  cv::divide(reflectance_, light_, reflectance_);
  cv::cvtColor(reflectance_, grey_, cv::COLOR_BGR2GRAY);
  cv::integral(reflectance_, sum_, CV_64F);
  cv::integral(grey_, greySum_, greySquares_, CV_64F, CV_64F);
  cv::Mat laplacian;
  cv::Laplacian(grey_, laplacian, CV_32F, 3);
  cv::integral(cv::abs(laplacian), laplacianSum_, CV_64F);
}

namespace {

template <typename T>
T boxSum(const cv::Mat& integral, const cv::Rect& r) {
  return integral.at<T>(r.y + r.height, r.x + r.width) - integral.at<T>(r.y, r.x + r.width) -
         integral.at<T>(r.y + r.height, r.x) + integral.at<T>(r.y, r.x);
}

}  // namespace

cv::Vec3f ReflectanceImage::mean(float x0, float y0, float x1, float y1) const {
  const cv::Rect r = board_->pixels(x0, y0, x1, y1);
  if (r.area() == 0) return {};
  const cv::Vec3d total = boxSum<cv::Vec3d>(sum_, r);
  return cv::Vec3f(static_cast<float>(total[0]), static_cast<float>(total[1]), static_cast<float>(total[2])) /
         static_cast<float>(r.area());
}

float ReflectanceImage::greySpread(float x0, float y0, float x1, float y1) const {
  const cv::Rect r = board_->pixels(x0, y0, x1, y1);
  if (r.area() == 0) return 0.0f;
  const double n = r.area();
  const double mean = boxSum<double>(greySum_, r) / n;
  return static_cast<float>(std::sqrt(std::max(0.0, boxSum<double>(greySquares_, r) / n - mean * mean)));
}

float ReflectanceImage::sharpness(float x0, float y0, float x1, float y1) const {
  const cv::Rect r = board_->pixels(x0, y0, x1, y1);
  if (r.area() == 0) return 0.0f;
  const double grey = boxSum<double>(greySum_, r);
  if (grey <= 0.0) return 0.0f;
  return static_cast<float>(boxSum<double>(laplacianSum_, r) / grey);
}

float ReflectanceImage::medianGrey(float x0, float y0, float x1, float y1) const {
  const cv::Rect r = board_->pixels(x0, y0, x1, y1);
  if (r.area() == 0) return 0.0f;
  std::vector<float> values;
  values.reserve(static_cast<std::size_t>(r.area()));
  for (int y = r.y; y < r.y + r.height; ++y) {
    const float* row = grey_.ptr<float>(y);
    values.insert(values.end(), row + r.x, row + r.x + r.width);
  }
  auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

float ReflectanceImage::shareOfShadedSurface(float x0, float y0, float x1, float y1, cv::Vec3f surface, float minShade,
                                             float maxShade, float tolerance) const {
  const cv::Rect r = board_->pixels(x0, y0, x1, y1);
  const float surfaceSquared = surface.dot(surface);
  if (r.area() == 0 || surfaceSquared <= 0.0f) return 0.0f;
  int shaded = 0;
  for (int y = r.y; y < r.y + r.height; ++y) {
    const cv::Vec3f* row = reflectance_.ptr<cv::Vec3f>(y);
    for (int x = r.x; x < r.x + r.width; ++x) {
      const cv::Vec3f p = row[x];
      // The shade that brings the surface nearest this pixel, and how far it still is.
      const float shade = p.dot(surface) / surfaceSquared;
      if (shade < minShade || shade > maxShade) continue;
      const cv::Vec3f rest = p - shade * surface;
      if (rest.dot(rest) <= tolerance * tolerance * p.dot(p)) ++shaded;
    }
  }
  return static_cast<float>(shaded) / static_cast<float>(r.area());
}

}  // namespace tessera::camera
