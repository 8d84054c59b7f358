#pragma once
// The ground truth beside a rendered scene (truth.txt): "key = value" lines naming the variant, the
// position, the condition, the camera and lens, the lights and shadows, and what the camera's
// electronics did. The develop step and the reader take what they need from it, nothing else.
#include <string>
#include <utility>
#include <vector>

#include "camera_model.hpp"
#include "scene.hpp"

namespace tessera::povray {

std::string truthText(const Scene& scene);

class Truth {
 public:
  static Truth parse(const std::string& text);  // throws std::runtime_error on a line without " = "
  static Truth read(const std::string& path);   // throws std::runtime_error when unreadable

  bool has(const std::string& key) const;
  // The first value of `key`; throws std::runtime_error naming the key when it is missing.
  const std::string& text(const std::string& key) const;
  std::vector<double> numbers(const std::string& key) const;  // its value's numbers
  double number(const std::string& key) const;                // the one number

  Camera camera() const;
  Develop develop() const;
  cv::Size imageSize() const;
  cv::Size renderSize() const;
  double cellMm() const;
  cv::Rect2d sheet() const;  // in board cells
  SheetCurl curl() const;

 private:
  std::vector<std::pair<std::string, std::string>> fields_;
};

}  // namespace tessera::povray
