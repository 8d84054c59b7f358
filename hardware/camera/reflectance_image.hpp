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

 private:
  const RectifiedBoard* board_ = nullptr;
  cv::Mat light_, reflectance_, grey_;
  cv::Mat sum_, greySum_, greySquares_;
};

}  // namespace tessera::camera
