#pragma once
// The --lens of `play`, `calibrate` and `replay`: the camera's radial distortion as `tessera
// calibrate` measured it (hardware/camera/lens.hpp), one number, > 0 barrel (wide lenses), < 0
// pincushion. `calibrate --config FILE` writes it into the configuration's [tessera] section.
#include <string>

#include "hardware/camera/lens.hpp"
#include "host/cli/options.hpp"

namespace tessera::cli {

extern const OptionSpec kLensOption;

// A number from -0.3 to 0.5; throws UsageError for anything else.
camera::Lens parseLens(const std::string& text);

// "0.183": as written into the configuration and shown to the user.
std::string lensText(const camera::Lens& lens);

}  // namespace tessera::cli
