// The fast generator against the reference, over random games of every variant: the same legal
// actions at every step, no action listed twice, the captures alone (for quiescence) the captures
// among all actions, and make/unmake, keys and position strings exact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <tuple>

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "reference_movegen.hpp"
#include "tests/support/captures_among_all_actions.hpp"

using namespace tessera;

namespace {

using MoveKey = std::tuple<int, int, int, int, int, int, int>;

MoveKey keyOf(const Move& m) {
  return {m.from, m.to, static_cast<int>(m.kind), m.promotion, m.wing, m.doubleStep, m.colour};
}

// Games per variant: TESSERA_REFERENCE_GAMES overrides (scripts/reference-long.sh runs thousands).
int gamesPerVariant() {
  if (const char* env = std::getenv("TESSERA_REFERENCE_GAMES")) return std::max(1, std::atoi(env));
  return 1000;
}

struct Totals {
  int games = 0, positions = 0, actions = 0;
};

std::string describe(Position& pos, const std::vector<MoveKey>& keys, const std::vector<Move>& from) {
  std::string s;
  for (const MoveKey& k : keys)
    for (const Move& m : from)
      if (keyOf(m) == k) s += " " + longAlgebraic(pos, m);
  return s;
}

Totals compareOverRandomGames(const char* variantName, unsigned seed, int maxPlies) {
  const Variant& v = builtinVariant(variantName);
  std::mt19937 rng(seed);
  Totals totals;
  for (int game = 0; game < gamesPerVariant(); ++game) {
    Position pos = startPosition(v);
    ++totals.games;
    for (int ply = 0; ply < maxPlies; ++ply) {
      MoveList fast;
      generateLegal(pos, fast);
      std::vector<Move> fastMoves(fast.begin(), fast.end());
      std::vector<Move> reference = reference::legalActions(pos);
      std::vector<MoveKey> a, b;
      for (const Move& m : fastMoves) a.push_back(keyOf(m));
      for (const Move& m : reference) b.push_back(keyOf(m));
      std::sort(a.begin(), a.end());
      std::sort(b.begin(), b.end());
      EXPECT_EQ(std::adjacent_find(a.begin(), a.end()), a.end())
          << variantName << ": the fast generator lists an action twice in " << positionString(pos);
      if (a != b) {
        std::vector<MoveKey> missing, extra;
        std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(missing));
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(extra));
        ADD_FAILURE() << variantName << " " << positionString(pos) << "\n  only in the reference:"
                      << describe(pos, missing, reference) << "\n  only in the fast generator:" << describe(pos, extra, fastMoves);
        return totals;
      }
      if (!capturesAreThoseAmongAllActions(pos)) {
        ADD_FAILURE() << variantName << " " << positionString(pos) << ": the captures generated differ from those among all actions";
        return totals;
      }
      ++totals.positions;
      totals.actions += static_cast<int>(fastMoves.size());
      if (fastMoves.empty()) break;
      // Half the time a capture when there is one, so that games reach endings and promotions.
      std::vector<Move> captures;
      for (const Move& x : fastMoves)
        if (isPieceMove(x.kind) && pos.at(x.to) != kEmpty) captures.push_back(x);
      const std::vector<Move>& pool = (!captures.empty() && rng() % 2) ? captures : fastMoves;
      const Move m = pool[std::uniform_int_distribution<std::size_t>(0, pool.size() - 1)(rng)];
      EXPECT_EQ(parseMove(pos, longAlgebraic(pos, m)), m) << variantName << " " << longAlgebraic(pos, m);
      EXPECT_EQ(parseMove(pos, san(pos, m)), m) << variantName << " " << san(pos, m);
      const Position before = pos;
      pos.make(m);
      const std::string text = positionString(pos);
      const Position reread = parsePosition(v, text);
      EXPECT_EQ(reread.key(), pos.key()) << variantName << " " << text;
      EXPECT_EQ(positionString(reread), text);
      pos.unmake();
      EXPECT_TRUE(samePosition(pos, before)) << variantName << " unmake of " << longAlgebraic(before, m) << " in "
                                             << positionString(before);
      pos.make(m);
    }
  }
  return totals;
}

class ReferenceComparison : public ::testing::TestWithParam<const char*> {};

TEST_P(ReferenceComparison, SameLegalActionsAtEveryStepOfRandomGames) {
  const Totals t = compareOverRandomGames(GetParam(), 20261122, 120);
  std::printf("[ reference ] %s: %d games, %d positions, %d actions compared\n", GetParam(), t.games, t.positions, t.actions);
  EXPECT_GE(t.games, gamesPerVariant());
  EXPECT_GT(t.positions, t.games);  // games were played, not just started
}

INSTANTIATE_TEST_SUITE_P(EveryVariant, ReferenceComparison,
                         ::testing::Values("chess", "desert-dust", "chameleon-redux", "chameleon-redux:rotation=90",
                                           "chameleon-redux:en-passant=off", "chameleon-redux-4p", "tiled-squares",
                                           "shifting-chess", "shifting-chess:empty=AII+DIII", "shifting-sands",
                                           "shifting-sands:size=8x8"),
                         [](const auto& info) {
                           std::string n = info.param;
                           for (char& ch : n)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return n;
                         });

// The orthodox perft positions: at depth 2 the reference and fast trees match move for move.
TEST(ReferencePerftPositions, TwoPliesDeepFromEachPublishedPosition) {
  const Variant& chess = builtinVariant("chess");
  for (const char* fen : {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                          "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
                          "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
                          "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"}) {
    Position pos = parsePosition(chess, fen);
    std::uint64_t leaves = 0;
    for (const Move& m : reference::legalActions(pos)) {
      pos.make(m);
      leaves += reference::legalActions(pos).size();
      pos.unmake();
    }
    MoveList first;
    generateLegal(pos, first);
    std::uint64_t fastLeaves = 0;
    for (const Move& m : first) {
      pos.make(m);
      MoveList second;
      generateLegal(pos, second);
      fastLeaves += static_cast<std::uint64_t>(second.size());
      pos.unmake();
    }
    EXPECT_EQ(leaves, fastLeaves) << fen;
    std::vector<MoveKey> a, b;
    for (const Move& m : first) a.push_back(keyOf(m));
    for (const Move& m : reference::legalActions(pos)) b.push_back(keyOf(m));
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << fen;
  }
}

}  // namespace
