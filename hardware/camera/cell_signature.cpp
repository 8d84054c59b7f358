#include "hardware/camera/cell_signature.hpp"

#include <algorithm>
#include <cmath>

#include "hardware/camera/cell_sampler.hpp"

namespace tessera::camera {

void CellSignature::add(const CellSignature& other) {
  for (std::size_t b = 0; b < blocks.size(); ++b) blocks[b] += other.blocks[b];
  spread += other.spread;
}

void CellSignature::scale(float factor) {
  for (auto& b : blocks) b *= factor;
  spread *= factor;
}

CellSignature signatureOf(const ReflectanceImage& reflectance, cv::Point2f corner) {
  CellSignature s;
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 3; ++i)
      s.blocks[static_cast<std::size_t>(j * 3 + i)] =
          reflectance.mean(corner.x + i / 3.0f, corner.y + j / 3.0f, corner.x + (i + 1) / 3.0f, corner.y + (j + 1) / 3.0f);
  const CellPatch middle{0.25f, 0.25f, 0.75f, 0.75f};
  s.spread = 100.0f * reflectance.greySpread(corner.x + middle[0], corner.y + middle[1], corner.x + middle[2], corner.y + middle[3]);
  return s;
}

namespace {

constexpr float kDark = 0.03f;  // keeps the ratios of near-black blocks (an anti-tile) from swinging with noise

float level(const cv::Vec3f& v) { return v[0] + v[1] + v[2]; }

}  // namespace

float gainBetween(const CellSignature& before, const CellSignature& after) {
  std::array<float, 9> brightness;
  for (std::size_t b = 0; b < 9; ++b)
    brightness[b] = std::log((level(after.blocks[b]) + 3 * kDark) / (level(before.blocks[b]) + 3 * kDark));
  std::nth_element(brightness.begin(), brightness.begin() + 4, brightness.end());
  return brightness[4];
}

bool changedBetween(const CellSignature& before, const CellSignature& after, const ChangeOptions& options) {
  if (std::abs(after.spread - before.spread) > options.spread) return true;
  std::array<float, 9> brightness;
  for (std::size_t b = 0; b < 9; ++b)
    brightness[b] = std::log((level(after.blocks[b]) + 3 * kDark) / (level(before.blocks[b]) + 3 * kDark));
  std::array<float, 9> sorted = brightness;
  std::nth_element(sorted.begin(), sorted.begin() + 4, sorted.end());
  const float gain = sorted[4];  // the cell's change of light
  for (std::size_t b = 0; b < 9; ++b) {
    if (std::abs(brightness[b] - gain) > options.structure) return true;
    for (int c = 0; c < 3; ++c) {
      const float channel = std::log((after.blocks[b][c] + kDark) / (before.blocks[b][c] + kDark));
      if (std::abs(channel - brightness[b]) > options.colour) return true;
    }
  }
  return false;
}

}  // namespace tessera::camera
