#include "camera_model.hpp"

#include <algorithm>
#include <cmath>

namespace tessera::povray {

double Lens::distortedRadius(double r) const {
  const double r2 = r * r;
  return r * (1.0 + k1 * r2 + k2 * r2 * r2);
}

bool Lens::monotonic() const {
  // d/dr of r (1 + k1 r^2 + k2 r^4) = 1 + 3 k1 t + 5 k2 t^2 with t = r^2 >= 0.
  if (k2 < 0) return false;
  if (k2 == 0) return k1 >= 0;
  const double lowest = -3.0 * k1 / (10.0 * k2);
  return lowest <= 0 || 1.0 - 9.0 * k1 * k1 / (20.0 * k2) > 0;
}

double Lens::undistortedRadius(double distorted) const {
  if (!distorts() || distorted <= 0) return distorted;
  // Bisection: slower than Newton's method but never thrown off by a strong barrel.
  double low = 0, high = std::max(distorted, 1e-6);
  while (distortedRadius(high) < distorted) high *= 2;
  for (int i = 0; i < 60; ++i) {
    const double mid = (low + high) / 2;
    (distortedRadius(mid) < distorted ? low : high) = mid;
  }
  return (low + high) / 2;
}

Lens lensWithField(const std::string& name, double horizontalFieldDeg, double k1, double k2, int imageWidth) {
  Lens lens;
  lens.name = name;
  lens.k1 = k1;
  lens.k2 = k2;
  const double edge = lens.distortedRadius(std::tan(horizontalFieldDeg / 2 * CV_PI / 180));
  lens.focalPixels = imageWidth / 2.0 / edge;
  return lens;
}

std::optional<cv::Point2d> Camera::project(const cv::Vec3d& world) const {
  const cv::Vec3d p = world - location;
  const double depth = p.dot(forward);
  if (depth <= 1e-9) return std::nullopt;
  const double x = p.dot(right) / depth, y = p.dot(up) / depth;
  const double r = std::hypot(x, y);
  const double scale = r > 0 ? lens.distortedRadius(r) / r : 1.0;
  const cv::Point2d c = centre();
  return cv::Point2d(c.x + lens.focalPixels * x * scale, c.y - lens.focalPixels * y * scale);
}

namespace {

// Offset from the principal point, in pixels, of the undistorted point a final pixel shows.
cv::Point2d undistortedOffset(const Lens& lens, cv::Point2d offset) {
  const double rd = std::hypot(offset.x, offset.y) / lens.focalPixels;
  if (rd == 0) return offset;
  return offset * (lens.undistortedRadius(rd) / rd);
}

}  // namespace

cv::Size Camera::renderSize() const {
  if (!lens.distorts()) return image;
  // The picture's border holds the farthest sources: barrel stretches outward toward the corners,
  // pincushion pulls the edges' middles in least.
  const cv::Point2d c = centre();
  double farX = 0, farY = 0;
  const auto consider = [&](double u, double v) {
    const cv::Point2d s = undistortedOffset(lens, cv::Point2d(u, v) - c);
    farX = std::max(farX, std::abs(s.x));
    farY = std::max(farY, std::abs(s.y));
  };
  for (int u = 0; u < image.width; ++u) {
    consider(u, 0);
    consider(u, image.height - 1);
  }
  for (int v = 0; v < image.height; ++v) {
    consider(0, v);
    consider(image.width - 1, v);
  }
  // One pixel beyond the farthest source for interpolation; the parity kept so the centres agree.
  const auto side = [](double far, int parityOf) {
    int n = static_cast<int>(std::ceil(2 * far + 3));
    if (n % 2 != parityOf % 2) ++n;
    return n;
  };
  return {side(farX, image.width), side(farY, image.height)};
}

cv::Point2d Camera::sourceOf(cv::Point2d pixel, cv::Size rendered) const {
  const cv::Point2d offset = undistortedOffset(lens, pixel - centre());
  return cv::Point2d((rendered.width - 1) / 2.0, (rendered.height - 1) / 2.0) + offset;
}

Camera cameraAimedAt(const cv::Vec3d& target, double distance, double tiltDeg, double azimuthDeg, double rollDeg,
                     const Lens& lens, cv::Size image) {
  const double tilt = tiltDeg * CV_PI / 180, azimuth = azimuthDeg * CV_PI / 180, roll = rollDeg * CV_PI / 180;
  Camera camera;
  camera.forward = cv::Vec3d(std::sin(tilt) * std::cos(azimuth), -std::cos(tilt), std::sin(tilt) * std::sin(azimuth));
  // A horizontal direction across the tilt is square to the axis at any tilt: the picture's up
  // before the roll. POV-Ray's world is left-handed, so the picture's x is up x forward.
  const cv::Vec3d across(-std::sin(azimuth), 0, std::cos(azimuth));
  const cv::Vec3d acrossRight = across.cross(camera.forward);
  camera.up = std::cos(roll) * across + std::sin(roll) * acrossRight;
  camera.right = camera.up.cross(camera.forward);
  camera.location = target - distance * camera.forward;
  camera.lens = lens;
  camera.image = image;
  return camera;
}

}  // namespace tessera::povray
