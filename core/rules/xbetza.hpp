#pragma once
// XBetza move strings (the Interactive Diagram dialect) turned into move templates: every way a
// piece can move, written relative to its owner ("forward" is +y for the side at the bottom).
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

// What a square a path passes over (before the landing squares) must hold.
enum class PassCondition : unsigned char { Empty, Occupied, Either };

struct Offset {
  int dx = 0;
  int dy = 0;
  friend bool operator==(const Offset&, const Offset&) = default;
};

// One way to move: pass over `passes` (offsets from the origin, each with a condition), then land
// on start + k * step for k = 1..range (range 0: until the board edge). Sliding stops at the
// first occupied landing square.
struct MoveTemplate {
  std::vector<Offset> passes;
  std::vector<PassCondition> conditions;
  Offset start;  // where the final leg begins (the last pass square, or the origin)
  Offset step;
  int range = 1;
  bool canMove = true;
  bool canCapture = true;
  bool enPassant = false;    // may capture en passant onto an e.p. square
  bool initialOnly = false;  // only for a piece that has not moved
  bool createsEnPassant = false;  // a non-jumping move-only double step ahead: the passed square becomes e.p.
  friend bool operator==(const MoveTemplate&, const MoveTemplate&) = default;
};

struct PieceMoves {
  std::vector<MoveTemplate> templates;
  int castlingDistance = 0;  // from `isO<n>`: the King moves n squares toward the edge piece
};

class XBetzaError : public std::runtime_error {
 public:
  XBetzaError(std::string_view text, std::size_t position, const std::string& what);
  std::size_t position() const { return position_; }

 private:
  std::size_t position_;
};

// Throws XBetzaError naming the 1-based position of the first thing it cannot read.
PieceMoves parseXBetza(std::string_view text);

}  // namespace tessera
