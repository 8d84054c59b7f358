// The built-in variants, written in the variant text format (docs/variants.md).
#include <bit>
#include <map>
#include <mutex>
#include <set>
#include <sstream>

#include "core/rules/move_tables.hpp"
#include "core/rules/piece_values.hpp"
#include "core/rules/position.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "core/text/counted_noun.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

constexpr std::string_view kBuiltinText = R"(
[chess]
title = Orthodox chess
board = 8x8
piece = king K KisO2 royal
piece = queen Q Q
piece = rook R R
piece = bishop B B
piece = knight N N
piece = pawn P ifmnDfmWfceF
start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
promotion-pieces = P
promotion-choices = Q R B N
castling = yes

# Desert Dust (Greenwade). Letters: the diagram's multi-letter IDs mapped to one letter each
# (docs/rules/desert-dust.md). Satrap and Ayatollah leap two squares, as the prose says.
[desert-dust]
title = Desert Dust
board = 12x12
piece = melek K KisO4 royal
piece = sultana Q QC
piece = emir E RKC
piece = caliph B BC
piece = hakim H RC
piece = sultan U FNC
piece = grand-vizier V KAC
piece = snake N vWvyafsW
piece = astrologer A CmpafmpafsyafW
piece = raven R RNN
piece = mamluk O WC
piece = satrap T mWmDcFcA
piece = ayatollah Y mFmAcWcD
piece = jackal J GZ
piece = sheik F FCDD
piece = sorcerer M WZ
piece = wizard W FC
piece = spear L mfRcfB
piece = camel C C
piece = pawn P ifmnDfmWfceF
piece = scorpion S ifmnDfmWfceFmfsN
start = vuhbeqkebhuv/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/YTORANNAROTY/VUHBEQKEBHUV[] w KQkq - 0 1
promotion-pieces = P S L
promotion-choices = F B H T W M A
promotion-from-holdings = C J R N
captured-to-owner-holdings = yes
castling = yes

# Chameleon Chess Redux (Goss), two players, on the Grosskopf/Derzhanski four-colour board
# (rank 8 first; R red, B blue, G green, Y gold). A Chameleon is written by what it moves as on its
# square: R on red, B on blue, N on green, Q on gold.
[chameleon-redux]
title = Chameleon Chess Redux
board = 8x8
piece = king K K royal
piece = chameleon-rook R R
piece = chameleon-bishop B B
piece = chameleon-knight N N
piece = chameleon-queen Q Q
piece = pawn P ifmnDfmWfceF
board-colours = BRBYGRBY/RGRBYGRB/GYRGRBBY/YBGYGRYG/BRYBRBGR/RGGYBYRB/GYBRGYBY/RGYBRGYG
colour-types = R:R B:B G:N Y:Q
start = brkqnrbq/pppppppp/8/8/8/8/PPPPPPPP/RNQBRKQN w - - 0 1
promotion-pieces = P
promotion-by-colour = yes

# Chameleon Chess Redux for four players: s (South, rank 1), w (West, file a), n (North, rank 8),
# e (East, file h), moving clockwise from South. Pawns step forward or sideways and capture one
# step diagonally forward or backward.
[chameleon-redux-4p : chameleon-redux]
title = Chameleon Chess Redux, four players
sides = 4
# The fifty-move rule as in chess: fifty moves by each player.
fifty-move-limit = 200
piece = pawn P mfWmsWcfFcbF
start = wKwP2nNnRnBnK/wRwP2nPnPnPnP/wNwP6/wQwP6/6ePeR/6ePeB/sPsPsPsP2ePeQ/sKsNsQsB2ePeK s - - 0 1

# Tiled Squares Chess (Quintanilla): the FIDE array, ranks 3-6 void; Tiles and Anti-Tiles are
# dropped during play, the King builds Tiles where he steps.
[tiled-squares : chess]
title = Tiled Squares Chess
tiles = tttttttt/tttttttt/8/8/8/8/tttttttt/tttttttt

# Shifting Sands Chess (Quintanilla), 6x7. Paper colours: Y yellow (Queen), P purple (Rook), R red
# (Bishop), L light blue (Knight), G dark green (Pawn), B blue (no piece but a King enters).
[shifting-sands : chess]
title = Shifting Sands Chess
board = 6x7
piece = king K K royal
piece = pawn P ifmnDfmWfcF
start = ppkppp/pppppp/6/6/6/PPPPPP/PPKPPP w - - 0 1
castling = no
paper-colours = Y:Q P:R R:B L:N G:P B:-
colour-pool = YYPPRRLLGGBB
plain-square-piece = P
opening-drops = 4
queen-from-colour = G:Q
promotion-choices = Q R B N P

# Shifting Chess (Howe): 2x2 sectors of the board slide with their pieces; B-II and B-III (c3-d6)
# are empty at the start.
[shifting-chess : chess]
title = Shifting Chess
empty-slots = BII BIII
initial-move-ranks = 2
)";

struct Registry {
  std::map<std::string, Variant, std::less<>> byName;
  std::vector<std::string> names;
  std::map<std::string, Variant, std::less<>> withOptions;  // built on first request
  std::mutex withOptionsLock;
};

Registry& registry() {
  static Registry r;
  static std::once_flag filled;
  std::call_once(filled, [] {
    for (Variant& v : parseVariantText(kBuiltinText, "built-in variants")) {
      r.names.push_back(v.name);
      v.fullName = v.name;
      r.byName.emplace(v.name, std::move(v));
    }
  });
  return r;
}

// Turns the board's colours a quarter turn clockwise, as seen from White's side.
void turnColours(Variant& v) {
  std::array<std::int8_t, 256> turned;
  turned.fill(-1);
  const int n = v.size.files;
  for (int f = 0; f < n; ++f)
    for (int r = 0; r < n; ++r) turned[makeSquare(r, n - 1 - f)] = v.squareColour[makeSquare(f, r)];
  v.squareColour = turned;
}

// The start position with every colour-changing piece retyped by the colour under it.
std::string retypedStart(const Variant& v) {
  const Placement placement = parsePlacement(v, v.startPosition);
  Position pos(v);
  for (int sq = 0; sq < 256; ++sq)
    if (placement.board[sq])
      pos.put(static_cast<Square>(sq), makePiece(pieceSide(placement.board[sq]),
                                                 v.typeArrivingAt(pieceType(placement.board[sq]), static_cast<Square>(sq))));
  const std::string written = positionString(pos);
  return written.substr(0, written.find(' ')) + v.startPosition.substr(v.startPosition.find(' '));
}

void removeEnPassant(Variant& v) {
  for (PieceType& p : v.pieces) {
    std::string betza;
    for (char c : p.betza)
      if (c != 'e') betza += c;
    p.betza = betza;
    p.moves = parseXBetza(betza);
  }
}

// Shifting Sands on a larger board: Pawns on the first two ranks, the King on the file left of
// the centre, the same pool.
void resizeShiftingSands(Variant& v, const std::string& value) {
  int files = 0, ranks = 0;
  char x = 0;
  std::istringstream in(value);
  if (!(in >> files >> x >> ranks) || x != 'x' || !((files == 6 && ranks == 7) || (files == 8 && ranks == 8) || (files == 10 && ranks == 10)))
    throw VariantError("size must be 6x7, 8x8 or 10x10, got '" + excerpt(value) + "'");
  v.size = {files, ranks};
  const int kingFile = files / 2 - 1;
  auto backRank = [&](char pawn, char king) {
    std::string r(static_cast<std::size_t>(files), pawn);
    r[static_cast<std::size_t>(kingFile)] = king;
    return r;
  };
  std::string placement = backRank('p', 'k') + "/" + std::string(static_cast<std::size_t>(files), 'p');
  for (int r = 0; r < ranks - 4; ++r) placement += "/" + std::to_string(files);
  placement += "/" + std::string(static_cast<std::size_t>(files), 'P') + "/" + backRank('P', 'K');
  v.startPosition = placement + " w - - 0 1";
}

Variant withOptions(const Variant& base, std::string_view optionText) {
  Variant v = base;
  const std::string optionHelp =
      " (options: rotation=0|90|180|270 on coloured boards, empty=BII+BIII with sectors, size=8x8|10x10 with "
      "paper colours, en-passant=on|off)";
  std::stringstream in{std::string(optionText)};
  std::set<std::string> given;
  for (std::string option; std::getline(in, option, ',');) {
    const auto eq = option.find('=');
    const std::string key = option.substr(0, eq), value = eq == std::string::npos ? "" : option.substr(eq + 1);
    // Given twice, rotations would add up and the rest would take the last: neither is what was meant.
    if (!given.insert(key).second) throw VariantError("option '" + key + "' is given twice");
    if (key == "rotation" && base.hasSquareColours() && base.size.files == base.size.ranks) {
      if (value != "0" && value != "90" && value != "180" && value != "270")
        throw VariantError("rotation must be 0, 90, 180 or 270, got '" + excerpt(value) + "'");
      for (int turns = std::stoi(value) / 90; turns > 0; --turns) turnColours(v);
    } else if (key == "size" && base.hasPaperColours()) {
      resizeShiftingSands(v, value);
    } else if (key == "empty" && base.hasSectors()) {
      // The start layout moves the empty slots; their number is the variant's (two: 14 sectors).
      v.startEmptySlots = value;  // checked when the start position is read below
    } else if (key == "en-passant" && (value == "on" || value == "off")) {
      if (value == "off") removeEnPassant(v);
    } else {
      throw VariantError("unknown option '" + excerpt(option) + "' for " + base.name + optionHelp);
    }
  }
  v.fullName = base.name + ":" + std::string(optionText);
  v.tables = buildMoveTables(v);
  if (v.hasSquareColours()) v.startPosition = retypedStart(v);
  try {
    v.material = deriveMaterialValues(v);  // reads the start position
  } catch (const PositionError& e) {
    throw VariantError("option '" + excerpt(optionText) + "' gives no valid start: " + e.what());
  }
  if (v.hasSectors()) {
    const int empty = 16 - std::popcount(startPosition(v).sectorSlots());
    const int baseEmpty = 16 - std::popcount(startPosition(base).sectorSlots());
    if (empty != baseEmpty)
      throw VariantError("empty= names " + countedNoun(static_cast<std::size_t>(empty), "slot", "slots") + "; " + base.name + " has " +
                         std::to_string(baseEmpty) + " empty slots (" + std::to_string(16 - baseEmpty) + " sectors)");
  }
  return v;
}

}  // namespace

std::string_view builtinVariantText() { return kBuiltinText; }

const Variant& builtinVariant(std::string_view fullName) {
  Registry& r = registry();
  const auto colon = fullName.find(':');
  const std::string_view name = fullName.substr(0, colon);
  auto it = r.byName.find(name);
  if (it == r.byName.end()) {
    std::string known;
    for (const std::string& n : r.names) known += (known.empty() ? "" : ", ") + n;
    throw VariantError("unknown variant '" + excerpt(name) + "' (known: " + known + ")");
  }
  if (colon == std::string_view::npos) return it->second;
  std::lock_guard lock(r.withOptionsLock);
  auto built = r.withOptions.find(fullName);
  if (built == r.withOptions.end())
    built = r.withOptions.emplace(std::string(fullName), withOptions(it->second, fullName.substr(colon + 1))).first;
  return built->second;
}

std::vector<std::string> builtinVariantNames() { return registry().names; }

}  // namespace tessera
