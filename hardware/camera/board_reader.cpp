#include "board_reader.hpp"

#include <chrono>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/frame_source.hpp"

namespace tessera::camera {

namespace {
double msSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}
LocatorOptions withLens(LocatorOptions options, const Lens& lens) {
  options.lens = lens;
  return options;
}
}  // namespace

BoardReader::BoardReader(BoardLayout layout, ReaderOptions options)
    : layout_(std::move(layout)), options_(options), locator_(layout_, withLens(options.locator, options.lens)),
      sampler_(options.colourSpace), rectifier_(options.lens) {}

FrameReading BoardReader::read(const cv::Mat& frame) {
  FrameReading out;
  if (frame.empty() || frame.cols > kMaxFrameSide || frame.rows > kMaxFrameSide) return out;
  auto start = std::chrono::steady_clock::now();
  out.location = locator_.locate(frame);
  out.locateMs = msSince(start);
  if (!out.location.found()) return out;

  start = std::chrono::steady_clock::now();
  rectifier_.rectify(frame, out.location.boardToImage, layout_, options_.pixelsPerCell, rectified_);
  if (!white_.fit(rectified_, layout_)) return out;
  if (dividesByWhite(options_.colourSpace)) {
    light_.fromWhite(rectified_, white_);
    if (options_.localShading) {
      firstLook_.prepare(rectified_, light_);
      const bool expecting = expected_.files == layout_.files && expected_.ranks == layout_.ranks;
      shadeLocally(firstLook_, layout_, light_, options_.shading, expecting ? &expected_ : nullptr);
    }
  } else {
    light_.uniform(rectified_, {255, 255, 255});
  }
  reflectance_.prepare(rectified_, light_);
  sampler_.prepare(reflectance_);
  swatches_ = readSwatches(sampler_, layout_);

  out.cells = Observation(layout_.files, layout_.ranks);
  for (int r = 0; r < layout_.ranks; ++r)
    for (int f = 0; f < layout_.files; ++f) {
      const CellAppearance look = sampler_.sample({static_cast<float>(f), static_cast<float>(r)});
      out.signatures.push_back(signatureOf(reflectance_, {static_cast<float>(f), static_cast<float>(r)}));
      const SurfaceReading surface = classifySurface(look, swatches_, layout_.cellSurfaces, options_.surface);
      CellObservation& cell = out.cells.at(f, r);
      cell.surface = surface.surface;
      cell.surfaceConfidence = surface.confidence;
      if (surface.surface == Surface::AntiTile) {
        // A piece standing on an anti-tile would hide its cross and the black around it, so a cell
        // read as an anti-tile is bare.
        cell.occupant = Occupant::Empty;
        cell.occupantConfidence = surface.confidence;
      } else if (const CellAppearance* empty = swatches_.of(surface.surface)) {
        const cv::Point2f corner{static_cast<float>(f), static_cast<float>(r)};
        const SurfaceEvidence evidence{sampler_.shadedSurfaceShare(corner, empty->centreReflectance),
                                       surface.surface == Surface::LightSquare};
        const OccupantReading occupant = classifyOccupant(look, *empty, evidence, options_.occupant);
        cell.occupant = occupant.occupant;
        cell.occupantConfidence = occupant.confidence;
        if (!options_.reportSides && cell.occupant != Occupant::Empty) cell.occupant = Occupant::Occupied;
      }
    }

  const int block = std::max(1, options_.pixelsPerCell / 3);
  cv::resize(rectified_.image, out.motionBlocks, cv::Size(rectified_.image.cols / block, rectified_.image.rows / block), 0,
             0, cv::INTER_AREA);
  out.motionBlocks.convertTo(out.motionBlocks, CV_32FC3);
  out.readable = true;
  out.classifyMs = msSince(start);
  return out;
}

}  // namespace tessera::camera
