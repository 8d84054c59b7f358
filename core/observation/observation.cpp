#include "core/observation/observation.hpp"

namespace tessera {

std::string_view occupantName(Occupant o) {
  switch (o) {
    case Occupant::Unknown: return "unknown";
    case Occupant::Empty: return "empty";
    case Occupant::Light: return "light";
    case Occupant::Dark: return "dark";
    case Occupant::Occupied: return "occupied";
  }
  return "?";
}

std::string_view surfaceName(Surface s) {
  switch (s) {
    case Surface::Unknown: return "unknown";
    case Surface::LightSquare: return "light-square";
    case Surface::DarkSquare: return "dark-square";
    case Surface::Yellow: return "yellow";
    case Surface::Purple: return "purple";
    case Surface::Red: return "red";
    case Surface::LightBlue: return "light-blue";
    case Surface::DarkGreen: return "dark-green";
    case Surface::Blue: return "blue";
    case Surface::Green: return "green";
    case Surface::Void: return "void";
    case Surface::AntiTile: return "anti-tile";
  }
  return "?";
}

bool sameReading(const Observation& a, const Observation& b) {
  if (a.files != b.files || a.ranks != b.ranks) return false;
  for (std::size_t i = 0; i < a.cells.size(); ++i)
    if (a.cells[i].occupant != b.cells[i].occupant || a.cells[i].surface != b.cells[i].surface) return false;
  return true;
}

}  // namespace tessera
