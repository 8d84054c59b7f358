#include "white_reference.hpp"

#include <algorithm>
#include <vector>

namespace tessera::camera {

namespace {

cv::Vec<double, 6> terms(cv::Point2f p) {
  const double x = p.x / 8.0, y = p.y / 8.0;  // keep the terms of similar size
  return {1.0, x, y, x * y, x * x, y * y};
}

struct WhiteSample {
  cv::Point2f where;
  cv::Vec3f bgr;
};

bool solve(const std::vector<WhiteSample>& samples, const std::vector<bool>& use,
           std::array<cv::Vec<double, 6>, 3>& out) {
  int n = 0;
  for (bool u : use) n += u;
  if (n < 10) return false;
  cv::Mat a(n, 6, CV_64F), b(n, 3, CV_64F);
  int row = 0;
  for (std::size_t i = 0; i < samples.size(); ++i) {
    if (!use[i]) continue;
    const auto t = terms(samples[i].where);
    for (int k = 0; k < 6; ++k) a.at<double>(row, k) = t[k];
    for (int c = 0; c < 3; ++c) b.at<double>(row, c) = samples[i].bgr[c];
    ++row;
  }
  cv::Mat x;
  if (!cv::solve(a, b, x, cv::DECOMP_SVD)) return false;
  for (int c = 0; c < 3; ++c)
    for (int k = 0; k < 6; ++k) out[c][k] = x.at<double>(k, c);
  return true;
}

}  // namespace

bool WhiteReference::fit(const RectifiedBoard& board, const BoardLayout& layout) {
  std::vector<WhiteSample> samples;
  auto sample = [&](float cx, float cy) {
    const cv::Rect r = board.pixels(cx - 0.3f, cy - 0.3f, cx + 0.3f, cy + 0.3f);
    if (r.area() == 0) return;
    const cv::Scalar m = cv::mean(board.image(r));
    samples.push_back({{cx, cy}, cv::Vec3f(static_cast<float>(m[0]), static_cast<float>(m[1]), static_cast<float>(m[2]))});
  };
  for (int r = 0; r < layout.ranks; ++r) {
    sample(-0.5f, r + 0.5f);
    sample(layout.files + 0.5f, r + 0.5f);
  }
  for (int f = 0; f < layout.files; ++f) {
    sample(f + 0.5f, layout.ranks + 0.5f);
    sample(f + 0.5f, -0.5f);
  }
  const int stripEnd = static_cast<int>(layout.right());
  for (int x = 0; x < stripEnd; ++x) {
    sample(x + 0.5f, -1.5f);
    sample(x + 0.5f, -3.5f);
  }

  // Anything lying on the margin (a captured piece, a pen) is darker than the paper: fit, drop
  // the samples well below the fit, fit again.
  std::vector<bool> use(samples.size(), true);
  if (!solve(samples, use, coefficients_)) return false;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < samples.size(); ++i) {
      const cv::Vec3f fitted = at(samples[i].where);
      const float seen = samples[i].bgr[0] + samples[i].bgr[1] + samples[i].bgr[2];
      use[i] = seen > 0.85f * (fitted[0] + fitted[1] + fitted[2]);
    }
    if (!solve(samples, use, coefficients_)) return false;
  }
  return true;
}

cv::Vec3f WhiteReference::at(cv::Point2f p) const {
  const auto t = terms(p);
  cv::Vec3f w;
  for (int c = 0; c < 3; ++c) w[c] = std::max(8.0f, static_cast<float>(coefficients_[c].dot(t)));
  return w;
}

void WhiteReference::setUniform(cv::Vec3f white) {
  for (int c = 0; c < 3; ++c) coefficients_[c] = {white[c], 0, 0, 0, 0, 0};
}

}  // namespace tessera::camera
