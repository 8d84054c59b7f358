#pragma once
// The printed board a variant needs: its size, its swatch strip and the surfaces its cells show.
#include "core/rules/variant.hpp"
#include "hardware/camera/board_layout.hpp"

namespace tessera::camera {

BoardLayout layoutForVariant(const Variant& variant);

}  // namespace tessera::camera
