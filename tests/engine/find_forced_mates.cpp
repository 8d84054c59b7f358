// Finds positions for forced_mates_test.cpp: plays seeded games (half random actions, half the
// greedy one-ply choice, so that Kings get exposed), asks the engine at every position whether the
// side to act mates in exactly N, and prints the ones the exhaustive search (forced_mate.hpp)
// confirms, with the kinds of the first actions that force the mate. Four players: the paranoid
// search shows no mate score while two opponents remain, so random sparse placements (a King and
// up to two other pieces a side) go straight to the exhaustive search. Not a test: a tool, kept so
// that the test's positions can be found again.
//
//   find_forced_mates VARIANT N [COUNT] [SEED]
#include <cstdio>
#include <random>
#include <set>
#include <string>

#include "core/engine/evaluation.hpp"
#include "core/engine/search.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "forced_mate.hpp"

using namespace tessera;
using tessera::testing::forcesMate;
using tessera::testing::forcesMate4p;
using tessera::testing::forcingFirstActions;

namespace {

Move greedyOrRandom(Position& pos, std::mt19937& rng) {
  MoveList legal;
  generateLegal(pos, legal);
  if (rng() % 2) return legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
  const int us = pos.sideToMove();
  Move best = legal[0];
  int bestScore = -1000000;
  for (const Move& m : legal) {
    pos.make(m);
    const int score = evaluate(pos, us) + static_cast<int>(rng() % 20);
    pos.unmake();
    if (score > bestScore) {
      bestScore = score;
      best = m;
    }
  }
  return best;
}

const char* kindName(MoveKind k) {
  switch (k) {
    case MoveKind::Normal: return "move";
    case MoveKind::EnPassant: return "en passant";
    case MoveKind::TileDrop: return "Tile drop";
    case MoveKind::AntiTileDrop: return "Anti-Tile drop";
    case MoveKind::TileRemove: return "Tile removal";
    case MoveKind::ColourDrop: return "colour drop";
    case MoveKind::ColourShift: return "colour shift";
    case MoveKind::SectorShift: return "sector shift";
    default: return "other";
  }
}

// A King and up to two Pawns or Chameleons for each of the four sides on random squares, South to
// act; placements the position reader refuses (a Chameleon letter that does not match its square's
// colour, a side to act that could take a King) are drawn again.
Position randomSparseFourPlayerPosition(const Variant& v, std::mt19937& rng) {
  const char* sides = "swne";
  const char* letters = "PRBNQ";
  for (;;) {
    std::string board[8][8];
    const auto place = [&](const std::string& piece) {
      for (;;) {
        const int f = static_cast<int>(rng() % 8), r = static_cast<int>(rng() % 8);
        if (board[r][f].empty()) {
          board[r][f] = piece;
          return;
        }
      }
    };
    for (int side = 0; side < 4; ++side) {
      place(std::string(1, sides[side]) + "K");
      const int extra = static_cast<int>(rng() % 3);
      for (int i = 0; i < extra; ++i) place(std::string(1, sides[side]) + letters[rng() % 5]);
    }
    std::string text;
    for (int r = 7; r >= 0; --r) {
      int empty = 0;
      for (int f = 0; f < 8; ++f) {
        if (board[r][f].empty()) {
          ++empty;
          continue;
        }
        if (empty) text += std::to_string(empty);
        empty = 0;
        text += board[r][f];
      }
      if (empty) text += std::to_string(empty);
      if (r) text += "/";
    }
    try {
      return parsePosition(v, text + " s - - 0 30");
    } catch (const PositionError&) {
    }
  }
}

int findFourPlayerMates(const Variant& v, int moves, int wanted, std::mt19937& rng) {
  int found = 0;
  for (long tried = 0; found < wanted; ++tried) {
    Position pos = randomSparseFourPlayerPosition(v, rng);
    if (!forcesMate4p(pos, moves) || forcesMate4p(pos, moves - 1)) continue;
    std::string firsts;
    for (const Move& m : forcingFirstActions(pos, moves)) firsts += longAlgebraic(pos, m) + " ";
    std::printf("placement %ld, mate in %d, forcing: %s\n  \"%s\"\n", tried, moves, firsts.c_str(),
                positionString(pos).c_str());
    std::fflush(stdout);
    ++found;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: find_forced_mates VARIANT N [COUNT] [SEED]\n");
    return 2;
  }
  const Variant& v = builtinVariant(argv[1]);
  const int moves = std::stoi(argv[2]);
  const int wanted = argc > 3 ? std::stoi(argv[3]) : 3;
  std::mt19937 rng(argc > 4 ? static_cast<std::uint32_t>(std::stoul(argv[4])) : 1u);
  if (v.sides == 4) return findFourPlayerMates(v, moves, wanted, rng);
  int found = 0;
  std::set<std::string> seen;
  Searcher engine(4);
  for (int gameNumber = 0; found < wanted; ++gameNumber) {
    Game game(v);
    for (int ply = 0; ply < 160 && !game.result().finished() && found < wanted; ++ply) {
      Position& pos = game.position();
      if (ply >= 12) {
        SearchLimits limits;
        limits.depth = 2 * moves;  // the mated side's node at depth 1 at least: quiescence sees no mate
        limits.nodes = 200000;
        const SearchReport r = engine.search(pos, limits);
        if (!r.lines.empty() && r.lines.front().score == kMateScore - (2 * moves - 1)) {
          const std::string text = positionString(pos);
          if (seen.insert(text).second && forcesMate(pos, moves) && !forcesMate(pos, moves - 1)) {
            std::set<std::string> kinds;
            std::string firsts;
            for (const Move& m : forcingFirstActions(pos, moves)) {
              kinds.insert(std::string(kindName(m.kind)) + (m.promotion ? " promoting" : ""));
              firsts += longAlgebraic(pos, m) + " ";
            }
            std::string kindList;
            for (const std::string& k : kinds) kindList += k + "; ";
            std::printf("game %d ply %d, mate in %d, forcing: %s(%s)\n  \"%s\"\n", gameNumber, ply, moves,
                        firsts.c_str(), kindList.c_str(), text.c_str());
            std::fflush(stdout);
            ++found;
          }
        }
      }
      game.play(greedyOrRandom(pos, rng));
    }
  }
  return 0;
}
