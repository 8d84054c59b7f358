#include "view_check.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/light_survey.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {
namespace {

ReaderOptions readerFor(const Variant& variant, Lens lens) {
  ReaderOptions o;
  o.reportSides = variant.sides == 2;
  o.lens = lens;
  return o;
}

cv::Point2d project(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Vec3d v = h * cv::Vec3d(p.x, p.y, 1.0);
  return {v[0] / v[2], v[1] / v[2]};
}

// "light piece on light square", "nothing on red", "piece on void" (four players: side unknown).
std::string cellText(const CellObservation& c) {
  std::string surface(surfaceName(c.surface));
  std::replace(surface.begin(), surface.end(), '-', ' ');
  if (c.surface == Surface::Unknown) surface = "an unreadable surface";
  switch (c.occupant) {
    case Occupant::Empty: return "nothing on " + surface;
    case Occupant::Light: return "light piece on " + surface;
    case Occupant::Dark: return "dark piece on " + surface;
    case Occupant::Occupied: return "piece on " + surface;
    case Occupant::Unknown: break;
  }
  return "unreadable on " + surface;
}

}  // namespace

// Frames the lens is tried on: the first may show the board half in view.
constexpr int kLensTries = 10;

ViewCheck::ViewCheck(const Variant& variant, const Position& expected, float minConfidence, std::optional<Lens> lens)
    : expected_(sensorView(expected, SensorProfile::Camera)),
      minConfidence_(minConfidence),
      readerOptions_(readerFor(variant, lens.value_or(Lens{}))),
      reader_(layoutForVariant(variant), readerOptions_),
      lensTries_(lens ? 0 : kLensTries) {
  reader_.expect(expected_);
}

void ViewCheck::measureLens(const cv::Mat& frame) {
  --lensTries_;
  counts_.lens = estimateLens(frame, reader_.layout());
  if (!counts_.lens) return;
  lensTries_ = 0;
  if (std::abs(counts_.lens->lens.barrel) < kLeastBarrel) return;
  // Read from now on through the lens measured, from a still board seen through it.
  readerOptions_.lens = counts_.lens->lens;
  reader_ = BoardReader(reader_.layout(), readerOptions_);
  reader_.expect(expected_);
  stabiliser_ = Stabiliser();
  snapshot_.reset();
  counts_.light.clear();
}

void ViewCheck::push(const cv::Mat& frame, double seconds) {
  ++counts_.frames;
  FrameReading reading = reader_.read(frame);
  if (reading.location.found() && lensTries_ > 0) {
    measureLens(frame);
    if (!readerOptions_.lens.straight()) reading = reader_.read(frame);
  }
  if (reading.location.found()) {
    ++counts_.located;
    if (reading.location.markersSeen == BoardLayout::kMarkerCount) ++counts_.allMarkersSeen;
    lastFrame_ = frame.clone();
    lastBoardToImage_ = reading.location.boardToImage;
    double smallest = 1e9;
    for (int id = 0; id < BoardLayout::kMarkerCount; ++id) {
      const auto corners = reader_.layout().markerCorners(id);
      for (int i = 0; i < 4; ++i)
        smallest = std::min(smallest, cv::norm(project(lastBoardToImage_, corners[static_cast<std::size_t>(i)]) -
                                               project(lastBoardToImage_, corners[static_cast<std::size_t>((i + 1) % 4)])));
    }
    counts_.markerPixels = counts_.markerPixels == 0 ? smallest : std::min(counts_.markerPixels, smallest);
  }
  if (auto snapshot = stabiliser_.push(reading, seconds)) {
    snapshot_ = std::move(snapshot->observation);
    counts_.light = lightNotes(surveyLight(reader_.light(), reader_.rectified(), reader_.layout()));
  }
}

ViewCheck::CellState ViewCheck::judge(int file, int rank, std::string* why) const {
  const CellObservation& seen = snapshot_->at(file, rank);
  const CellObservation& truth = expected_.at(file, rank);
  const bool occupantRight = seen.occupant == truth.occupant ||
                             (truth.occupant == Occupant::Occupied && seen.occupant != Occupant::Empty &&
                              seen.occupant != Occupant::Unknown);
  // As the referee takes it: a respect read less surely than minConfidence is unknown, not wrong.
  const bool surfaceSure = seen.surface != Surface::Unknown && seen.surfaceConfidence >= minConfidence_;
  const bool occupantSure = seen.occupant != Occupant::Unknown && seen.occupantConfidence >= minConfidence_;
  if ((surfaceSure && seen.surface != truth.surface) || (occupantSure && !occupantRight)) {
    if (why) *why = cellText(seen) + ", expected " + cellText(truth);
    return CellState::Wrong;
  }
  if (!surfaceSure || !occupantSure) {
    if (why) {
      const float sure = std::min(seen.surfaceConfidence, seen.occupantConfidence);
      const bool asExpected = seen.surface == truth.surface && occupantRight;
      *why = cellText(seen) + (asExpected ? "" : ", expected " + cellText(truth)) + ", sure to " +
             std::to_string(static_cast<int>(sure * 100)) + "%";
    }
    return CellState::Unsure;
  }
  return CellState::Right;
}

std::optional<ViewCheck::CellState> ViewCheck::cellState(int file, int rank) const {
  if (!snapshot_) return std::nullopt;
  return judge(file, rank, nullptr);
}

ViewCheckReport ViewCheck::report() const {
  ViewCheckReport r = counts_;
  if (r.frames == 0) {
    r.advice.push_back("no frame could be read");  // a camera or a recording: the reasons were given as they came
    return r;
  }
  if (r.located == 0) {
    r.advice.push_back("the board was not found in any frame: all four corner markers of the printed sheet must be "
                       "in view, flat and lit, and not covered");
    return r;
  }
  if (r.located < r.frames) {
    r.advice.push_back("the board was found in only " + std::to_string(r.located) + " of " +
                       countedNoun(r.frames, "frame", "frames") +
                       ": keep all four markers well inside the picture and uncovered");
  } else if (r.allMarkersSeen * 10 < r.frames * 9) {
    r.advice.push_back("all four markers were seen in only " + std::to_string(r.allMarkersSeen) + " of " +
                       countedNoun(r.frames, "frame", "frames") + ": one is at the picture's edge, covered, or in glare");
  }
  if (r.markerPixels < kSmallestReliableMarkerPixels) {
    r.advice.push_back("the markers are only " + std::to_string(static_cast<int>(r.markerPixels)) +
                       " pixels across (" + std::to_string(static_cast<int>(kSmallestReliableMarkerPixels)) +
                       " or more read reliably): move the camera closer or use a higher resolution");
  }
  r.settled = snapshot_.has_value();
  if (!r.settled) {
    r.advice.push_back("the board never kept still for half a second: nothing may move in view while it is read "
                       "(hands, a swinging lamp, a camera on a shaky stand)");
    return r;
  }
  for (int rank = 0; rank < snapshot_->ranks; ++rank)
    for (int file = 0; file < snapshot_->files; ++file) {
      std::string why;
      const CellState state = judge(file, rank, &why);
      const std::string line = squareName(makeSquare(file, rank)) + ": " + why;
      if (state == CellState::Wrong) r.wrongCells.push_back(line);
      if (state == CellState::Unsure) r.unsureCells.push_back(line);
    }
  if (!r.wrongCells.empty())
    r.advice.push_back(countedNoun(r.wrongCells.size(), "cell is", "cells are") +
                       " read otherwise than the position has them: set the board up as expected, or "
                       "look for glare, shadows or a piece off its square there");
  else if (!r.unsureCells.empty())
    r.advice.push_back(countedNoun(r.unsureCells.size(), "cell is", "cells are") +
                       " not read surely: more even light, or the camera more nearly overhead");
  return r;
}

cv::Mat ViewCheck::picture() const {
  if (lastFrame_.empty()) return {};
  cv::Mat out = lastFrame_.clone();
  const int files = expected_.files, ranks = expected_.ranks;
  const int thickness = std::max(1, out.cols / 640);
  for (int rank = 0; rank < ranks; ++rank)
    for (int file = 0; file < files; ++file) {
      CellState state = CellState::Right;
      if (snapshot_) state = judge(file, rank, nullptr);
      const cv::Scalar colour = !snapshot_                     ? cv::Scalar(200, 200, 200)
                                : state == CellState::Right ? cv::Scalar(60, 200, 60)
                                : state == CellState::Wrong ? cv::Scalar(40, 40, 230)
                                                            : cv::Scalar(0, 180, 250);
      std::vector<cv::Point> cell;
      for (const cv::Point2d corner : {cv::Point2d(file, rank), cv::Point2d(file + 1, rank),
                                       cv::Point2d(file + 1, rank + 1), cv::Point2d(file, rank + 1)}) {
        // Inset a little, so that neighbouring cells' outlines do not hide each other's colour.
        const cv::Point2d inset = corner + (cv::Point2d(file + 0.5, rank + 0.5) - corner) * 0.12;
        cell.push_back(project(lastBoardToImage_, inset));
      }
      cv::polylines(out, cell, true, colour, state == CellState::Right ? thickness : 3 * thickness, cv::LINE_AA);
      if (state != CellState::Right) {
        // The square's name beside it, so that the printed list and the picture can be matched.
        const cv::Point at = project(lastBoardToImage_, {file + 0.1, rank + 1.0});
        const std::string name = squareName(makeSquare(file, rank));
        cv::putText(out, name, at, cv::FONT_HERSHEY_SIMPLEX, 0.5 * thickness, cv::Scalar(0, 0, 0), 3 * thickness, cv::LINE_AA);
        cv::putText(out, name, at, cv::FONT_HERSHEY_SIMPLEX, 0.5 * thickness, colour, thickness, cv::LINE_AA);
      }
    }
  return out;
}

}  // namespace tessera::camera
