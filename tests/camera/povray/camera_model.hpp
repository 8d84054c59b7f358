#pragma once
// The camera of a ray-traced scene: a pinhole with radial lens distortion, in POV-Ray's world
// (millimetres, y up, the board lying in the plane y = 0). The scene generator frames the board
// with it; POV-Ray renders the undistorted picture through the same pinhole; the develop step
// bends that picture by the lens; the reader checks the markers it finds against it.
#include <optional>
#include <string>

#include <opencv2/core.hpp>

namespace tessera::povray {

// Radial distortion as OpenCV models it: a ray whose ideal image point lies at normalised radius r
// (the tangent of its angle off the axis) lands at r (1 + k1 r^2 + k2 r^4). k1 < 0 is barrel (the
// board's edges bow outward), k1 > 0 pincushion.
struct Lens {
  std::string name = "standard";
  double focalPixels = 1000;
  double k1 = 0;
  double k2 = 0;

  bool distorts() const { return k1 != 0 || k2 != 0; }
  double distortedRadius(double undistorted) const;
  // The inverse of distortedRadius, by Newton's method (the lenses made here bend monotonically).
  double undistortedRadius(double distorted) const;
  // Whether distortedRadius grows with r everywhere: 1 + 3 k1 r^2 + 5 k2 r^4 > 0 for every r.
  bool monotonic() const;
};

// A lens whose final picture, `imageWidth` pixels wide, spans `horizontalFieldDeg` degrees.
Lens lensWithField(const std::string& name, double horizontalFieldDeg, double k1, double k2, int imageWidth);

struct Camera {
  cv::Vec3d location;  // mm
  cv::Vec3d right;     // unit vectors: the picture's x axis, its upward axis, the optical axis
  cv::Vec3d up;
  cv::Vec3d forward;
  Lens lens;
  cv::Size image;  // the final picture

  // The principal point: the picture's centre, pixel centres at whole numbers.
  cv::Point2d centre() const { return {(image.width - 1) / 2.0, (image.height - 1) / 2.0}; }
  // Where a world point appears in the final picture; nothing for a point behind the camera.
  std::optional<cv::Point2d> project(const cv::Vec3d& world) const;
  // The undistorted picture POV-Ray renders through the same pinhole (same focal length, centred),
  // large enough to hold the source of every pixel of the final picture.
  cv::Size renderSize() const;
  // Where a pixel of the final picture takes its colour from in the rendered one (of renderSize()).
  cv::Point2d sourceOf(cv::Point2d pixel, cv::Size rendered) const;
};

// A camera `distance` mm from `target`, its axis `tiltDeg` off the vertical toward the compass
// direction `azimuthDeg`, the picture turned by `rollDeg` about the axis.
Camera cameraAimedAt(const cv::Vec3d& target, double distance, double tiltDeg, double azimuthDeg, double rollDeg,
                     const Lens& lens, cv::Size image);

}  // namespace tessera::povray
