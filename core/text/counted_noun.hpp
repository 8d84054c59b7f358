#pragma once
// A count with its noun in the right number for a message: "1 frame", "0 frames", "12 frames".
#include <cstddef>
#include <string>
#include <string_view>

namespace tessera {

std::string countedNoun(std::size_t count, std::string_view one, std::string_view many);

}  // namespace tessera
