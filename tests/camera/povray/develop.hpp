#pragma once
// What the camera's lens and electronics do to the light POV-Ray traced: the lens bends the picture
// (radial distortion), the corners lose light (vignetting), the white balance is set for another
// light, the sensor adds noise. The picture is then saved as the camera's JPEG.
//
// The distortion is a remap of POV-Ray's undistorted render rather than one of POV-Ray's own
// cameras: POV-Ray 3.7.0 (Debian 12) has no camera with a radial distortion to choose (its
// fisheye and ultra_wide_angle are fixed projections, neither mild barrel nor pincushion, and the
// user_defined camera came in 3.7.1). The remap uses exactly the ground truth's Brown model
// (k1, k2), so calibration's estimate can be checked against it.
#include <opencv2/core.hpp>

#include "camera_model.hpp"
#include "scene.hpp"

namespace tessera::povray {

// `rendered`: POV-Ray's picture (8 or 16 bits a channel, BGR) of camera.renderSize(); the result
// is the camera's picture (8 bits, BGR), the noise drawn from `seed`.
cv::Mat developPicture(const cv::Mat& rendered, const Camera& camera, const Develop& develop, unsigned seed);

}  // namespace tessera::povray
