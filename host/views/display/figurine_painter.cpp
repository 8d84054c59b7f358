#include "figurine_painter.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <stdexcept>

#include <opencv2/imgproc.hpp>

namespace tessera::display {
namespace {

constexpr int kCurveSteps = 10;
constexpr int kShift = 4;  // sub-pixel bits for fillPoly and polylines

class PathReader {
 public:
  explicit PathReader(const std::string& text) : text_(text) {}
  bool atEnd() {
    skip();
    return at_ >= text_.size();
  }
  bool nextIsCommand() {
    skip();
    return at_ < text_.size() && std::isalpha(static_cast<unsigned char>(text_[at_]));
  }
  char command() { return text_[at_++]; }
  double number() {
    skip();
    const char* start = text_.c_str() + at_;
    char* end = nullptr;
    const double v = std::strtod(start, &end);
    if (end == start) throw std::invalid_argument("figurine path: a number expected at " + std::to_string(at_));
    at_ += static_cast<std::size_t>(end - start);
    return v;
  }
  cv::Point2d point() {
    const double x = number();
    return {x, number()};
  }

 private:
  void skip() {
    while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == ',')) ++at_;
  }
  const std::string& text_;
  std::size_t at_ = 0;
};

}  // namespace

std::vector<std::vector<cv::Point2d>> flattenPath(const std::string& path) {
  std::vector<std::vector<cv::Point2d>> out;
  PathReader in(path);
  char command = 0;
  cv::Point2d pen;
  while (!in.atEnd()) {
    if (in.nextIsCommand()) command = in.command();
    switch (command) {
      case 'M':
        pen = in.point();
        out.push_back({pen});
        command = 'L';  // numbers after an M are lines
        break;
      case 'L':
        if (out.empty()) throw std::invalid_argument("figurine path: L before M");
        pen = in.point();
        out.back().push_back(pen);
        break;
      case 'Q': {
        if (out.empty()) throw std::invalid_argument("figurine path: Q before M");
        const cv::Point2d c = in.point(), end = in.point(), start = pen;
        for (int i = 1; i <= kCurveSteps; ++i) {
          const double t = static_cast<double>(i) / kCurveSteps, u = 1 - t;
          out.back().push_back(u * u * start + 2 * u * t * c + t * t * end);
        }
        pen = end;
        break;
      }
      case 'C': {
        if (out.empty()) throw std::invalid_argument("figurine path: C before M");
        const cv::Point2d c1 = in.point(), c2 = in.point(), end = in.point(), start = pen;
        for (int i = 1; i <= kCurveSteps; ++i) {
          const double t = static_cast<double>(i) / kCurveSteps, u = 1 - t;
          out.back().push_back(u * u * u * start + 3 * u * u * t * c1 + 3 * u * t * t * c2 + t * t * t * end);
        }
        pen = end;
        break;
      }
      case 'Z':
        command = 0;
        break;
      default:
        throw std::invalid_argument(std::string("figurine path: unknown command '") + command + "'");
    }
  }
  return out;
}

void drawFigurine(cv::Mat& img, const cv::Rect& box, const Figurine& f, const cv::Scalar& fill, const cv::Scalar& ink,
                  const cv::Scalar& outline) {
  const double unit = box.width / 100.0;
  const int width = std::max(1, static_cast<int>(kFigurineOutline * unit + 0.5));
  for (const FigurineLayer& layer : f.layers) {
    std::vector<std::vector<cv::Point>> polygons;
    for (const auto& sub : flattenPath(layer.path)) {
      std::vector<cv::Point> poly;
      for (const cv::Point2d& p : sub)
        poly.emplace_back(static_cast<int>((box.x + p.x * unit) * (1 << kShift)),
                          static_cast<int>((box.y + p.y * unit) * (1 << kShift)));
      polygons.push_back(std::move(poly));
    }
    const cv::Scalar& colour = layer.role == FigurineLayer::Role::Ink ? ink : fill;
    cv::fillPoly(img, polygons, colour, cv::LINE_AA, kShift);
    if (layer.role == FigurineLayer::Role::Body) cv::polylines(img, polygons, true, outline, width, cv::LINE_AA, kShift);
  }
  if (f.letter) {
    const int thickness = std::max(1, box.width / 24);
    int baseline = 0;
    const std::string text(1, f.letter);
    const double scale = box.height * 0.42 / std::max(1, cv::getTextSize("H", cv::FONT_HERSHEY_DUPLEX, 1.0, thickness, &baseline).height);
    const cv::Size size = cv::getTextSize(text, cv::FONT_HERSHEY_DUPLEX, scale, thickness, &baseline);
    cv::putText(img, text, {box.x + (box.width - size.width) / 2, box.y + (box.height + size.height) / 2},
                cv::FONT_HERSHEY_DUPLEX, scale, ink, thickness, cv::LINE_AA);
  }
}

}  // namespace tessera::display
