#include "board_locator.hpp"

#include <algorithm>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

namespace tessera::camera {

namespace {

cv::Point2f project(const cv::Matx33d& h, cv::Point2f p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1.0);
  return {static_cast<float>(q[0] / q[2]), static_cast<float>(q[1] / q[2])};
}

double meanError(const cv::Matx33d& h, const std::vector<cv::Point2f>& board, const std::vector<cv::Point2f>& image) {
  double sum = 0;
  for (std::size_t i = 0; i < board.size(); ++i) sum += cv::norm(project(h, board[i]) - image[i]);
  return board.empty() ? 0.0 : sum / static_cast<double>(board.size());
}

// Length in pixels of one cell near the middle of the board.
double cellPixels(const cv::Matx33d& h, const BoardLayout& layout) {
  const cv::Point2f mid(layout.files / 2.0f, layout.ranks / 2.0f);
  return cv::norm(project(h, mid + cv::Point2f(1, 0)) - project(h, mid));
}

}  // namespace

BoardLocator::BoardLocator(BoardLayout layout, LocatorOptions options)
    : layout_(std::move(layout)), options_(options),
      dictionary_(cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50)),
      parameters_(cv::aruco::DetectorParameters::create()) {
  // Markers may be as small as 15 pixels (a 12x12 board at 1 m): small threshold windows, a
  // looser polygon fit and a finer bit sampling keep those readable; a wrong id or a misplaced
  // corner is caught by the homography's fit below.
  parameters_->adaptiveThreshWinSizeMin = 3;
  parameters_->adaptiveThreshWinSizeMax = 13;
  parameters_->adaptiveThreshWinSizeStep = 5;
  parameters_->polygonalApproxAccuracyRate = 0.06;
  parameters_->perspectiveRemovePixelPerCell = 8;
}

std::vector<BoardLocator::Detection> BoardLocator::detectWhole(const cv::Mat& grey) {
  std::vector<std::vector<cv::Point2f>> corners;
  std::vector<int> ids;
  parameters_->minMarkerPerimeterRate = 4.0 * options_.minMarkerSidePixels / std::max(grey.cols, grey.rows);
  cv::aruco::detectMarkers(grey, dictionary_, corners, ids, parameters_);
  std::vector<Detection> found;
  for (std::size_t m = 0; m < ids.size(); ++m)
    found.push_back({ids[m], {corners[m][0], corners[m][1], corners[m][2], corners[m][3]}});
  return found;
}

std::vector<BoardLocator::Detection> BoardLocator::detectNear(const cv::Mat& grey, const cv::Matx33d& h) {
  std::vector<Detection> found;
  const cv::Rect frame(0, 0, grey.cols, grey.rows);
  for (int id = 0; id < BoardLayout::kMarkerCount; ++id) {
    // The marker's cell and most of a cell around it: room for the board to have slid a little.
    const cv::Point2f c = layout_.markerCentre(id);
    std::vector<cv::Point2f> outline;
    for (const cv::Point2f d : {cv::Point2f(-1.2f, -1.2f), cv::Point2f(1.2f, -1.2f), cv::Point2f(1.2f, 1.2f),
                                cv::Point2f(-1.2f, 1.2f)})
      outline.push_back(options_.lens.bend(project(h, c + d), grey.size()));
    const cv::Rect window = cv::boundingRect(outline) & frame;
    if (window.width < 8 || window.height < 8) continue;
    const double markerPixels = BoardLayout::kMarkerSide * cellPixels(h, layout_);
    const double zoom = markerPixels < options_.smallMarkerPixels ? 2.0 : 1.0;
    cv::Mat crop = grey(window);
    if (zoom != 1.0) cv::resize(crop, crop, cv::Size(), zoom, zoom, cv::INTER_LINEAR);
    for (Detection d : detectWhole(crop)) {
      if (d.id != id) continue;
      for (auto& p : d.corners) p = cv::Point2f(p.x / static_cast<float>(zoom) + window.x, p.y / static_cast<float>(zoom) + window.y);
      found.push_back(d);
      break;
    }
  }
  return found;
}

BoardLocation BoardLocator::locate(const cv::Mat& image) {
  if (image.channels() == 3) cv::cvtColor(image, grey_, cv::COLOR_BGR2GRAY);
  else grey_ = image;
  if (last_) {
    BoardLocation tracked = fromDetections(detectNear(grey_, *last_));
    if (tracked.found()) {
      framesLost_ = 0;
      return tracked;
    }
    // Markers not where they were: mostly hands over them, which a search of the whole image
    // will not see through either. Search it only every few frames, so a hand resting on a
    // marker does not triple the cost of every frame.
    if (framesLost_++ % options_.wholeSearchEvery != 0) return tracked;
  }
  BoardLocation whole = fromDetections(detectWhole(grey_));
  if (whole.found()) framesLost_ = 0;
  if (whole.found() || last_) return whole;
  // Not found yet, perhaps because small markers are blurred (a big board far away, a soft
  // lens): look once more with the edges sharpened (an unsharp mask). This costs a few frames'
  // time, so it is only done until the board is first found; after that the windows around the
  // known markers are enlarged instead.
  cv::Mat soft, sharp;
  cv::GaussianBlur(grey_, soft, cv::Size(0, 0), 2.0);
  cv::addWeighted(grey_, 2.0, soft, -1.0, 0.0, sharp);
  const std::vector<Detection> found = detectWhole(sharp);
  return fromDetections(found);
}

BoardLocation BoardLocator::fromDetections(const std::vector<Detection>& found) {
  std::vector<cv::Point2f> boardPoints, imagePoints;
  bool seen[BoardLayout::kMarkerCount] = {};
  BoardLocation result;
  for (const Detection& d : found) {
    if (d.id < 0 || d.id >= BoardLayout::kMarkerCount || seen[d.id]) continue;
    seen[d.id] = true;
    ++result.markersSeen;
    const auto printed = layout_.markerCorners(d.id);
    for (int c = 0; c < 4; ++c) {
      boardPoints.push_back(printed[c]);
      imagePoints.push_back(d.corners[c]);
    }
  }
  // The swatch strip lies beyond the markers, so a small corner error grows there: refine the
  // corners to a fraction of a pixel (a window of about a bit of the marker).
  if (!imagePoints.empty()) {
    const double side = cv::norm(imagePoints[0] - imagePoints[1]);
    const int half = std::clamp(static_cast<int>(side / 12), 2, 5);
    cv::cornerSubPix(grey_, imagePoints, cv::Size(half, half), cv::Size(-1, -1),
                     cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 12, 0.02));
    if (!options_.lens.straight())
      for (cv::Point2f& p : imagePoints) p = options_.lens.straighten(p, grey_.size());
  }

  if (last_ && result.markersSeen > 0 && result.markersSeen < BoardLayout::kMarkerCount) {
    const double error = meanError(*last_, boardPoints, imagePoints);
    if (error < options_.agreementCells * cellPixels(*last_, layout_)) {
      result.how = BoardLocation::How::Kept;
      result.boardToImage = *last_;
      return result;
    }
  }
  // Three markers are twelve corners spread over the board: enough for a fresh homography when
  // the board moved while the fourth was covered.
  if (result.markersSeen >= 3) {
    const cv::Mat h = cv::findHomography(boardPoints, imagePoints, 0);
    if (!h.empty()) {
      const cv::Matx33d fresh(h);
      const double error = meanError(fresh, boardPoints, imagePoints);
      if (error < 0.1 * cellPixels(fresh, layout_)) {
        result.how = BoardLocation::How::Fresh;
        result.boardToImage = fresh;
        last_ = fresh;
        return result;
      }
    }
  }
  return result;
}

}  // namespace tessera::camera
