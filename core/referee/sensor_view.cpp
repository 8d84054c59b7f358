#include "core/referee/sensor_view.hpp"

#include "core/rules/sectors.hpp"

namespace tessera {

std::string_view sensorProfileName(SensorProfile p) {
  switch (p) {
    case SensorProfile::Camera: return "camera";
    case SensorProfile::Occupancy: return "occupancy";
    case SensorProfile::OccupancyAndSide: return "occupancy-side";
  }
  return "?";
}

std::optional<SensorProfile> parseSensorProfile(std::string_view name) {
  for (SensorProfile p : {SensorProfile::Camera, SensorProfile::Occupancy, SensorProfile::OccupancyAndSide})
    if (sensorProfileName(p) == name) return p;
  return std::nullopt;
}

namespace {

// a1 is dark, as on every chess board.
Surface checkerAt(Square sq) {
  return (fileOf(sq) + rankOf(sq)) % 2 == 0 ? Surface::DarkSquare : Surface::LightSquare;
}

// Colour letters of the variant texts: paper colours (Y P R L G B) and Chameleon board colours
// (B R Y G; there G is the board's green, not the paper's Dark Green).
Surface paperSurface(char letter) {
  switch (letter) {
    case 'Y': return Surface::Yellow;
    case 'P': return Surface::Purple;
    case 'R': return Surface::Red;
    case 'L': return Surface::LightBlue;
    case 'G': return Surface::DarkGreen;
    case 'B': return Surface::Blue;
    default: return Surface::Unknown;
  }
}

Surface boardColourSurface(char letter) {
  return letter == 'G' ? Surface::Green : paperSurface(letter);
}

}  // namespace

Surface paperColourSurface(const Variant& v, int colour) {
  if (colour < 0 || colour >= static_cast<int>(v.paperColours.size())) return Surface::Unknown;
  return paperSurface(v.paperColours[static_cast<std::size_t>(colour)]);
}

Surface surfaceAt(const Position& pos, Square sq) {
  const Variant& v = pos.variant();
  if (v.hasPaperColours() && pos.paper(sq) >= 0) return paperSurface(v.paperColours[pos.paper(sq)]);
  if (v.hasSquareColours() && v.colourAt(sq) >= 0) return boardColourSurface(v.colourLetters[v.colourAt(sq)]);
  if (v.hasTiles()) {
    switch (pos.tile(sq).state) {
      case TileState::Void: return Surface::Void;
      case TileState::AntiTile: return Surface::AntiTile;
      case TileState::Tile: break;
    }
  }
  if (v.hasSectors() && !(pos.sectorSlots() >> slotOf(sq) & 1)) return Surface::Void;
  return checkerAt(sq);
}

Occupant occupantAt(const Position& pos, Square sq) {
  const PieceCode p = pos.at(sq);
  if (!p) return Occupant::Empty;
  if (pos.variant().sides != 2) return Occupant::Occupied;
  return pieceSide(p) == 0 ? Occupant::Light : Occupant::Dark;
}

CellObservation fullView(const Position& pos, Square sq) {
  return CellObservation{occupantAt(pos, sq), surfaceAt(pos, sq), 1.0f, 1.0f};
}

Observation sensorView(const Position& pos, SensorProfile profile) {
  const BoardSize size = pos.variant().size;
  Observation o(size.files, size.ranks);
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      CellObservation cell = fullView(pos, makeSquare(f, r));
      if (profile != SensorProfile::Camera) {
        cell.surface = Surface::Unknown;
        cell.surfaceConfidence = 0.0f;
      }
      if (profile == SensorProfile::Occupancy && cell.occupant != Occupant::Empty) cell.occupant = Occupant::Occupied;
      o.at(f, r) = cell;
    }
  return o;
}

bool cellAgrees(const CellObservation& seen, const CellObservation& truth) {
  if (seen.surface != Surface::Unknown && seen.surface != truth.surface) return false;
  switch (seen.occupant) {
    case Occupant::Unknown: return true;
    case Occupant::Empty: return truth.occupant == Occupant::Empty;
    case Occupant::Occupied: return truth.occupant != Occupant::Empty;
    case Occupant::Light:
    case Occupant::Dark: return truth.occupant == seen.occupant || truth.occupant == Occupant::Occupied;
  }
  return false;
}

}  // namespace tessera
