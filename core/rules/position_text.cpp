#include "core/rules/position_text.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <optional>
#include <sstream>
#include <vector>

#include "core/rules/attacks.hpp"
#include "core/rules/sectors.hpp"
#include "core/rules/zobrist.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

[[noreturn]] void fail(std::size_t at, const std::string& what) {
  throw PositionError("position string, character " + std::to_string(at + 1) + ": " + what);
}

int sideOfLetter(char c) { return std::isupper(static_cast<unsigned char>(c)) ? 0 : 1; }

// Four players write each piece as its side's letter before the piece letter: s (South, the side
// on rank 1), w (West), n (North), e (East), in turn order; the same letters name the side to move.
constexpr std::string_view kFourSideLetters = "swne";

// The count of squares written as digits from text[i] on, leaving i on its last digit. Capped far
// beyond any board's width, so that a long run of digits cannot overflow: the caller's check of the
// rank's length then refuses it.
int readSquareCount(std::string_view text, std::size_t& i) {
  constexpr int kBeyondAnyBoard = 1000;
  int n = text[i] - '0';
  while (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])))
    n = std::min(n * 10 + (text[++i] - '0'), kBeyondAnyBoard);
  return n;
}

bool hasInitialMoves(const PieceType& p) {
  for (const MoveTemplate& m : p.moves.templates)
    if (m.initialOnly) return true;
  return false;
}

// The pieces standing on a start square of theirs that have moved there since: where initial moves
// go by having moved, the placement alone would read them as unmoved. "e2,d7" or "".
std::string movedOnStartSquares(const Position& pos, const Placement& start) {
  const Variant& v = pos.variant();
  std::string moved;
  pos.tables().playable.forEach([&](Square sq) {
    const PieceCode p = pos.at(sq);
    if (p && p == start.board[sq] && hasInitialMoves(v.pieces[pieceType(p)]) && !pos.unmoved(sq))
      moved += (moved.empty() ? "" : ",") + squareName(sq);
  });
  return moved;
}

// Reads such a list (`at` is where it starts in the text) and marks those pieces as moved.
void readMovedOnStartSquares(const Variant& v, Position& pos, std::string_view list, std::size_t at) {
  while (!list.empty()) {
    const std::size_t comma = list.find(',');
    const std::string_view name = list.substr(0, comma);
    const auto sq = parseSquare(name, v.size);
    if (!sq || !pos.unmoved(*sq))
      fail(at, "'" + excerpt(name) + "' holds no piece with initial moves on its start square");
    pos.setUnmoved(*sq, false);
    if (comma == std::string_view::npos) break;
    at += comma + 1;
    list = list.substr(comma + 1);
  }
}

const char* sideName(const Variant& v, int side) {
  static const char* two[] = {"White", "Black"};
  static const char* four[] = {"South", "West", "North", "East"};
  return v.sides == 4 ? four[side] : two[side];
}

// A piece of a type that must promote, standing where it would have had to (a Pawn on its last
// rank), unless staying what it is is one of the choices (a Shifting Sands Pawn may stay a Pawn).
bool mustHavePromoted(const Position& pos, int side, int type, Square sq) {
  const Variant& v = pos.variant();
  return v.isPromotingType(type) && v.promotionCompulsory && pos.tables().promotionZone[side].test(sq) &&
         std::find(v.promotionChoices.begin(), v.promotionChoices.end(), type) == v.promotionChoices.end();
}

// The tile field: the surface rank by rank ('t' Tile, 'x' Anti-Tile, a number of void squares),
// then ";d=WHITE/BLACK" (tiles whose dropper may still remove them), ";s=WHITE/BLACK" (empty
// tiles last stood on), ";k=WHITE/BLACK" (tiles a King created), each a comma-separated square
// list. A tile with a piece on it was last stood on by that piece's side.
void parseTiles(const Variant& v, Position& pos, std::string_view text, std::size_t at) {
  const std::size_t semi = text.find(';');
  const std::string_view surface = text.substr(0, semi);
  int rank = v.size.ranks - 1, file = 0;
  for (std::size_t i = 0; i < surface.size(); ++i) {
    const char c = surface[i];
    auto put = [&](TileState state) {
      if (file >= v.size.files) fail(at + i, "tile rank " + std::to_string(rank + 1) + " runs past the last file");
      TileFacts t;
      t.state = state;
      pos.setTile(makeSquare(file, rank), t);
      ++file;
    };
    if (c == '/') {
      if (file != v.size.files || rank == 0) fail(at + i, "tile rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares");
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      const int n = readSquareCount(surface, i);
      for (int k = 0; k < n; ++k) put(TileState::Void);
    } else if (c == 't') {
      put(TileState::Tile);
    } else if (c == 'x') {
      put(TileState::AntiTile);
    } else {
      fail(at + i, std::string("tiles are t (tile), x (anti-tile) or a count of void squares, got '") + c + "'");
    }
  }
  if (rank != 0 || file != v.size.files) fail(at + surface.size(), "the tile field does not cover the board");
  for (std::size_t i = semi; i != std::string_view::npos && i < text.size();) {
    const std::size_t next = text.find(';', i + 1);
    const std::string_view part = text.substr(i + 1, next == std::string_view::npos ? std::string_view::npos : next - i - 1);
    const std::size_t partAt = at + i + 1;
    if (part.size() < 2 || part[1] != '=' || std::string_view("dsk").find(part[0]) == std::string_view::npos)
      fail(partAt, "tile facts are d=, s= or k= followed by WHITE/BLACK square lists");
    const std::string_view lists = part.substr(2);
    const std::size_t slash = lists.find('/');
    if (slash == std::string_view::npos) fail(partAt, "tile facts need a '/' between White's and Black's squares");
    for (int side = 0; side < 2; ++side) {
      std::string_view list = side == 0 ? lists.substr(0, slash) : lists.substr(slash + 1);
      while (!list.empty()) {
        const std::size_t comma = list.find(',');
        const std::string_view name = list.substr(0, comma);
        const auto sq = parseSquare(name, v.size);
        if (!sq) fail(partAt, "'" + excerpt(name) + "' is not a square of the board");
        TileFacts t = pos.tile(*sq);
        if (t.state != TileState::Tile) fail(partAt, squareName(*sq) + " has no tile");
        if (part[0] == 'd') t.dropper = static_cast<std::int8_t>(side);
        if (part[0] == 's') t.lastStood = static_cast<std::int8_t>(side);
        if (part[0] == 'k') t.kingMade = static_cast<std::int8_t>(side);
        pos.setTile(*sq, t);
        list = comma == std::string_view::npos ? std::string_view{} : list.substr(comma + 1);
      }
    }
    i = next;
  }
}

std::string tilesString(const Position& pos) {
  const Variant& v = pos.variant();
  std::string s;
  for (int r = v.size.ranks - 1; r >= 0; --r) {
    int voids = 0;
    for (int f = 0; f < v.size.files; ++f) {
      const TileState state = pos.tile(makeSquare(f, r)).state;
      if (state == TileState::Void) {
        ++voids;
        continue;
      }
      if (voids) s += std::to_string(voids);
      voids = 0;
      s += state == TileState::Tile ? 't' : 'x';
    }
    if (voids) s += std::to_string(voids);
    if (r) s += '/';
  }
  auto facts = [&](char name, auto field) {
    std::string lists[2];
    pos.tables().playable.forEach([&](Square sq) {
      const int side = field(pos.tile(sq), sq);
      if (side >= 0) lists[side] += (lists[side].empty() ? "" : ",") + squareName(sq);
    });
    if (!lists[0].empty() || !lists[1].empty()) s += std::string(";") + name + "=" + lists[0] + "/" + lists[1];
  };
  facts('d', [](const TileFacts& t, Square) { return static_cast<int>(t.dropper); });
  facts('s', [&](const TileFacts& t, Square sq) { return pos.at(sq) ? -1 : static_cast<int>(t.lastStood); });
  facts('k', [](const TileFacts& t, Square) { return static_cast<int>(t.kingMade); });
  return s;
}

// The empty slots of Shifting Chess: slot names separated by commas (or spaces in the variant
// text), "-" for none.
std::uint16_t parseEmptySlots(std::string_view text, std::size_t at) {
  std::uint16_t slots = 0xFFFF;
  if (text == "-") return slots;
  std::size_t i = 0;
  while (i < text.size()) {
    std::size_t j = text.find_first_of(", +", i);
    if (j == std::string_view::npos) j = text.size();
    const std::string_view name = text.substr(i, j - i);
    const auto slot = parseSlotName(name);
    if (!slot) fail(at + i, "'" + excerpt(name) + "' is not a slot (columns A-D, rows I-IV, as in BIII)");
    if (!(slots >> *slot & 1)) fail(at + i, "slot " + std::string(name) + " is named twice");
    slots = static_cast<std::uint16_t>(slots & ~(1u << *slot));
    i = j + 1;
  }
  return slots;
}

std::string emptySlotsString(std::uint16_t slots) {
  std::string s;
  for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot)
    if (!(slots >> slot & 1)) s += (s.empty() ? "" : ",") + slotName(slot);
  return s.empty() ? "-" : s;
}

// Shifting Sands' seventh field: the paper colours rank by rank (the colour's letter, upper case
// when White dropped it, lower case Black; a number counts squares with no colour), then
// ";pool=" the colours left in the shared pool, then ";moved=" Pawns standing on a start square
// that have moved (they may not double-step).
void parsePaper(const Variant& v, Position& pos, std::string_view text, std::size_t at) {
  const std::size_t semi = text.find(';');
  const std::string_view surface = text.substr(0, semi);
  int rank = v.size.ranks - 1, file = 0;
  for (std::size_t i = 0; i < surface.size(); ++i) {
    const char c = surface[i];
    if (c == '/') {
      if (file != v.size.files || rank == 0) fail(at + i, "colour rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares");
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      const int n = readSquareCount(surface, i);
      file += n;
      if (file > v.size.files) fail(at + i, "colour rank " + std::to_string(rank + 1) + " runs past the last file");
    } else {
      const auto colour = v.paperColours.find(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      if (colour == std::string::npos) fail(at + i, std::string("'") + c + "' is not a paper colour (" + v.paperColours + ")");
      if (file >= v.size.files) fail(at + i, "colour rank " + std::to_string(rank + 1) + " runs past the last file");
      pos.setPaper(makeSquare(file, rank), static_cast<int>(colour), std::isupper(static_cast<unsigned char>(c)) ? 0 : 1);
      ++file;
    }
  }
  if (rank != 0 || file != v.size.files) fail(at + surface.size(), "the colour field does not cover the board");
  bool poolGiven = false;
  for (std::size_t i = semi; i != std::string_view::npos && i < text.size();) {
    const std::size_t next = text.find(';', i + 1);
    const std::string_view part = text.substr(i + 1, next == std::string_view::npos ? std::string_view::npos : next - i - 1);
    if (part.rfind("pool=", 0) == 0) {
      poolGiven = true;
      std::array<int, 8> counts{};
      for (char c : part.substr(5)) {
        const auto colour = v.paperColours.find(c);
        if (colour == std::string::npos) fail(at + i + 1, std::string("'") + c + "' in the pool is not a paper colour");
        if (++counts[colour] > kMaxPoolCount)
          fail(at + i + 1, "more than " + std::to_string(kMaxPoolCount) + " of one colour in the pool");
      }
      for (std::size_t c = 0; c < v.paperColours.size(); ++c) pos.setPool(static_cast<int>(c), counts[c]);
    } else if (part.rfind("moved=", 0) == 0) {
      readMovedOnStartSquares(v, pos, part.substr(6), at + i + 1 + 6);
    } else {
      fail(at + i + 1, "colour facts are pool= or moved=");
    }
    i = next;
  }
  if (!poolGiven)
    for (std::size_t c = 0; c < v.paperColours.size(); ++c) pos.setPool(static_cast<int>(c), v.pool[c]);
}

std::string paperString(const Position& pos, const Placement& start) {
  const Variant& v = pos.variant();
  std::string s;
  for (int r = v.size.ranks - 1; r >= 0; --r) {
    int plain = 0;
    for (int f = 0; f < v.size.files; ++f) {
      const int c = pos.paper(makeSquare(f, r));
      if (c < 0) {
        ++plain;
        continue;
      }
      if (plain) s += std::to_string(plain);
      plain = 0;
      const char letter = v.paperColours[c];
      s += pos.paperOwner(makeSquare(f, r)) == 0 ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
    if (plain) s += std::to_string(plain);
    if (r) s += '/';
  }
  s += ";pool=";
  for (std::size_t c = 0; c < v.paperColours.size(); ++c) s += std::string(pos.poolCount(static_cast<int>(c)), v.paperColours[c]);
  const std::string moved = movedOnStartSquares(pos, start);
  if (!moved.empty()) s += ";moved=" + moved;
  return s;
}

}  // namespace

Placement parsePlacement(const Variant& v, std::string_view text) {
  Placement out;
  int rank = v.size.ranks - 1, file = 0;
  std::size_t i = 0;
  auto endRank = [&](std::size_t at) {
    if (file != v.size.files)
      fail(at, "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, the board has " +
                   std::to_string(v.size.files) + " files");
  };
  for (; i < text.size() && text[i] != ' ' && text[i] != '['; ++i) {
    const char c = text[i];
    if (c == '/') {
      endRank(i);
      if (rank == 0) fail(i, "more ranks than the board's " + std::to_string(v.size.ranks));
      --rank;
      file = 0;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      if (c == '0' && (i == 0 || !std::isdigit(static_cast<unsigned char>(text[i - 1]))))
        fail(i, "a count of empty squares cannot start with 0");
      file += readSquareCount(text, i);
      if (file > v.size.files) fail(i, "rank " + std::to_string(rank + 1) + " runs past file " + std::string(1, fileLetter(v.size.files - 1)));
    } else if (v.sides == 4 && kFourSideLetters.find(c) != std::string_view::npos) {
      const int side = static_cast<int>(kFourSideLetters.find(c));
      if (i + 1 >= text.size()) fail(i, "a side letter with no piece after it");
      const int type = v.typeByLetter(text[++i]);
      if (type < 0) fail(i, std::string("'") + text[i] + "' is no piece of " + v.name + " (upper case after the side letter)");
      if (file >= v.size.files) fail(i, "rank " + std::to_string(rank + 1) + " runs past the last file");
      out.board[makeSquare(file, rank)] = makePiece(side, type);
      ++file;
    } else if (v.sides == 2 && std::isalpha(static_cast<unsigned char>(c))) {
      const int type = v.typeByLetter(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
      if (type < 0) fail(i, std::string("'") + c + "' is no piece of " + v.name);
      if (file >= v.size.files) fail(i, "rank " + std::to_string(rank + 1) + " runs past the last file");
      out.board[makeSquare(file, rank)] = makePiece(sideOfLetter(c), type);
      ++file;
    } else {
      fail(i, std::string("unexpected '") + c + "' in the placement");
    }
  }
  if (i == 0) fail(0, "empty placement");
  endRank(i);
  if (rank != 0) fail(i, "only " + std::to_string(v.size.ranks - rank) + " ranks given, the board has " + std::to_string(v.size.ranks));
  if (i < text.size() && text[i] == '[') {
    out.hasHoldings = true;
    for (++i; i < text.size() && text[i] != ']'; ++i) {
      const char c = text[i];
      const int type = std::isalpha(static_cast<unsigned char>(c))
                           ? v.typeByLetter(static_cast<char>(std::toupper(static_cast<unsigned char>(c))))
                           : -1;
      if (type < 0) fail(i, std::string("'") + c + "' is no piece of " + v.name + " (in the holdings)");
      // Only captured pieces a promotion may take back are ever held (found by an audit, 2026-11-28:
      // a King or a Pawn in hand was taken).
      if (v.hasHoldings() && std::find(v.holdingsChoices.begin(), v.holdingsChoices.end(), type) == v.holdingsChoices.end()) {
        std::string held;
        for (const int t : v.holdingsChoices) held += std::string(held.empty() ? "" : ", ") + v.pieces[static_cast<std::size_t>(t)].letter;
        fail(i, std::string("'") + c + "' cannot be held: " + v.name + " holds only " + held);
      }
      out.holdings[sideOfLetter(c)][type]++;
    }
    if (i >= text.size()) fail(i, "holdings '[' without a closing ']'");
  }
  return out;
}

Position parsePosition(const Variant& v, std::string_view text) {
  std::size_t placementEnd = text.find(' ');
  if (placementEnd == std::string_view::npos) placementEnd = text.size();
  const Placement placement = parsePlacement(v, text.substr(0, placementEnd));
  std::vector<std::pair<std::string, std::size_t>> fields;
  for (std::size_t i = placementEnd; i < text.size();) {
    while (i < text.size() && text[i] == ' ') ++i;
    if (i >= text.size()) break;
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ') ++j;
    fields.emplace_back(std::string(text.substr(i, j - i)), i);
    i = j;
  }
  // A piece of a variant file that came back to its start square (`moved=e2`, written only then).
  std::optional<std::pair<std::string, std::size_t>> movedField;
  if (!v.hasPaperColours() && !fields.empty() && fields.back().first.rfind("moved=", 0) == 0) {
    movedField = fields.back();
    fields.pop_back();
  }
  if (fields.empty()) fail(placementEnd, "the side to move is missing (w or b)");
  const std::size_t maxFields = (v.hasTiles() || v.hasSectors() || v.hasPaperColours()) ? 6 : 5;
  if (fields.size() > maxFields) fail(fields[maxFields].second, "unexpected extra field '" + excerpt(fields[maxFields].first) + "'");

  Position pos(v);
  const Placement start = parsePlacement(v, v.startPosition);
  for (int sq = 0; sq < 256; ++sq) {
    const PieceCode p = placement.board[sq];
    if (!p) continue;
    const int colourType = v.typeArrivingAt(pieceType(p), static_cast<Square>(sq));
    if (colourType != pieceType(p))
      fail(0, "the piece on " + squareName(static_cast<Square>(sq)) + " stands on " +
                  std::string(1, v.colourLetters[v.colourAt(static_cast<Square>(sq))]) + " and so is a " +
                  v.pieces[colourType].name + " (" + std::string(1, v.pieces[colourType].letter) + "), not a " +
                  v.pieces[pieceType(p)].name);
    if (mustHavePromoted(pos, pieceSide(p), pieceType(p), static_cast<Square>(sq)))
      fail(0, std::string(sideName(v, pieceSide(p))) + "'s " + v.pieces[pieceType(p)].name + " on " +
                  squareName(static_cast<Square>(sq)) + " would have promoted on arriving there");
    pos.put(static_cast<Square>(sq), p);
    // Where initial moves go by rank (Shifting Chess) nothing needs to remember having moved.
    if (!v.initialMoveRanks && hasInitialMoves(v.pieces[pieceType(p)]) && start.board[sq] == p)
      pos.setUnmoved(static_cast<Square>(sq), true);
  }
  if (movedField) readMovedOnStartSquares(v, pos, std::string_view(movedField->first).substr(6), movedField->second + 6);
  for (int s = 0; s < v.sides; ++s)
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const int n = placement.holdings[s][t];
      if (!n) continue;
      if (!v.hasHoldings()) fail(placementEnd, v.name + " has no holdings");
      if (n > 15) fail(placementEnd, "more than 15 of one piece in the holdings");
      pos.setHeld(s, static_cast<int>(t), n);
    }
  if (v.hasTiles()) {
    if (fields.size() > 5) parseTiles(v, pos, fields[5].first, fields[5].second);
    else parseTiles(v, pos, v.startTiles, 0);
    pos.tables().playable.forEach([&](Square sq) {
      if (!pos.at(sq)) return;
      if (pos.tile(sq).state != TileState::Tile) fail(0, "the piece on " + squareName(sq) + " stands on no tile");
      TileFacts t = pos.tile(sq);
      t.lastStood = static_cast<std::int8_t>(pieceSide(pos.at(sq)));
      if (t.dropper != t.lastStood) t.dropper = -1;
      pos.setTile(sq, t);
    });
  }
  if (v.hasSectors()) {
    if (v.size.files != 8 || v.size.ranks != 8) fail(0, "sectors need an 8x8 board");
    const std::uint16_t startSlots = parseEmptySlots(v.startEmptySlots, 0);
    const std::uint16_t slots = fields.size() > 5 ? parseEmptySlots(fields[5].first, fields[5].second) : startSlots;
    // A shift moves a sector and never adds or takes one away: every position has the start's number
    // of empty slots.
    const int empty = 16 - std::popcount(slots), startEmpty = 16 - std::popcount(startSlots);
    if (empty != startEmpty)
      fail(fields.size() > 5 ? fields[5].second : 0, "the board has " + std::to_string(empty) + " empty slots, " + v.name +
                                                         " has " + std::to_string(startEmpty) + " (sectors move, none come or go)");
    pos.setSectorSlots(slots);
    pos.tables().playable.forEach([&](Square sq) {
      if (pos.at(sq) && pos.isWall(sq)) fail(0, "the piece on " + squareName(sq) + " stands in an empty slot");
    });
  }
  if (v.hasPaperColours()) {
    if (fields.size() > 5) parsePaper(v, pos, fields[5].first, fields[5].second);
    else  // left out: no colour on the board, the full pool
      for (std::size_t c = 0; c < v.paperColours.size(); ++c) pos.setPool(static_cast<int>(c), v.pool[c]);
    pos.tables().playable.forEach([&](Square sq) {
      const PieceCode p = pos.at(sq);
      if (!p || v.pieces[pieceType(p)].royal) return;
      const int colour = pos.paper(sq);
      if (colour >= 0 && v.typeForPaper[colour] != pieceType(p))
        fail(0, "the piece on " + squareName(sq) + " stands on " + std::string(1, v.paperColours[colour]) +
                    (v.typeForPaper[colour] < 0 ? ", which no piece but a King enters"
                                                : " and so is a " + v.pieces[v.typeForPaper[colour]].name));
    });
  }
  const int royal = v.royalType();
  int inGame = 0;
  for (int s = 0; s < v.sides; ++s) {
    int count = 0;
    pos.occupied(s).forEach([&](Square sq) { count += pieceType(pos.at(sq)) == royal; });
    // With four players a side that has left the game has no pieces at all.
    const bool gone = v.sides == 4 && count == 0 && !pos.occupied(s).any();
    if (count != 1 && !gone)
      fail(0, std::string(sideName(v, s)) + " must have exactly one " + v.pieces[royal].name + ", found " +
                  std::to_string(count));
    inGame += !gone;
  }
  if (inGame < 2) fail(0, "fewer than two sides are left in the game");

  const auto& [sideText, sideAt] = fields[0];
  if (v.sides == 4) {
    const auto side = sideText.size() == 1 ? kFourSideLetters.find(sideText[0]) : std::string_view::npos;
    if (side == std::string_view::npos) fail(sideAt, "side to move must be s, w, n or e, got '" + sideText + "'");
    if (!pos.inGame(static_cast<int>(side))) fail(sideAt, std::string(sideName(v, static_cast<int>(side))) + " has left the game");
    pos.setSideToMove(static_cast<int>(side));
  } else if (sideText == "w") {
    pos.setSideToMove(0);
  } else if (sideText == "b") {
    pos.setSideToMove(1);
  } else {
    fail(sideAt, "side to move must be w or b, got '" + sideText + "'");
  }

  std::uint8_t rights = 0;
  if (fields.size() > 1 && fields[1].first != "-") {
    const auto& [castlingText, castlingAt] = fields[1];
    for (std::size_t k = 0; k < castlingText.size(); ++k) {
      const char c = castlingText[k];
      int side, wing;
      switch (c) {
        case 'K': side = 0; wing = 0; break;
        case 'Q': side = 0; wing = 1; break;
        case 'k': side = 1; wing = 0; break;
        case 'q': side = 1; wing = 1; break;
        default: fail(castlingAt + k, std::string("castling rights are K, Q, k, q or -, got '") + c + "'");
      }
      const CastlingRule& rule = pos.tables().castling[side][wing];
      if (!v.castling || !rule.exists) fail(castlingAt + k, std::string("castling right '") + c + "' does not exist in " + v.name);
      const PieceCode partner = start.board[rule.partnerFrom];
      if (pos.at(rule.kingFrom) != makePiece(side, royal) || pos.at(rule.partnerFrom) != partner)
        fail(castlingAt + k, std::string("castling right '") + c + "' needs the " + v.pieces[royal].name + " on " +
                                 squareName(rule.kingFrom) + " and the " + v.pieces[pieceType(partner)].name + " on " +
                                 squareName(rule.partnerFrom));
      rights |= static_cast<std::uint8_t>(1u << (side * 2 + wing));
    }
  }
  pos.setCastlingRights(rights);

  if (fields.size() > 2 && fields[2].first != "-") {
    const auto& [epText, epAt] = fields[2];
    const auto sq = parseSquare(epText, v.size);
    if (!sq) fail(epAt, "en passant square '" + epText + "' is not a square of the board");
    const int mover = 1 - pos.sideToMove();
    const Offset fwd = orient({0, 1}, sideQuarterTurns(v.sides, mover));
    const int vf = fileOf(*sq) + fwd.dx, vr = rankOf(*sq) + fwd.dy;
    if (!v.size.contains(vf, vr) || pos.at(makeSquare(vf, vr)) == kEmpty ||
        pieceSide(pos.at(makeSquare(vf, vr))) != mover || pos.at(*sq) != kEmpty)
      fail(epAt, "en passant square " + epText + " does not follow a double step by " + sideName(v, mover));
    // Kept only when a capture there is possible, so equal positions get equal keys.
    bool capturable = false;
    pos.occupied(pos.sideToMove()).forEach([&](Square from) {
      capturable = capturable || canCaptureEnPassantOnto(pos, from, *sq);
    });
    if (capturable) pos.setEnPassant(*sq, makeSquare(vf, vr));
  }

  int halfmove = 0, fullmove = 1;
  auto number = [&](std::size_t k, const char* what) {
    const auto& [t, at] = fields[k];
    if (t.empty() || t.size() > 6 || t.find_first_not_of("0123456789") != std::string::npos)
      fail(at, std::string(what) + " must be a number, got '" + t + "'");
    return std::stoi(t);
  };
  if (fields.size() > 3) halfmove = number(3, "the half-move clock");
  if (fields.size() > 4) fullmove = number(4, "the move number");
  if (fullmove < 1) fail(fields[4].second, "the move number starts at 1");
  pos.setClocks(halfmove, fullmove);

  if (v.sides == 2 && inCheck(pos, 1 - pos.sideToMove()))
    fail(0, std::string(sideName(v, 1 - pos.sideToMove())) + " is in check but it is not their move");
  return pos;
}

Position startPosition(const Variant& v) { return parsePosition(v, v.startPosition); }

std::string positionString(const Position& pos) {
  const Variant& v = pos.variant();
  std::string s;
  for (int r = v.size.ranks - 1; r >= 0; --r) {
    int empty = 0;
    for (int f = 0; f < v.size.files; ++f) {
      const PieceCode p = pos.at(makeSquare(f, r));
      if (!p) {
        ++empty;
        continue;
      }
      if (empty) s += std::to_string(empty);
      empty = 0;
      const char letter = v.pieces[pieceType(p)].letter;
      if (v.sides == 4) s += std::string(1, kFourSideLetters[pieceSide(p)]) + letter;
      else s += pieceSide(p) == 0 ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
    if (empty) s += std::to_string(empty);
    if (r) s += '/';
  }
  if (v.hasHoldings()) {
    s += '[';
    for (int side = 0; side < v.sides; ++side)
      for (std::size_t t = 0; t < v.pieces.size(); ++t)
        for (int n = 0; n < pos.held(side, static_cast<int>(t)); ++n)
          s += side == 0 ? v.pieces[t].letter : static_cast<char>(std::tolower(static_cast<unsigned char>(v.pieces[t].letter)));
    s += ']';
  }
  if (v.sides == 4) s += std::string(" ") + kFourSideLetters[pos.sideToMove()] + " ";
  else s += pos.sideToMove() == 0 ? " w " : " b ";
  std::string rights;
  if (pos.canCastle(0, 0)) rights += 'K';
  if (pos.canCastle(0, 1)) rights += 'Q';
  if (pos.canCastle(1, 0)) rights += 'k';
  if (pos.canCastle(1, 1)) rights += 'q';
  s += rights.empty() ? "-" : rights;
  s += ' ';
  s += squareName(pos.enPassantSquare());
  s += ' ' + std::to_string(pos.halfmoveClock()) + ' ' + std::to_string(pos.fullmoveNumber());
  if (v.hasTiles()) s += ' ' + tilesString(pos);
  if (v.hasSectors()) s += ' ' + emptySlotsString(pos.sectorSlots());
  if (v.hasPaperColours()) {
    s += ' ' + paperString(pos, parsePlacement(v, v.startPosition));
  } else if (!v.initialMoveRanks) {
    const std::string moved = movedOnStartSquares(pos, parsePlacement(v, v.startPosition));
    if (!moved.empty()) s += " moved=" + moved;
  }
  return s;
}

}  // namespace tessera
