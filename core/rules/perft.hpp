#pragma once
// Counting the leaves of the legal move tree: the check of the move generator.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/rules/position.hpp"

namespace tessera {

std::uint64_t perft(Position& pos, int depth);

// The count below each legal move of the root, in long algebraic.
std::vector<std::pair<std::string, std::uint64_t>> perftDivide(Position& pos, int depth);

}  // namespace tessera
