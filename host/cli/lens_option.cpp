#include "host/cli/lens_option.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace tessera::cli {

// The range lens_estimate searches: beyond it a lens bends the sheet's lines more than any
// camera the board spec allows.
constexpr double kMostPincushion = -0.3, kMostBarrel = 0.5;

const OptionSpec kLensOption{"lens", "K",
                             "the camera's lens distortion as tessera calibrate measured it, -0.3 to 0.5 (> 0 barrel: "
                             "wide lenses; default 0, none)"};

camera::Lens parseLens(const std::string& text) {
  char* end = nullptr;
  const double k = text.empty() ? NAN : std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(k) || k < kMostPincushion || k > kMostBarrel)
    throw UsageError("--lens '" + text + "': a number from -0.3 to 0.5, as tessera calibrate measures it");
  return camera::Lens{k};
}

std::string lensText(const camera::Lens& lens) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", lens.barrel);
  return text;
}

}  // namespace tessera::cli
