#include "observation.hpp"

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

}  // namespace tessera
