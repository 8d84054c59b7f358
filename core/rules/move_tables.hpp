#pragma once
// The move templates of every piece type compiled, once per variant, into rays of absolute
// squares for every side and origin square: the move generator only walks these.
#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/rules/geometry.hpp"
#include "core/rules/variant.hpp"

namespace tessera {

enum RayFlag : std::uint8_t {
  kRayMove = 1,
  kRayCapture = 2,
  kRayEnPassant = 4,
  kRayInitialOnly = 8,
  kRayCreatesEnPassant = 16,
};

struct Ray {
  std::uint32_t passBegin = 0;
  std::uint32_t landBegin = 0;
  std::uint8_t passCount = 0;
  std::uint8_t landCount = 0;
  std::uint8_t flags = 0;
  std::int8_t dx = 0, dy = 0;  // step between landing squares
  Square start = 0;            // where the final leg begins
};

struct CastlingRule {
  bool exists = false;
  Square kingFrom = kNoSquare, kingTo = kNoSquare;
  Square partnerFrom = kNoSquare, partnerTo = kNoSquare;
  SquareSet mustBeEmpty;     // every square strictly between King and partner
  std::vector<Square> kingPath;  // from, the squares crossed, and the landing square
  // The King's own moves reach kingTo too (an O1, or a W2 beside an O2): castling is then written
  // King to partner in long algebraic ("e1h1", as Chess960 programs do), so each text names one action.
  bool kingAlsoMovesThere = false;
};

struct RaySpan {
  std::uint32_t begin = 0;
  std::uint32_t count = 0;
  // Two of the rays can land on one square (an R beside a W2, a leap beside a two-leg path to the
  // same square): the generator then drops the repeated moves, so each move is listed once.
  bool landingsRepeat = false;
};

struct MoveTables {
  BoardSize size;
  int sides = 2;
  int types = 0;
  std::vector<Ray> rays;
  std::vector<Square> passSquares;
  std::vector<PassCondition> passConditions;
  std::vector<Square> landSquares;
  std::vector<RaySpan> spans;            // [(side * types + type) * 256 + square]
  std::vector<SquareSet> captureReach;   // same index: every square a capture could land on
  std::vector<SquareSet> enPassantReach; // same index: every square an e.p. capture could land on
  // attackersOnto[side * 256 + target]: every square from which some piece type of the side could
  // capture onto `target`. The royal-safety test asks only the side's pieces standing there.
  std::vector<SquareSet> attackersOnto;
  // blockSensitive[target * 256 + square]: a piece leaving `square` can open some capture path
  // onto `target`. A move that vacates no such square cannot expose the King standing there.
  std::vector<std::uint8_t> blockSensitive;
  bool hasScreens = false;  // some path needs an occupied square: any move may open a line
  std::array<SquareSet, kMaxSides> promotionZone;
  std::array<std::array<CastlingRule, 2>, kMaxSides> castling;  // [side][0 toward higher files, 1 toward a]
  std::array<std::uint8_t, 256> castlingRightsTouching{};      // rights lost when a move touches the square
  SquareSet playable;

  const RaySpan& span(int side, int type, Square sq) const {
    return spans[(static_cast<std::size_t>(side) * types + type) * 256 + sq];
  }
  const SquareSet& reach(int side, int type, Square sq) const {
    return captureReach[(static_cast<std::size_t>(side) * types + type) * 256 + sq];
  }
  const SquareSet& attackersOf(int side, Square target) const {
    return attackersOnto[static_cast<std::size_t>(side) * 256 + target];
  }
  const SquareSet& enPassantReachOf(int side, int type, Square sq) const {
    return enPassantReach[(static_cast<std::size_t>(side) * types + type) * 256 + sq];
  }
};

// Quarter turns that take a side's "forward" (+y for the side on rank 1) to its board direction.
int sideQuarterTurns(int sides, int side);
Offset orient(Offset o, int quarterTurns);

std::shared_ptr<const MoveTables> buildMoveTables(const Variant& v);

}  // namespace tessera
