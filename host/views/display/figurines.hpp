#pragma once
// The pieces as figurines: one symbol per piece type, of the project's own design, drawn from
// vector paths in a 100x100 box (y down), the same paths on the display (figurine_painter.hpp) and
// on the web page (sent as SVG path data with the board, board_json.hpp). The orthodox six look as
// players know them; Desert Dust's pieces get a symbol each (a camel, a raven, a spear, a wizard's
// hat...), its compounds with the Camel the simple piece's shape with a camel badge, and the
// Chameleons the piece they move as with an eye badge. A type of a user's variant file that none
// of these names gets a disc with its letter.
#include <string>
#include <vector>

#include "core/rules/variant.hpp"

namespace tessera::display {

// One layer of a figurine, drawn in order. Paths use M, L, C, Q and Z with absolute coordinates
// only; each layer is filled by the even-odd rule.
struct FigurineLayer {
  enum class Role {
    Body,   // filled in the side's colour and outlined in its ink
    Ink,    // filled in the ink (details: eyes, bands, badges)
    Light,  // filled in the side's colour, no outline (cut-outs inside ink)
  };
  Role role = Role::Body;
  std::string path;
};

struct Figurine {
  std::string design;  // which symbol: "king", "camel", "sultana" ...; "letter" for the fallback
  std::vector<FigurineLayer> layers;
  char letter = 0;  // the fallback's letter, drawn on its disc; 0 for every designed symbol
};

// The symbol for a piece type, by its name (then, for the orthodox letters, by its letter).
Figurine figurineOf(const PieceType& type);
// The outline width of Body layers, in the box's units.
constexpr double kFigurineOutline = 3.5;
// Whether the type is one of the six pieces every chess player knows (no legend needed).
bool isOrthodoxDesign(const Figurine& f);
// What a layer role is called in the data sent to the page: "body", "ink", "light".
const char* roleName(FigurineLayer::Role role);

}  // namespace tessera::display
