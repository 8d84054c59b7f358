// The guidance to put the board back (core/board_corrections.hpp) with what is known of which piece
// stands where (core/pieces_on_the_board.hpp), from positions a player really leaves behind.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "core/referee/board_corrections.hpp"
#include "core/referee/pieces_on_the_board.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"

using namespace tessera;

namespace {

// A correction as a short text: "Move g1 e1", "Place e7 P", "Remove a8".
std::string describe(const Variant& v, const Correction& c) {
  switch (c.kind) {
    case Correction::Kind::Move: return "Move " + squareName(c.from) + " " + squareName(c.to);
    case Correction::Kind::Remove: return "Remove " + squareName(c.from);
    case Correction::Kind::Place:
      return "Place " + squareName(c.to) + " " + std::string(1, v.pieces[static_cast<std::size_t>(pieceType(c.piece))].letter);
    case Correction::Kind::Replace:
      return "Replace " + squareName(c.to) + " " + std::string(1, v.pieces[static_cast<std::size_t>(pieceType(c.piece))].letter);
    case Correction::Kind::Surface: return "Surface " + squareName(c.to);
  }
  return "?";
}

// The board still stands after `actions` while the game has them taken back: what `profile` reads,
// and the guidance back, with the pieces known from that board or without.
struct TakenBack {
  std::vector<std::string> knowing, notKnowing;
};
TakenBack takenBack(const char* variant, const char* start, std::initializer_list<const char*> played,
                    std::initializer_list<const char*> withdrawn, SensorProfile profile) {
  const Variant& v = builtinVariant(variant);
  Game game = start ? Game(v, start) : Game(v);
  for (const char* a : played) game.play(parseMove(game.position(), a));
  Position board = game.position();
  for (const char* a : withdrawn) board.make(parseMove(board, a));
  PiecesOnTheBoard onBoard(v);
  onBoard.standAs(board);
  const Observation seen = sensorView(board, profile);
  TakenBack out;
  for (const Correction& c : correctionsToRestore(game.position(), seen, 0.0f, &onBoard)) out.knowing.push_back(describe(v, c));
  for (const Correction& c : correctionsToRestore(game.position(), seen)) out.notKnowing.push_back(describe(v, c));
  return out;
}

// A piece known on the board is sent back only to a square of its own kind; but a Chameleon is the
// piece its square makes it, so one that became a Rook on a3 is still the Knight missing from b1.
TEST(BoardCorrections, AChameleonTakenBackIsSentHomeWhateverItsSquareMadeIt) {
  const TakenBack knight = takenBack("chameleon-redux", nullptr, {}, {"b1a3"}, SensorProfile::Occupancy);
  EXPECT_EQ(knight.knowing, std::vector<std::string>{"Move a3 b1"});
  // A promoted Pawn is not: the Queen comes off and the Pawn goes back.
  const TakenBack queen = takenBack("chess", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", {}, {"a8=Q"}, SensorProfile::Occupancy);
  EXPECT_EQ(queen.knowing, (std::vector<std::string>{"Remove a8", "Place a7 P"}));
  EXPECT_EQ(queen.notKnowing, std::vector<std::string>{"Move a8 a7"}) << "with nothing known, the nearest piece";
}

Position standing(const char* position) { return parsePosition(builtinVariant("chess"), position); }

// The guidance, with nothing known of which piece is which, when the game stands at `position` and
// the board as `board` does.
std::vector<std::string> guidance(const char* position, const Position& board, SensorProfile profile) {
  const Variant& v = builtinVariant("chess");
  std::vector<std::string> out;
  for (const Correction& c : correctionsToRestore(standing(position), sensorView(board, profile))) out.push_back(describe(v, c));
  return out;
}

// The White Knight belongs on b1 and the Black one on a4; they were set down on d2 and c2. A sensor
// that tells the sides apart sends each Knight home, though the Black one stands nearer to b1.
TEST(BoardCorrections, APieceIsSentOnlyToASquareOfItsOwnSide) {
  const Position board = standing("4k3/8/8/8/8/8/2nN4/4K3 w - - 0 1");
  EXPECT_EQ(guidance("4k3/8/8/8/n7/8/8/1N2K3 w - - 0 1", board, SensorProfile::OccupancyAndSide),
            (std::vector<std::string>{"Move d2 b1", "Move c2 a4"}));
  // Reading occupancy only, the nearest piece is the guess.
  EXPECT_EQ(guidance("4k3/8/8/8/n7/8/8/1N2K3 w - - 0 1", board, SensorProfile::Occupancy),
            (std::vector<std::string>{"Move c2 b1", "Move d2 a4"}));
  // The other way round: the Black Knight belongs on b1, and the White one stands nearer to it.
  EXPECT_EQ(guidance("4k3/8/8/8/N7/8/8/1n2K3 w - - 0 1", standing("4k3/8/8/8/8/8/2Nn4/4K3 w - - 0 1"),
                     SensorProfile::OccupancyAndSide),
            (std::vector<std::string>{"Move d2 b1", "Move c2 a4"}));
}

// A Black Knight stands on b1, where the White one belongs, and no piece is spare: it is replaced.
TEST(BoardCorrections, AWrongPieceWithNowhereToGoIsReplaced) {
  EXPECT_EQ(guidance("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", standing("4k3/8/8/8/8/8/8/1n2K3 w - - 0 1"),
                     SensorProfile::OccupancyAndSide),
            std::vector<std::string>{"Replace b1 N"});
}

// The Black Knight stands on b1, where the White one belongs, and the White one on c3: the Black
// Knight must leave b1 before the White one can go there.
TEST(BoardCorrections, APieceStandingInTheWayIsMovedFirst) {
  const Position board = standing("4k3/8/8/8/8/2N5/8/1n2K3 w - - 0 1");
  EXPECT_EQ(guidance("4k3/8/8/8/n7/8/8/1N2K3 w - - 0 1", board, SensorProfile::OccupancyAndSide),
            (std::vector<std::string>{"Move b1 a4", "Move c3 b1"}));
}

// One Knight was knocked off the table and the other onto d2: one piece goes to one square, the
// nearer, and the missing Knight is put back.
TEST(BoardCorrections, OnePieceFillsOneSquareAndAMissingOneIsPlaced) {
  const Position board = standing("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1");
  EXPECT_EQ(guidance("4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1", board, SensorProfile::Camera),
            (std::vector<std::string>{"Move d2 b1", "Place g1 N"}));
}

}  // namespace
