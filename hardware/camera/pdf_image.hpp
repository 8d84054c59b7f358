#pragma once
// Writes images as a PDF, one page per image at a given resolution, each page holding the image
// as JPEG (the DCTDecode filter PDF readers all support). Enough for printing the board sheets.
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace tessera::camera {

// Throws std::runtime_error when the file cannot be written.
void writeImagesAsPdf(const std::string& path, const std::vector<cv::Mat>& pages, double dotsPerInch);

}  // namespace tessera::camera
