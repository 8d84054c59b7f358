#pragma once
// One frame in, what it shows out: locate the board, rectify it, read the light from the white
// margin and then locally from every bare patch of known paper (local_shading.hpp), divide it out,
// classify every cell against the swatches. No memory of earlier frames except the locator's last
// homography; the Stabiliser decides when a reading counts.
#include <vector>

#include <opencv2/core.hpp>

#include "core/observation/observation.hpp"
#include "hardware/camera/board_locator.hpp"
#include "hardware/camera/cell_sampler.hpp"
#include "hardware/camera/cell_signature.hpp"
#include "hardware/camera/lens.hpp"
#include "hardware/camera/light_field.hpp"
#include "hardware/camera/local_shading.hpp"
#include "hardware/camera/occupant_classifier.hpp"
#include "hardware/camera/rectified_board.hpp"
#include "hardware/camera/reflectance_image.hpp"
#include "hardware/camera/surface_classifier.hpp"
#include "hardware/camera/swatch_reader.hpp"
#include "hardware/camera/white_reference.hpp"

namespace tessera::camera {

struct ReaderOptions {
  int pixelsPerCell = 24;
  Lens lens;  // the camera's distortion, as tessera calibrate measured it: the board is read straightened
  ColourSpace colourSpace = ColourSpace::WhiteLab;
  // Four-player sets are only light and dark: report Occupied, not a side.
  bool reportSides = true;
  // Follow the light locally (shadows, a lamp's fall-off) rather than only by the margin's smooth fit.
  bool localShading = true;
  ShadingOptions shading;
  LocatorOptions locator;
  SurfaceOptions surface;
  OccupantOptions occupant;
};

struct FrameReading {
  BoardLocation location;
  bool readable = false;  // located and the white margin seen
  Observation cells;      // this frame's reading of every cell
  cv::Mat motionBlocks;   // CV_32FC3 means of third-of-a-cell blocks over the rectified board
  std::vector<CellSignature> signatures;  // every cell's look under the light found, rank by rank
  double locateMs = 0.0;
  double classifyMs = 0.0;
};

class BoardReader {
 public:
  BoardReader(BoardLayout layout, ReaderOptions options = {});
  // An empty frame, or one larger than kMaxFrameSide (frame_source.hpp), shows no board.
  FrameReading read(const cv::Mat& frame);
  // What the referee expects the board to show from now on (the position as it stands): it helps
  // find the light (local_shading.hpp), never the cells' reading. An empty observation: nothing.
  void expect(Observation expected) { expected_ = std::move(expected); }

  const BoardLayout& layout() const { return layout_; }
  const RectifiedBoard& rectified() const { return rectified_; }  // of the last readable frame
  const CellSampler& sampler() const { return sampler_; }         // prepared for that frame
  const LightField& light() const { return light_; }               // the light found in that frame
  const SwatchReferences& swatches() const { return swatches_; }
  void forgetLocation() { locator_.forget(); }

 private:
  BoardLayout layout_;
  ReaderOptions options_;
  BoardLocator locator_;
  RectifiedBoard rectified_;
  WhiteReference white_;
  LightField light_;
  ReflectanceImage firstLook_, reflectance_;
  CellSampler sampler_;
  SwatchReferences swatches_;
  Observation expected_;
  LensRectifier rectifier_;
};

}  // namespace tessera::camera
