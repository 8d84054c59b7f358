#include "hardware/camera/reflectance_image.hpp"

#include <algorithm>
#include <cmath>

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

}  // namespace tessera::camera
