#include "figurines.hpp"

#include <cstdio>
#include <map>
#include <string_view>

namespace tessera::display {
namespace {

using Role = FigurineLayer::Role;

std::string number(double v) {
  char text[24];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// A circle as four cubic curves.
std::string circle(double cx, double cy, double r) {
  const double k = 0.5523 * r;
  const auto p = [](double x, double y) { return number(x) + " " + number(y); };
  return "M" + p(cx + r, cy) + " C" + p(cx + r, cy + k) + " " + p(cx + k, cy + r) + " " + p(cx, cy + r) + " C" +
         p(cx - k, cy + r) + " " + p(cx - r, cy + k) + " " + p(cx - r, cy) + " C" + p(cx - r, cy - k) + " " +
         p(cx - k, cy - r) + " " + p(cx, cy - r) + " C" + p(cx + k, cy - r) + " " + p(cx + r, cy - k) + " " +
         p(cx + r, cy) + " Z";
}

std::string rect(double x0, double y0, double x1, double y1) {
  return "M" + number(x0) + " " + number(y0) + " L" + number(x1) + " " + number(y0) + " L" + number(x1) + " " +
         number(y1) + " L" + number(x0) + " " + number(y1) + " Z";
}

FigurineLayer body(std::string path) { return {Role::Body, std::move(path)}; }
FigurineLayer ink(std::string path) { return {Role::Ink, std::move(path)}; }
FigurineLayer light(std::string path) { return {Role::Light, std::move(path)}; }

// Every piece stands on the same base, the widest part of the symbol.
const FigurineLayer kBase = body("M16 93 L84 93 L84 87 Q84 80 76 80 L24 80 Q16 80 16 87 Z");

Figurine make(std::string design, std::vector<FigurineLayer> shape) {
  std::vector<FigurineLayer> layers = std::move(shape);
  layers.push_back(kBase);
  return {std::move(design), std::move(layers), 0};
}

// The orthodox six.
std::vector<FigurineLayer> kingShape() {
  return {body("M30 82 C22 64 18 50 28 42 C37 35 46 41 50 48 C54 41 63 35 72 42 C82 50 78 64 70 82 Z"),
          body("M46 6 L54 6 L54 15 L63 15 L63 23 L54 23 L54 40 L46 40 L46 23 L37 23 L37 15 L46 15 Z"),
          ink(rect(30, 66, 70, 71))};
}
std::vector<FigurineLayer> queenShape() {
  return {body("M30 82 L15 33 L33 58 L35 26 L45 56 L50 19 L55 56 L65 26 L67 58 L85 33 L70 82 Z"),
          body(circle(15, 30, 5.5)), body(circle(35, 23, 5.5)), body(circle(50, 15, 5.5)),
          body(circle(65, 23, 5.5)), body(circle(85, 30, 5.5)), ink(rect(31, 67, 69, 72))};
}
std::vector<FigurineLayer> rookShape() {
  return {body("M29 82 L33 38 L67 38 L71 82 Z"),
          body("M24 40 L24 12 L35 12 L35 21 L44.5 21 L44.5 12 L55.5 12 L55.5 21 L65 21 L65 12 L76 12 L76 40 Z"),
          ink(rect(33, 46, 67, 50))};
}
std::vector<FigurineLayer> bishopShape() {
  return {body("M40 56 L60 56 C60 66 66 74 71 82 L29 82 C34 74 40 66 40 56 Z"),
          body("M50 13 C65 24 72 38 63 57 L37 57 C28 38 35 24 50 13 Z"),
          body(circle(50, 10, 6)),
          ink("M54 24 L59 29 L49 41 L44 36 Z"),
          ink(rect(35, 55, 65, 60))};
}
std::vector<FigurineLayer> knightShape() {
  return {body("M70 82 L29 82 C29 70 38 62 47 55 C39 55 31 57 25 62 C18 65 13 60 16 53 C21 44 29 35 37 27 L35 12 "
               "L45 22 C51 18 60 17 66 22 C78 32 80 56 70 82 Z"),
          ink(circle(42, 33, 3.5)), ink("M60 27 C68 40 70 58 64 76 L60 76 C66 58 64 42 56 30 Z")};
}
std::vector<FigurineLayer> pawnShape() {
  return {body("M33 82 C33 64 41 54 45 47 L55 47 C59 54 67 64 67 82 Z"), body(rect(37, 42, 63, 49)),
          body(circle(50, 30, 14))};
}

// A badge low on the right: the piece that moves also as a Camel (Desert Dust's compounds).
std::vector<FigurineLayer> camelBadge() {
  return {ink(circle(79, 72, 18)), light("M65 80 C66 68 71 64 74 70 C76 63 84 62 86 70 L92 72 L92 76 L88 76 "
                                         "L88 80 Z")};
}
// A badge low on the right: an eye, for a Chameleon (it moves as the symbol shows until it lands
// on another colour).
std::vector<FigurineLayer> eyeBadge() {
  return {ink(circle(79, 72, 18)), light("M64 72 C70 62 88 62 94 72 C88 82 70 82 64 72 Z"), ink(circle(79, 72, 5))};
}

std::vector<FigurineLayer> with(std::vector<FigurineLayer> shape, const std::vector<FigurineLayer>& more) {
  shape.insert(shape.end(), more.begin(), more.end());
  return shape;
}

// Desert Dust's own pieces, each a symbol of what it is called.
std::vector<FigurineLayer> emirShape() {  // Rook + King + Camel: the tower crowned with the King's cross
  return {body("M29 82 L33 40 L67 40 L71 82 Z"),
          body("M24 42 L24 18 L35 18 L35 26 L44.5 26 L44.5 18 L55.5 18 L55.5 26 L65 26 L65 18 L76 18 L76 42 Z"),
          body("M46 2 L54 2 L54 8 L60 8 L60 14 L54 14 L54 22 L46 22 L46 14 L40 14 L40 8 L46 8 Z"),
          ink(rect(33, 48, 67, 52))};
}
std::vector<FigurineLayer> sultanShape() { return knightShape(); }  // Knight + Ferz + Camel
std::vector<FigurineLayer> vizierShape() {  // an onion-domed turban
  return {body("M32 82 C32 64 40 58 42 52 L58 52 C60 58 68 64 68 82 Z"),
          body("M50 4 C54 14 73 21 73 36 C73 47 63 53 50 53 C37 53 27 47 27 36 C27 21 46 14 50 4 Z"),
          ink("M29 34 C42 40 58 40 71 34 L71 39 C58 45 42 45 29 39 Z"), ink(circle(50, 23, 4))};
}
std::vector<FigurineLayer> snakeShape() {  // a serpent rising in an S
  return {body("M38 82 C18 72 22 56 44 52 C62 49 66 40 54 32 L62 22 C80 34 76 56 52 61 C38 64 40 72 58 82 Z"),
          body("M50 26 C48 14 56 8 64 8 C72 8 76 14 74 20 C72 26 62 30 50 26 Z"), ink(circle(64, 16, 2.8)),
          ink("M74 20 L84 22 L80 25 L84 28 L73 24 Z")};
}
std::vector<FigurineLayer> astrologerShape() {  // a tall starry hat under the crescent moon
  return {body("M26 82 L42 50 L58 50 L74 82 Z"), body("M50 20 L70 52 L30 52 Z"),
          body("M36 14 C36 2 52 -2 60 6 C52 4 44 8 44 16 C44 24 52 28 60 26 C52 34 36 28 36 14 Z"),
          ink("M50 31 L52.5 37 L59 37 L54 41 L56 47 L50 43.5 L44 47 L46 41 L41 37 L47.5 37 Z")};
}
std::vector<FigurineLayer> ravenShape() {  // a bird in profile, beak to the right
  return {body("M28 82 C28 64 34 54 42 48 C38 40 38 30 46 24 C52 19 61 21 64 28 L80 32 L64 37 C66 46 68 54 70 64 "
               "C71 72 71 78 71 82 Z"),
          ink(circle(53, 29, 3)), ink("M42 56 C52 60 59 68 63 79 L58 79 C54 70 49 64 40 60 Z")};
}
std::vector<FigurineLayer> mamlukShape() {  // a pointed helmet with a nose guard
  return {body("M35 82 L38 44 L62 44 L65 82 Z"), body("M50 6 C61 18 70 30 70 46 L30 46 C30 30 39 18 50 6 Z"),
          ink(rect(28, 43, 72, 48)), ink(rect(47.5, 46, 52.5, 62))};
}
std::vector<FigurineLayer> satrapShape() {  // a governor's shield
  return {body("M27 14 L73 14 L73 44 C73 60 62 72 50 80 C38 72 27 60 27 44 Z"),
          ink("M50 22 L62 40 L57 40 L50 30 L43 40 L38 40 Z"), ink("M50 42 L62 60 L57 60 L50 50 L43 60 L38 60 Z")};
}
std::vector<FigurineLayer> ayatollahShape() {  // a round turban
  return {body("M34 82 C34 66 40 60 42 55 L58 55 C60 60 66 66 66 82 Z"),
          body("M16 38 C16 22 33 14 50 14 C67 14 84 22 84 38 C84 48 68 55 50 55 C32 55 16 48 16 38 Z"),
          ink("M20 28 C40 36 60 36 80 28 L82 34 C60 42 40 42 18 34 Z"),
          ink("M19 42 C40 50 60 50 81 42 L78 47 C60 54 40 54 22 47 Z")};
}
std::vector<FigurineLayer> jackalShape() {  // a jackal's head with tall ears
  return {body("M36 82 L40 52 L28 44 L32 6 L45 28 L55 28 L68 6 L72 44 L60 52 L64 82 Z"),
          ink(circle(42, 40, 3.2)), ink(circle(58, 40, 3.2)), ink("M45 50 L55 50 L50 58 Z")};
}
std::vector<FigurineLayer> sheikShape() {  // a headcloth and its cord
  return {body("M26 82 C26 50 32 28 50 20 C68 28 74 50 74 82 Z"), body(circle(50, 15, 8)),
          ink("M31 36 C42 31 58 31 69 36 L70 42 C58 37 42 37 30 42 Z"), ink("M50 44 L56 82 L44 82 Z")};
}
std::vector<FigurineLayer> sorcererShape() {  // an orb with a star
  return {body("M36 82 C36 66 42 60 44 55 L56 55 C58 60 64 66 64 82 Z"), body(circle(50, 32, 22)),
          light(circle(50, 32, 17)),
          ink("M50 17 L54 28 L65 28 L56 35 L60 46 L50 39 L40 46 L44 35 L35 28 L46 28 Z")};
}
std::vector<FigurineLayer> wizardShape() {  // a pointed hat with a brim and a bent tip
  return {body("M34 82 L40 54 L60 54 L66 82 Z"), body("M36 48 L52 6 L68 16 L58 18 L64 48 Z"),
          body("M18 52 C28 42 72 42 82 52 C72 58 28 58 18 52 Z"), ink(circle(51, 34, 3.5))};
}
std::vector<FigurineLayer> spearShape() {  // a spearhead on its shaft
  return {body(rect(45, 40, 55, 82)), body("M50 3 L66 30 L55 44 L45 44 L34 30 Z"), body(rect(32, 44, 68, 51)),
          ink("M50 12 L53 30 L50 38 L47 30 Z")};
}
std::vector<FigurineLayer> camelShape() {  // a camel in profile
  return {body("M22 82 L24 58 C18 52 20 42 29 39 C33 29 41 29 45 38 C49 29 57 29 61 38 L66 40 C68 29 70 19 77 17 "
               "L88 21 L86 28 L79 28 C77 40 75 52 71 57 L73 82 L64 82 L62 62 L35 62 L33 82 Z"),
          ink(circle(80, 22, 2.2))};
}
std::vector<FigurineLayer> scorpionShape() {  // a body with claws and the tail curled over it
  return {body("M38 82 C34 68 38 57 50 55 C62 57 66 68 62 82 Z"),
          body("M55 58 C66 46 70 30 60 19 C53 12 43 16 45 25 L52 23 C55 27 59 30 58 37 C57 45 52 51 46 57 Z"),
          body("M36 66 C26 64 18 56 20 46 L27 50 L26 42 C31 46 33 52 38 60 Z"),
          body("M64 66 C74 64 82 56 80 46 L73 50 L74 42 C69 46 67 52 62 60 Z"), ink(rect(42, 68, 58, 71))};
}

using Shape = std::vector<FigurineLayer> (*)();
const std::map<std::string_view, std::pair<std::string_view, Shape>>& designsByName() {
  // The type's name in the variant data -> the symbol's name and shape.
  static const std::map<std::string_view, std::pair<std::string_view, Shape>> kDesigns = {
      {"king", {"king", kingShape}},          {"queen", {"queen", queenShape}},
      {"rook", {"rook", rookShape}},          {"bishop", {"bishop", bishopShape}},
      {"knight", {"knight", knightShape}},    {"pawn", {"pawn", pawnShape}},
      {"melek", {"king", kingShape}},         {"snake", {"snake", snakeShape}},
      {"astrologer", {"astrologer", astrologerShape}}, {"raven", {"raven", ravenShape}},
      {"satrap", {"satrap", satrapShape}},    {"ayatollah", {"ayatollah", ayatollahShape}},
      {"jackal", {"jackal", jackalShape}},    {"sorcerer", {"sorcerer", sorcererShape}},
      {"spear", {"spear", spearShape}},       {"camel", {"camel", camelShape}},
      {"scorpion", {"scorpion", scorpionShape}},
  };
  return kDesigns;
}

// Desert Dust's compounds with the Camel: a simple piece's shape (or its own) with the camel badge.
const std::map<std::string_view, std::pair<std::string_view, Shape>>& camelCompounds() {
  static const std::map<std::string_view, std::pair<std::string_view, Shape>> kCompounds = {
      {"sultana", {"sultana", queenShape}},    {"caliph", {"caliph", bishopShape}},
      {"hakim", {"hakim", rookShape}},         {"emir", {"emir", emirShape}},
      {"sultan", {"sultan", sultanShape}},     {"grand-vizier", {"grand-vizier", vizierShape}},
      {"mamluk", {"mamluk", mamlukShape}},     {"sheik", {"sheik", sheikShape}},
      {"wizard", {"wizard", wizardShape}},
  };
  return kCompounds;
}

Figurine letterDisc(char letter) {
  return {"letter", {body(circle(50, 50, 40))}, letter};
}

}  // namespace

Figurine figurineOf(const PieceType& type) {
  const std::string& name = type.name;
  if (const auto it = designsByName().find(name); it != designsByName().end())
    return make(std::string(it->second.first), it->second.second());
  if (const auto it = camelCompounds().find(name); it != camelCompounds().end())
    return make(std::string(it->second.first), with(it->second.second(), camelBadge()));
  constexpr std::string_view kChameleon = "chameleon-";
  if (name.starts_with(kChameleon)) {
    const std::string as = name.substr(kChameleon.size());
    if (const auto it = designsByName().find(as); it != designsByName().end())
      return make(name, with(it->second.second(), eyeBadge()));
  }
  // A type of a user's variant file none of these names: its letter on a disc.
  return letterDisc(type.letter);
}

bool isOrthodoxDesign(const Figurine& f) {
  return f.design == "king" || f.design == "queen" || f.design == "rook" || f.design == "bishop" ||
         f.design == "knight" || f.design == "pawn";
}

const char* roleName(FigurineLayer::Role role) {
  switch (role) {
    case Role::Body: return "body";
    case Role::Ink: return "ink";
    case Role::Light: return "light";
  }
  return "body";
}

}  // namespace tessera::display
