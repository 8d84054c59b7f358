#include "reference_movegen.hpp"

#include <algorithm>
#include <string>
#include <tuple>

#include "core/rules/sectors.hpp"

namespace tessera::reference {
namespace {

struct Target {
  int square;
  bool capture;  // lands on an opposing piece
};

struct Context {
  const Position& pos;
  const Variant& v;
  std::string variant;  // the variant's name, options left off
  int side;
  bool attackOnly;      // collecting capture threats: Kings count as capturable
};

std::string name(const Variant& v) { return v.name; }
bool onBoard(const Variant& v, int f, int r) { return f >= 0 && r >= 0 && f < v.size.files && r < v.size.ranks; }
int squareAt(int f, int r) { return r * 16 + f; }
const std::string& pieceName(const Position& pos, int sq) { return pos.variant().pieces[pieceType(pos.at(static_cast<Square>(sq)))].name; }
bool isKingName(const std::string& n) { return n == "king" || n == "melek"; }

// The side's forward direction.
void forward(const Variant& v, int side, int& dx, int& dy) {
  if (v.sides == 4) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};
    dx = dirs[side][0];
    dy = dirs[side][1];
  } else {
    dx = 0;
    dy = side == 0 ? 1 : -1;
  }
}

// Whether a piece passing over this square is stopped by the board itself.
bool stopsPassage(const Context& c, int sq) {
  if (c.variant == "tiled-squares") return c.pos.tile(static_cast<Square>(sq)).state == TileState::AntiTile;
  if (c.variant == "shifting-chess") return !(c.pos.sectorSlots() >> slotOf(static_cast<Square>(sq)) & 1);
  if (c.variant == "shifting-sands") return c.pos.paper(static_cast<Square>(sq)) == static_cast<int>(c.v.paperColours.find('B'));
  return false;
}

// Whether the moving piece may end its move on this empty square.
bool mayLandOnEmpty(const Context& c, int sq, bool king) {
  if (c.variant == "tiled-squares") return king || c.pos.tile(static_cast<Square>(sq)).state == TileState::Tile;
  if (c.variant == "shifting-sands") return king || !stopsPassage(c, sq);
  return !stopsPassage(c, sq);
}

bool empty(const Context& c, int sq) { return c.pos.at(static_cast<Square>(sq)) == kEmpty; }
bool opposing(const Context& c, int sq) {
  const PieceCode p = c.pos.at(static_cast<Square>(sq));
  if (!p || pieceSide(p) == c.side) return false;
  return c.attackOnly || !isKingName(pieceName(c.pos, sq));
}

// A leap (or step) to from + (dx, dy): onto an empty square, or capturing.
void leap(const Context& c, int from, int dx, int dy, bool king, bool moves, bool captures, std::vector<Target>& out) {
  const int f = from % 16 + dx, r = from / 16 + dy;
  if (!onBoard(c.v, f, r)) return;
  const int to = squareAt(f, r);
  if (empty(c, to)) {
    if (moves && mayLandOnEmpty(c, to, king)) out.push_back({to, false});
  } else if (captures && opposing(c, to)) {
    out.push_back({to, true});
  }
}

// A ride: step by (dx, dy) over empty squares until the board edge, a piece or a wall. Void
// (Tiled Squares) is crossed but not landed on.
void ride(const Context& c, int from, int dx, int dy, bool moves, bool captures, std::vector<Target>& out, int maxSteps = 99) {
  int f = from % 16, r = from / 16;
  for (int step = 0; step < maxSteps; ++step) {
    f += dx;
    r += dy;
    if (!onBoard(c.v, f, r)) return;
    const int to = squareAt(f, r);
    if (!empty(c, to)) {
      if (captures && opposing(c, to)) out.push_back({to, true});
      return;
    }
    if (stopsPassage(c, to)) return;
    if (moves && mayLandOnEmpty(c, to, false)) out.push_back({to, false});
  }
}

void orthogonalLeaps(const Context& c, int from, int d, bool king, bool moves, bool captures, std::vector<Target>& out) {
  leap(c, from, d, 0, king, moves, captures, out);
  leap(c, from, -d, 0, king, moves, captures, out);
  leap(c, from, 0, d, king, moves, captures, out);
  leap(c, from, 0, -d, king, moves, captures, out);
}

void diagonalLeaps(const Context& c, int from, int d, bool king, bool moves, bool captures, std::vector<Target>& out) {
  for (int sx : {1, -1})
    for (int sy : {1, -1}) leap(c, from, d * sx, d * sy, king, moves, captures, out);
}

void obliqueLeaps(const Context& c, int from, int a, int b, bool moves, bool captures, std::vector<Target>& out) {
  for (int sx : {1, -1})
    for (int sy : {1, -1}) {
      leap(c, from, a * sx, b * sy, false, moves, captures, out);
      leap(c, from, b * sx, a * sy, false, moves, captures, out);
    }
}

void rookRides(const Context& c, int from, std::vector<Target>& out) {
  for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}}) ride(c, from, dx, dy, true, true, out);
}
void bishopRides(const Context& c, int from, std::vector<Target>& out) {
  for (auto [dx, dy] : {std::pair{1, 1}, {-1, 1}, {1, -1}, {-1, -1}}) ride(c, from, dx, dy, true, true, out);
}
void kingSteps(const Context& c, int from, bool king, std::vector<Target>& out) {
  orthogonalLeaps(c, from, 1, king, true, true, out);
  diagonalLeaps(c, from, 1, king, true, true, out);
}
void camel(const Context& c, int from, std::vector<Target>& out) { obliqueLeaps(c, from, 3, 1, true, true, out); }

// A rider whose every step is a leap of (a, b), in one of its eight directions.
void leapRider(const Context& c, int from, int a, int b, std::vector<Target>& out) {
  for (int sx : {1, -1})
    for (int sy : {1, -1})
      for (int swap = 0; swap < (a == b || b == 0 ? 1 : 2); ++swap) {
        const int dx = (swap ? b : a) * sx, dy = (swap ? a : b) * sy;
        if (b == 0 && sy == -1) continue;
        ride(c, from, dx, dy, true, true, out);
        if (b == 0) ride(c, from, dy, dx, true, true, out);
      }
}

// Pawns of the two-player games: forward step, double step from the start (or, in Shifting
// Chess, from the first two ranks), diagonal forward captures.
void pawnMoves(const Context& c, int from, bool doubleStepAllowed, std::vector<Target>& out) {
  int fx, fy;
  forward(c.v, c.side, fx, fy);
  const int f = from % 16, r = from / 16;
  if (onBoard(c.v, f + fx, r + fy)) {
    const int one = squareAt(f + fx, r + fy);
    if (empty(c, one) && !stopsPassage(c, one)) {
      if (mayLandOnEmpty(c, one, false)) out.push_back({one, false});
    }
    const bool passable = empty(c, one) && !stopsPassage(c, one);
    if (doubleStepAllowed && passable && onBoard(c.v, f + 2 * fx, r + 2 * fy)) {
      const int two = squareAt(f + 2 * fx, r + 2 * fy);
      if (empty(c, two) && mayLandOnEmpty(c, two, false)) out.push_back({two, false});
    }
  }
  leap(c, from, fx + fy, fy + fx, false, false, true, out);  // (1,1) for White, (-1,-1) for Black
  leap(c, from, fx - fy, fy - fx, false, false, true, out);  // (-1,1) / (1,-1)
}

void pieceTargets(const Context& c, int from, std::vector<Target>& out) {
  const std::string& n = pieceName(c.pos, from);
  const int f = from % 16, r = from / 16;
  int fx, fy;
  forward(c.v, c.side, fx, fy);
  const bool kingLike = isKingName(n);
  if (kingLike) {
    kingSteps(c, from, true, out);
    return;
  }
  if (n.rfind("chameleon", 0) == 0) {
    // A Chameleon moves by the colour of the square it stands on.
    const char colour = c.v.colourLetters[c.v.colourAt(static_cast<Square>(from))];
    if (colour == 'R' || colour == 'Y') rookRides(c, from, out);
    if (colour == 'B' || colour == 'Y') bishopRides(c, from, out);
    if (colour == 'G') obliqueLeaps(c, from, 2, 1, true, true, out);
    return;
  }
  if (n == "queen") { rookRides(c, from, out); bishopRides(c, from, out); return; }
  if (n == "rook") { rookRides(c, from, out); return; }
  if (n == "bishop") { bishopRides(c, from, out); return; }
  if (n == "knight") { obliqueLeaps(c, from, 2, 1, true, true, out); return; }
  if (n == "pawn") {
    if (c.variant == "chameleon-redux-4p") {
      // Forward or sideways one step; capture one step diagonally forward or backward.
      leap(c, from, fx, fy, false, true, false, out);
      leap(c, from, fy, fx, false, true, false, out);
      leap(c, from, -fy, -fx, false, true, false, out);
      diagonalLeaps(c, from, 1, false, false, true, out);
      return;
    }
    const int ownRank = c.side == 0 ? r : c.v.size.ranks - 1 - r;
    const bool doubleStep = c.variant == "shifting-chess" ? ownRank < 2 : c.pos.unmoved(static_cast<Square>(from));
    pawnMoves(c, from, doubleStep, out);
    return;
  }
  // Desert Dust, as the prose and the decisions describe each piece.
  if (n == "sultana") { rookRides(c, from, out); bishopRides(c, from, out); camel(c, from, out); return; }
  if (n == "emir") { rookRides(c, from, out); kingSteps(c, from, false, out); camel(c, from, out); return; }
  if (n == "caliph") { bishopRides(c, from, out); camel(c, from, out); return; }
  if (n == "hakim") { rookRides(c, from, out); camel(c, from, out); return; }
  if (n == "sultan") { diagonalLeaps(c, from, 1, false, true, true, out); obliqueLeaps(c, from, 2, 1, true, true, out); camel(c, from, out); return; }
  if (n == "grand-vizier") { kingSteps(c, from, false, out); diagonalLeaps(c, from, 2, false, true, true, out); camel(c, from, out); return; }
  if (n == "raven") { rookRides(c, from, out); leapRider(c, from, 2, 1, out); return; }
  if (n == "mamluk") { orthogonalLeaps(c, from, 1, false, true, true, out); camel(c, from, out); return; }
  if (n == "jackal") { diagonalLeaps(c, from, 3, false, true, true, out); obliqueLeaps(c, from, 3, 2, true, true, out); return; }
  if (n == "sheik") { diagonalLeaps(c, from, 1, false, true, true, out); camel(c, from, out); leapRider(c, from, 2, 0, out); return; }
  if (n == "sorcerer") { orthogonalLeaps(c, from, 1, false, true, true, out); obliqueLeaps(c, from, 3, 2, true, true, out); return; }
  if (n == "wizard") { diagonalLeaps(c, from, 1, false, true, true, out); camel(c, from, out); return; }
  if (n == "camel") { camel(c, from, out); return; }
  if (n == "satrap") {
    // Moves one or two (leaping) orthogonally without capturing; captures one or two diagonally.
    orthogonalLeaps(c, from, 1, false, true, false, out);
    orthogonalLeaps(c, from, 2, false, true, false, out);
    diagonalLeaps(c, from, 1, false, false, true, out);
    diagonalLeaps(c, from, 2, false, false, true, out);
    return;
  }
  if (n == "ayatollah") {
    diagonalLeaps(c, from, 1, false, true, false, out);
    diagonalLeaps(c, from, 2, false, true, false, out);
    orthogonalLeaps(c, from, 1, false, false, true, out);
    orthogonalLeaps(c, from, 2, false, false, true, out);
    return;
  }
  if (n == "spear") {
    // Forward like a Rook without capturing; diagonally forward like a Bishop only to capture.
    ride(c, from, fx, fy, true, false, out);
    ride(c, from, 1, fy, false, true, out);
    ride(c, from, -1, fy, false, true, out);
    return;
  }
  if (n == "snake") {
    // One step straight forward or back, moving or capturing; or that step onto an empty square
    // and on diagonally outward as a Bishop.
    for (int dir : {1, -1}) {
      leap(c, from, 0, dir, false, true, true, out);
      if (!onBoard(c.v, f, r + dir) || !empty(c, squareAt(f, r + dir))) continue;
      for (int sx : {1, -1}) {
        std::vector<Target> bent;
        ride(c, squareAt(f, r + dir), sx, dir, true, true, bent);
        out.insert(out.end(), bent.begin(), bent.end());
      }
    }
    return;
  }
  if (n == "astrologer") {
    // A Camel leap; or two squares straight (whatever stands there), the Camel square beyond,
    // which must be empty, then on outward as a Bishop the Camel's diagonal way.
    camel(c, from, out);
    for (auto [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
      for (int side : {1, -1}) {
        const int px = dy * side, py = dx * side;  // perpendicular
        const int cf = f + 3 * dx + px, cr = r + 3 * dy + py;
        if (!onBoard(c.v, f + 2 * dx, r + 2 * dy) || !onBoard(c.v, cf, cr) || !empty(c, squareAt(cf, cr))) continue;
        ride(c, squareAt(cf, cr), dx + px, dy + py, true, true, out);
      }
    return;
  }
  if (n == "scorpion") {
    pawnMoves(c, from, c.pos.unmoved(static_cast<Square>(from)), out);
    // and a non-capturing leap one forward and two to either side
    leap(c, from, 2, fy, false, true, false, out);
    leap(c, from, -2, fy, false, true, false, out);
    return;
  }
}

bool attackedBy(const Position& pos, int square, int side) {
  const Variant& v = pos.variant();
  Context c{pos, v, name(v), side, true};
  for (int sq = 0; sq < 256; ++sq) {
    const PieceCode p = pos.at(static_cast<Square>(sq));
    if (!p || pieceSide(p) != side || !onBoard(v, sq % 16, sq / 16)) continue;
    std::vector<Target> targets;
    pieceTargets(c, sq, targets);
    for (const Target& t : targets)
      if (t.capture && t.square == square) return true;
  }
  return false;
}

}  // namespace

bool attackedByOpponents(const Position& pos, int square, int side) {
  // "Attacked" means an opponent could capture a piece of `side` standing there: on an empty
  // square (a castling King's path), put one there and look.
  if (pos.at(static_cast<Square>(square)) == kEmpty) {
    Position withPiece = pos;
    withPiece.put(static_cast<Square>(square), makePiece(side, pos.variant().royalType()));
    return attackedByOpponents(withPiece, square, side);
  }
  for (int s = 0; s < pos.variant().sides; ++s)
    if (s != side && attackedBy(pos, square, s)) return true;
  return false;
}

namespace {

bool onLastRank(const Variant& v, int side, int sq) {
  int fx, fy;
  forward(v, side, fx, fy);
  const int f = sq % 16 + fx, r = sq / 16 + fy;
  return !onBoard(v, f, r);
}

int typeNamed(const Variant& v, const char* n) { return v.typeByName(n); }

void addPromotionsOrPlain(Position& pos, const Context& c, int from, int to, MoveKind kind, bool doubleStep,
                          std::vector<Move>& out) {
  const Variant& v = c.v;
  const std::string& n = pieceName(pos, from);
  const auto push = [&](int promotion) {
    out.push_back({static_cast<Square>(from), static_cast<Square>(to), kind, static_cast<std::uint8_t>(promotion), 0,
                   doubleStep, 0});
  };
  const bool promoter = n == "pawn" || (c.variant == "desert-dust" && (n == "scorpion" || n == "spear"));
  if (!promoter || !onLastRank(v, c.side, to)) {
    push(0);
    return;
  }
  if (c.variant == "chess" || c.variant == "tiled-squares" || c.variant == "shifting-chess") {
    for (const char* p : {"queen", "rook", "bishop", "knight"}) push(typeNamed(v, p) + 1);
  } else if (c.variant == "desert-dust") {
    for (const char* p : {"sheik", "caliph", "hakim", "satrap", "wizard", "sorcerer", "astrologer"}) push(typeNamed(v, p) + 1);
    for (const char* p : {"camel", "jackal", "raven", "snake"})
      if (pos.held(c.side, typeNamed(v, p)) > 0) push(typeNamed(v, p) + 1);
  } else if (c.variant == "chameleon-redux" || c.variant == "chameleon-redux-4p") {
    const char colour = v.colourLetters[v.colourAt(static_cast<Square>(to))];
    const char* becomes = colour == 'R' ? "chameleon-rook" : colour == 'B' ? "chameleon-bishop" : colour == 'G' ? "chameleon-knight" : "chameleon-queen";
    push(typeNamed(v, becomes) + 1);
  } else if (c.variant == "shifting-sands") {
    if (pos.paper(static_cast<Square>(to)) >= 0) push(0);  // the colour decides
    else if (pos.paper(static_cast<Square>(from)) == static_cast<int>(v.paperColours.find('G'))) push(typeNamed(v, "queen") + 1);
    else
      for (const char* p : {"queen", "rook", "bishop", "knight", "pawn"}) push(typeNamed(v, p) + 1);
  }
}

void castling(Position& pos, const Context& c, std::vector<Move>& out) {
  if (c.side > 1 || (c.variant != "chess" && c.variant != "desert-dust" && c.variant != "tiled-squares" && c.variant != "shifting-chess")) return;
  const Variant& v = c.v;
  const int rank = c.side == 0 ? 0 : v.size.ranks - 1;
  const int kingFile = c.variant == "desert-dust" ? 6 : 4, distance = c.variant == "desert-dust" ? 4 : 2;
  const int kingSq = squareAt(kingFile, rank);
  for (int wing = 0; wing < 2; ++wing) {
    if (!pos.canCastle(c.side, wing)) continue;
    const int dir = wing == 0 ? 1 : -1;
    const int partnerSq = squareAt(wing == 0 ? v.size.files - 1 : 0, rank);
    // The right records that neither piece has moved (a position string carries it, not
    // unmoved()); the reference still looks that both stand there: the side's King and its
    // partner (Rook; in Desert Dust the Grand Vizier) on their start squares.
    const char* partnerName = c.variant == "desert-dust" ? "grand-vizier" : "rook";
    const auto ownPiece = [&](int sq, const char* wanted) {
      const PieceCode p = pos.at(static_cast<Square>(sq));
      return p && pieceSide(p) == c.side && pieceName(pos, sq) == wanted;
    };
    bool ok = ownPiece(kingSq, c.variant == "desert-dust" ? "melek" : "king") && ownPiece(partnerSq, partnerName);
    // Every square between King and partner is empty, and nothing there stops the partner passing
    // (an empty slot, an Anti-Tile).
    for (int f = kingFile + dir; f != partnerSq % 16; f += dir)
      ok = ok && empty(c, squareAt(f, rank)) && !stopsPassage(c, squareAt(f, rank));
    const int kingTo = squareAt(kingFile + dir * distance, rank), partnerTo = kingTo - dir;
    if (c.variant == "tiled-squares" && pos.tile(static_cast<Square>(partnerTo)).state != TileState::Tile) ok = false;
    for (int f = kingFile; ok; f += dir) {
      if (attackedByOpponents(pos, squareAt(f, rank), c.side)) ok = false;
      if (f == kingFile + dir * distance) break;
    }
    if (ok) out.push_back({static_cast<Square>(kingSq), static_cast<Square>(kingTo), MoveKind::Castle, 0, static_cast<std::uint8_t>(wing), false, 0});
  }
}

void enPassant(Position& pos, const Context& c, std::vector<Move>& out) {
  const Square passed = pos.enPassantSquare();
  if (passed == kNoSquare) return;
  if (c.variant == "shifting-sands" || c.variant == "chameleon-redux-4p") return;
  if (c.v.fullName.find("en-passant=off") != std::string::npos) return;
  int fx, fy;
  forward(c.v, c.side, fx, fy);
  for (int dx : {1, -1}) {
    const int f = passed % 16 + dx, r = passed / 16 - fy;
    if (!onBoard(c.v, f, r)) continue;
    const int from = squareAt(f, r);
    const PieceCode p = pos.at(static_cast<Square>(from));
    if (!p || pieceSide(p) != c.side) continue;
    const std::string& n = pieceName(pos, from);
    if (n == "pawn" || n == "scorpion") addPromotionsOrPlain(pos, c, from, passed, MoveKind::EnPassant, false, out);
  }
}

void tileActions(const Position& pos, const Context& c, std::vector<Move>& out) {
  for (int r = 0; r < c.v.size.ranks; ++r)
    for (int f = 0; f < c.v.size.files; ++f) {
      const int sq = squareAt(f, r);
      const TileFacts& t = pos.tile(static_cast<Square>(sq));
      const auto s = static_cast<Square>(sq);
      if (t.state == TileState::Void) {
        out.push_back({s, s, MoveKind::TileDrop, 0, 0, false, 0});
        out.push_back({s, s, MoveKind::AntiTileDrop, 0, 0, false, 0});
      }
      // Removable: empty, and dropped by the side with no opposing piece since, last stood on by
      // the side, or built by the side's King.
      if (t.state == TileState::Tile && empty(c, sq) &&
          (t.dropper == c.side || t.lastStood == c.side || t.kingMade == c.side))
        out.push_back({s, s, MoveKind::TileRemove, 0, 0, false, 0});
    }
}

void sectorShifts(Position& pos, const Context& c, std::vector<Move>& out) {
  for (int slot = 0; slot < 16; ++slot) {
    if (!(pos.sectorSlots() >> slot & 1)) continue;
    int mine = 0, theirs = 0;
    for (Square sq : slotSquares(slot))
      if (pos.at(sq)) (pieceSide(pos.at(sq)) == c.side ? mine : theirs)++;
    if (mine <= theirs) continue;
    for (auto [dc, dr] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}})
      for (int k = 1; k <= 2; ++k) {
        const int col = slot % 4 + dc * k, row = slot / 4 + dr * k;
        if (col < 0 || col > 3 || row < 0 || row > 3 || (pos.sectorSlots() >> (row * 4 + col) & 1)) break;
        const int target = row * 4 + col;
        bool promotes = false;
        for (int i = 0; i < 4; ++i) {
          const Square from = slotSquares(slot)[i], to = slotSquares(target)[i];
          if (pos.at(from) && pieceName(pos, from) == "pawn" && onLastRank(c.v, pieceSide(pos.at(from)), to)) promotes = true;
        }
        const auto from = static_cast<Square>(slot), to = static_cast<Square>(target);
        if (!promotes) out.push_back({from, to, MoveKind::SectorShift, 0, 0, false, 0});
        else
          for (const char* p : {"queen", "rook", "bishop", "knight"})
            out.push_back({from, to, MoveKind::SectorShift, static_cast<std::uint8_t>(typeNamed(c.v, p) + 1), 0, false, 0});
      }
  }
}

void paperActions(const Position& pos, const Context& c, bool dropsOnly, std::vector<Move>& out) {
  const int blue = static_cast<int>(c.v.paperColours.find('B'));
  for (int r = 0; r < c.v.size.ranks; ++r)
    for (int f = 0; f < c.v.size.files; ++f) {
      const int sq = squareAt(f, r);
      const auto s = static_cast<Square>(sq);
      if (empty(c, sq) && pos.paper(s) < 0)
        for (int colour = 0; colour < static_cast<int>(c.v.paperColours.size()); ++colour)
          if (pos.poolCount(colour) > 0) out.push_back({s, s, MoveKind::ColourDrop, 0, 0, false, static_cast<std::uint8_t>(colour)});
      if (dropsOnly || pos.paper(s) < 0 || pos.paper(s) == blue || pos.paperOwner(s) != c.side || !empty(c, sq)) continue;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if ((!dx && !dy) || !onBoard(c.v, f + dx, r + dy)) continue;
          const int to = squareAt(f + dx, r + dy);
          if (empty(c, to) && pos.paper(static_cast<Square>(to)) < 0)
            out.push_back({s, static_cast<Square>(to), MoveKind::ColourShift, 0, 0, false, static_cast<std::uint8_t>(pos.paper(s))});
        }
    }
}

// The side's King (Melek), found by looking at every square, not through the position's record.
int kingSquareByLooking(const Position& pos, int side) {
  const Variant& v = pos.variant();
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f) {
      const PieceCode p = pos.at(static_cast<Square>(squareAt(f, r)));
      if (p && pieceSide(p) == side && isKingName(pieceName(pos, squareAt(f, r)))) return squareAt(f, r);
    }
  return -1;
}

}  // namespace

std::vector<Move> legalActions(Position& pos) {
  const Variant& v = pos.variant();
  const int side = pos.sideToMove();
  Context c{pos, v, name(v), side, false};
  std::vector<Move> candidates;
  const bool openingDrops = c.variant == "shifting-sands" && pos.fullmoveNumber() <= 4;
  if (c.variant == "shifting-sands") paperActions(pos, c, openingDrops, candidates);
  if (!openingDrops) {
    for (int r = 0; r < v.size.ranks; ++r)
      for (int f = 0; f < v.size.files; ++f) {
        const int sq = squareAt(f, r);
        const PieceCode p = pos.at(static_cast<Square>(sq));
        if (!p || pieceSide(p) != side) continue;
        std::vector<Target> targets;
        pieceTargets(c, sq, targets);
        const std::string& n = pieceName(pos, sq);
        for (const Target& t : targets) {
          const bool doubleStep = (n == "pawn" || n == "scorpion") && !t.capture &&
                                  std::abs(t.square / 16 - r) == 2 && t.square % 16 == f && c.variant != "chameleon-redux-4p";
          addPromotionsOrPlain(pos, c, sq, t.square, MoveKind::Normal, doubleStep, candidates);
        }
      }
    castling(pos, c, candidates);
    enPassant(pos, c, candidates);
    if (c.variant == "tiled-squares") tileActions(pos, c, candidates);
    if (c.variant == "shifting-chess") sectorShifts(pos, c, candidates);
  }
  // Overlapping move descriptions (an Emir's Rook slide and King step) name the same action once.
  const auto key = [](const Move& m) { return std::tuple(m.from, m.to, m.kind, m.promotion, m.wing, m.doubleStep, m.colour); };
  std::sort(candidates.begin(), candidates.end(), [&](const Move& a, const Move& b) { return key(a) < key(b); });
  candidates.erase(std::unique(candidates.begin(), candidates.end(), [&](const Move& a, const Move& b) { return key(a) == key(b); }),
                   candidates.end());
  std::vector<Move> legal;
  for (const Move& m : candidates) {
    pos.make(m);
    const int king = kingSquareByLooking(pos, side);
    const bool safe = king < 0 || !attackedByOpponents(pos, king, side);
    pos.unmake();
    if (safe) legal.push_back(m);
  }
  if (legal.empty() && v.sides == 4) {
    int inGame = 0;
    for (int s = 0; s < 4; ++s) inGame += pos.royalSquare(s) != kNoSquare;
    if (inGame > 1) legal.push_back({pos.royalSquare(side), pos.royalSquare(side), MoveKind::Elimination, 0, 0, false, 0});
  }
  return legal;
}

}  // namespace tessera::reference
