#pragma once
// Whether two settled observations read every cell the same (occupant and surface): the session's
// test for "the sensor gave this reading twice", which lets reconcile rule out a lone misread.
#include "core/observation.hpp"

namespace tessera::session {

inline bool sameReading(const Observation& a, const Observation& b) {
  if (a.files != b.files || a.ranks != b.ranks) return false;
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (a.cells[i].occupant != b.cells[i].occupant || a.cells[i].surface != b.cells[i].surface) return false;
  return true;
}

}  // namespace tessera::session
