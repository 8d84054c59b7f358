#include "board_reader.hpp"

#include <chrono>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/printed_edge_sharpness.hpp"

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
  struct Occupiable {
    CellObservation* cell;
    CellAppearance look;
    const CellAppearance* empty;
    SurfaceEvidence evidence;
    float sharpness;
  };
  std::vector<Occupiable> occupiable;
  for (int r = 0; r < layout_.ranks; ++r)
    for (int f = 0; f < layout_.files; ++f) {
      const cv::Point2f corner{static_cast<float>(f), static_cast<float>(r)};
      const CellAppearance look = sampler_.sample(corner);
      out.signatures.push_back(signatureOf(reflectance_, corner));
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
        SurfaceEvidence evidence{sampler_.shadedSurfaceShare(corner, empty->centreReflectance),
                                 surface.surface == Surface::LightSquare};
        evidence.unevenlyLitShare = sampler_.unevenlyLitSurfaceShare(corner, empty->centreReflectance);
        occupiable.push_back({&cell, look, empty, evidence, sampler_.middleSharpness(corner)});
      }
    }
  const auto classify = [&](Occupiable& o) {
    const OccupantReading occupant = classifyOccupant(o.look, *o.empty, o.evidence, options_.occupant);
    o.cell->occupant = occupant.occupant;
    o.cell->occupantConfidence = occupant.confidence;
  };
  for (Occupiable& o : occupiable) classify(o);
  // The cells' shading is judged against the printed edges between the bare cells just found.
  if (const float print = printedEdgeSharpness(reflectance_, out.cells); print > 0.0f) {
    for (Occupiable& o : occupiable) {
      if (o.cell->occupant == Occupant::Empty || o.evidence.unevenlyLitShare < options_.occupant.unevenLightShare) continue;
      o.evidence.sharpness = o.sharpness / print;
      classify(o);
    }
  }
  if (!options_.reportSides)
    for (Occupiable& o : occupiable)
      if (o.cell->occupant != Occupant::Empty) o.cell->occupant = Occupant::Occupied;

  const int block = std::max(1, options_.pixelsPerCell / 3);
  cv::resize(rectified_.image, out.motionBlocks, cv::Size(rectified_.image.cols / block, rectified_.image.rows / block), 0,
             0, cv::INTER_AREA);
  out.motionBlocks.convertTo(out.motionBlocks, CV_32FC3);
  out.readable = true;
  out.classifyMs = msSince(start);
  return out;
}

}  // namespace tessera::camera
