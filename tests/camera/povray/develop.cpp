#include "develop.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace tessera::povray {
namespace {

float toLinear(float srgb) {
  return srgb <= 0.04045f ? srgb / 12.92f : std::pow((srgb + 0.055f) / 1.055f, 2.4f);
}

float toSrgb(float linear) {
  linear = std::clamp(linear, 0.0f, 1.0f);
  return linear <= 0.0031308f ? linear * 12.92f : 1.055f * std::pow(linear, 1 / 2.4f) - 0.055f;
}

}  // namespace

cv::Mat developPicture(const cv::Mat& rendered, const Camera& camera, const Develop& develop, unsigned seed) {
  if (rendered.type() != CV_8UC3 && rendered.type() != CV_16UC3)
    throw std::invalid_argument("the render is not an 8- or 16-bit colour picture");
  cv::Mat traced;
  rendered.convertTo(traced, CV_32FC3, rendered.depth() == CV_16U ? 1.0 / 65535 : 1.0 / 255);

  // The lens: each pixel of the camera's picture looks where the undistorted ray lands.
  cv::Mat bent;
  if (camera.lens.distorts()) {
    cv::Mat mapX(camera.image, CV_32F), mapY(camera.image, CV_32F);
    for (int v = 0; v < camera.image.height; ++v)
      for (int u = 0; u < camera.image.width; ++u) {
        const cv::Point2d from = camera.sourceOf(cv::Point2d(u, v), rendered.size());
        mapX.at<float>(v, u) = static_cast<float>(from.x);
        mapY.at<float>(v, u) = static_cast<float>(from.y);
      }
    cv::remap(traced, bent, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_REPLICATE);
  } else {
    if (rendered.size() != camera.image) throw std::invalid_argument("the render is not the picture's size");
    bent = traced;
  }

  // Vignetting and white balance, in linear light; then the sensor's noise on the coded values.
  const cv::Point2d centre = camera.centre();
  const double corner = std::hypot(centre.x, centre.y);
  cv::Mat noise(camera.image, CV_32FC3);
  cv::RNG(seed).fill(noise, cv::RNG::NORMAL, 0.0, develop.noiseSigma);
  cv::Mat picture(camera.image, CV_8UC3);
  for (int v = 0; v < camera.image.height; ++v)
    for (int u = 0; u < camera.image.width; ++u) {
      const double r2 = (std::pow(u - centre.x, 2) + std::pow(v - centre.y, 2)) / (corner * corner);
      const double kept = 1.0 - develop.vignetting * (0.6 * r2 + 0.4 * r2 * r2);
      const cv::Vec3f in = bent.at<cv::Vec3f>(v, u);
      const cv::Vec3f jitter = noise.at<cv::Vec3f>(v, u);
      cv::Vec3b& out = picture.at<cv::Vec3b>(v, u);
      for (int c = 0; c < 3; ++c) {
        const double gain = kept * develop.whiteBalance[2 - c];  // BGR against the truth's RGB
        const float coded = toSrgb(static_cast<float>(toLinear(in[c]) * gain));
        out[c] = cv::saturate_cast<uchar>(coded * 255.0f + jitter[c]);
      }
    }
  return picture;
}

}  // namespace tessera::povray
