#pragma once
// What a sensor saw on the board once it settled: per cell, the occupant and the surface, each
// possibly unknown, with a confidence. Sensors produce it; the referee reads it.
#include <cstdint>
#include <string_view>
#include <vector>

namespace tessera {

enum class Occupant : std::uint8_t {
  Unknown,   // the sensor cannot tell
  Empty,
  Light,     // a light (White) piece
  Dark,      // a dark (Black) piece
  Occupied,  // something stands there, side unknown (reed or hall switch)
};

// What the cell itself shows. Tiles and sectors are light or dark cells; an empty slot or an
// untiled square shows void.
enum class Surface : std::uint8_t {
  Unknown,
  LightSquare,
  DarkSquare,
  Yellow,      // also Chameleon gold
  Purple,
  Red,         // also Chameleon red
  LightBlue,
  DarkGreen,
  Blue,        // also Chameleon blue
  Green,       // Chameleon green
  Void,
  AntiTile,
};

std::string_view occupantName(Occupant o);
std::string_view surfaceName(Surface s);

struct CellObservation {
  Occupant occupant = Occupant::Unknown;
  Surface surface = Surface::Unknown;
  float occupantConfidence = 0.0f;  // 0..1
  float surfaceConfidence = 0.0f;   // 0..1
};

// Cells are stored rank by rank from a1: index = rank * files + file.
struct Observation {
  int files = 0;
  int ranks = 0;
  std::vector<CellObservation> cells;

  Observation() = default;
  Observation(int f, int r) : files(f), ranks(r), cells(static_cast<std::size_t>(f * r)) {}
  CellObservation& at(int file, int rank) { return cells[static_cast<std::size_t>(rank * files + file)]; }
  const CellObservation& at(int file, int rank) const {
    return cells[static_cast<std::size_t>(rank * files + file)];
  }
};

// Whether two settled observations read every cell the same (occupant and surface, however sure):
// "the sensor gave this reading twice", which lets reconcile rule out a lone misread.
bool sameReading(const Observation& a, const Observation& b);

}  // namespace tessera
