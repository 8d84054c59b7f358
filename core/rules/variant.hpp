#pragma once
// A variant is data: a board, a table of pieces with their XBetza strings, a start position and a
// few rule switches. Built-in variants are written in the same text form users can load.
#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/geometry.hpp"
#include "core/rules/xbetza.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {

constexpr int kMaxPieceTypes = 30;
constexpr int kMaxSides = 4;

struct PieceType {
  std::string name;
  char letter = '?';  // upper case; Black's pieces print in lower case
  std::string betza;
  PieceMoves moves;
  bool royal = false;
};

struct MaterialValues;  // piece_values.hpp

class VariantError : public std::runtime_error {
 public:
  explicit VariantError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

struct MoveTables;

struct Variant {
  std::string name;
  std::string title;
  BoardSize size;
  int sides = 2;
  std::vector<PieceType> pieces;
  std::string startPosition;

  // Promotion: pieces of the promoting types that end a move within `promotionZone` ranks of the
  // far edge must promote (or may, when not compulsory) to one of the choices; holdings choices
  // exist only while the promoting side has such a piece in hand, and promoting uses it up.
  int promotionZone = 1;
  std::array<bool, kMaxPieceTypes> promoting{};  // per type: it promotes (the Pawns)
  std::vector<int> promotionChoices;
  std::vector<int> holdingsChoices;
  bool promotionCompulsory = true;
  // Own pieces the opponent captures go to the owner's holdings (only the types listed above).
  bool capturedToOwnerHoldings = false;
  bool castling = false;
  // Variants where a pawn-like piece may return to a start square need an explicit unmoved list
  // in the position string; for the others unmoved is read off the start position.
  int fiftyMoveLimit = 100;  // half-moves without capture or pawn-like move

  // Fixed square colours (Chameleon boards): a colour index per square, -1 for none, and the
  // letters naming the colours in the variant text.
  std::array<std::int8_t, 256> squareColour = [] {
    std::array<std::int8_t, 256> none;
    none.fill(-1);
    return none;
  }();
  std::string colourLetters;
  // A piece of a colour-changing type that lands on a coloured square becomes the type given for
  // that colour (a Chameleon on red is a Rook until it lands elsewhere).
  std::array<int, 8> typeForColour{-1, -1, -1, -1, -1, -1, -1, -1};
  std::array<bool, kMaxPieceTypes> changesWithColour{};
  // Promotion to "what the square's colour makes it" instead of a choice.
  bool promotionByColour = false;
  // Tiled Squares: the board is built during play. `startTiles` is the surface of the start
  // position ('t' tile, digits for void squares, 'x' anti-tile), empty for ordinary boards.
  std::string startTiles;
  bool hasTiles() const { return !startTiles.empty(); }
  // Shifting Chess: the slots empty at the start (slot names, e.g. "BII BIII"); sectors are on
  // when this is set.
  std::string startEmptySlots;
  bool sectors = false;
  bool hasSectors() const { return sectors; }
  // Initial-only moves (the Pawn's double step) allowed from the side's first N ranks whether the
  // piece moved before or not; 0: only for pieces that have not moved.
  int initialMoveRanks = 0;
  // Shifting Sands: paper colours that players drop and shift. `paperColours` names them (one
  // letter each), `typeForPaper` is what a non-royal piece becomes on each (-1: nothing may enter
  // but a King: Blue), `pool` the shared supply at the start, `plainSquareType` what a piece
  // becomes on a square with no colour (except on its last rank), `openingDrops` how many first
  // turns of each side must be drops, `queenFromPaper` a colour from which a Pawn reaching the
  // last rank must become `queenType`.
  std::string paperColours;
  std::array<int, 8> typeForPaper{-1, -1, -1, -1, -1, -1, -1, -1};
  std::array<int, 8> pool{};
  int plainSquareType = -1;
  int openingDrops = 0;
  int queenFromPaper = -1;
  int queenType = -1;
  bool hasPaperColours() const { return !paperColours.empty(); }
  bool royalEntersWalls() const { return hasTiles() || hasPaperColours(); }
  // How the variant was asked for, options included ("chameleon-redux:rotation=90").
  std::string fullName;

  bool hasSquareColours() const { return !colourLetters.empty(); }
  int colourAt(Square sq) const { return squareColour[sq]; }
  // The type a piece of `type` takes on arriving at `sq`.
  int typeArrivingAt(int type, Square sq) const {
    if (!changesWithColour[type] || squareColour[sq] < 0) return type;
    return typeForColour[squareColour[sq]];
  }
  std::shared_ptr<const MoveTables> tables;
  std::shared_ptr<const MaterialValues> material;  // set with the tables, from them and the start

  int typeByLetter(char upper) const;
  int typeByName(std::string_view name) const;
  int royalType() const;
  bool isPromotingType(int type) const { return promoting[static_cast<std::size_t>(type)]; }
  bool hasHoldings() const { return !holdingsChoices.empty(); }
};

// Parses variant definitions in the INI-like text of docs/variants.md; each [section] is one
// variant. Errors name the line.
std::vector<Variant> parseVariantText(std::string_view text, std::string_view sourceName);

// The built-in variants by name ("chess", "desert-dust", ...), optionally with options after a
// colon: "chameleon-redux:rotation=90,en-passant=off". Throws VariantError listing the known
// names for an unknown one, or naming a bad option.
const Variant& builtinVariant(std::string_view name);
std::vector<std::string> builtinVariantNames();
// The definitions of the built-in variants, in the variant text format.
std::string_view builtinVariantText();

}  // namespace tessera
