#pragma once
// A printed sheet (no pieces on it) lying on a dark table, seen by the camera from a slant, turned
// by about 20 degrees: how many of its cells the reader gets wrong (surface or occupant), or -1
// when it cannot read the board at all.
#include <vector>

#include <opencv2/imgproc.hpp>

#include "hardware/camera/board_reader.hpp"

namespace tessera::camera {

inline int wrongCellsSeenFromASlant(const cv::Mat& sheet, const BoardLayout& layout,
                                    const std::vector<Surface>& printed) {
  const float w = static_cast<float>(sheet.cols), h = static_cast<float>(sheet.rows);
  const std::vector<cv::Point2f> from{{0, 0}, {w, 0}, {w, h}, {0, h}};
  const std::vector<cv::Point2f> to{{420, 40}, {1010, 150}, {900, 690}, {300, 600}};
  cv::Mat photo;
  cv::warpPerspective(sheet, photo, cv::getPerspectiveTransform(from, to), cv::Size(1280, 720), cv::INTER_AREA,
                      cv::BORDER_CONSTANT, cv::Scalar(40, 50, 60));
  BoardReader reader(layout);
  const FrameReading reading = reader.read(photo);
  if (!reading.readable) return -1;
  int wrong = 0;
  for (std::size_t i = 0; i < printed.size(); ++i)
    wrong += reading.cells.cells[i].surface != printed[i] || reading.cells.cells[i].occupant != Occupant::Empty;
  return wrong;
}

}  // namespace tessera::camera
