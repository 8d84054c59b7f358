#pragma once
// A Scene in POV-Ray's scene language, and the settings POV-Ray renders it with.
#include <optional>
#include <string>
#include <string_view>

#include "scene.hpp"

namespace tessera::povray {

// Draft: fewer light samples and coarser antialiasing (CI's subset); final: the full set.
enum class Quality { Draft, Final };
std::optional<Quality> parseQuality(std::string_view name);

// The scene; `sheetFile`: the printed sheet's picture (`tessera print`), as the scene's folder sees it.
std::string povScene(const Scene& scene, const std::string& sheetFile, Quality quality);

// POV-Ray's settings: scene.pov in, render.png out (16 bits a channel), the undistorted picture's
// size (Camera::renderSize), antialiasing.
std::string povSettings(const Scene& scene, Quality quality);

}  // namespace tessera::povray
