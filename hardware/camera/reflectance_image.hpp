#pragma once
// The rectified board divided by the light falling on it, pixel by pixel: what the paper and the
// pieces would look like under white light of 1 (white paper reads about 1 in every channel),
// wherever a lamp, a shadow or the white balance put them. Means over board rectangles come from
// integral images, so every cell costs the same whatever its size.
#include <opencv2/core.hpp>

#include "hardware/camera/light_field.hpp"
#include "hardware/camera/rectified_board.hpp"

namespace tessera::camera {

class ReflectanceImage {
 public:
  void prepare(const RectifiedBoard& board, const LightField& light);

  const RectifiedBoard& board() const { return *board_; }
  // Mean BGR reflectance over board rectangle [x0, x1] x [y0, y1]; zero when it holds no pixel.
  cv::Vec3f mean(float x0, float y0, float x1, float y1) const;
  // Standard deviation of the grey reflectance over the same rectangle.
  float greySpread(float x0, float y0, float x1, float y1) const;
  // Median grey reflectance over the same rectangle: the colour of what covers most of it, which a
  // highlight or a hollow in a piece's top does not move.
  float medianGrey(float x0, float y0, float x1, float y1) const;
  // The share of the rectangle's pixels that show `surface` (a BGR reflectance) more or less lit:
  // the same colour scaled by a factor in [minShade, maxShade], within `tolerance` of it (relative).
  float shareOfShadedSurface(float x0, float y0, float x1, float y1, cv::Vec3f surface, float minShade, float maxShade,
                             float tolerance) const;
  // Mean absolute Laplacian of the grey reflectance over the rectangle, relative to its mean grey:
  // high where an outline or a curved top crosses it, low on paper under a shadow's soft edge.
  float sharpness(float x0, float y0, float x1, float y1) const;

 private:
  const RectifiedBoard* board_ = nullptr;
  cv::Mat light_, reflectance_, grey_;
  cv::Mat sum_, greySum_, greySquares_, laplacianSum_;
};

}  // namespace tessera::camera
