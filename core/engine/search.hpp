#pragma once
// The engine: iterative deepening principal variation search with a transposition table keyed by
// the full Zobrist key (terrain included), move ordering (hash move, captures by value, killers,
// history), quiescence on captures, check extension and null-move pruning (four players: neither,
// a static cutoff near the horizon instead); limits by depth, nodes and time; the best N lines for
// hints. Four players: best reply search (between two actions of the side searched for, the one
// action of any opponent that is best for the opponents, while the other opponents take what they
// can), or paranoid (every opponent acts, all against the side searched for). docs/engine.md.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/engine/eval_weights.hpp"
#include "core/rules/move.hpp"
#include "core/rules/position.hpp"

namespace tessera {

constexpr int kMateScore = 30000;
constexpr int kMateBound = kMateScore - 1000;  // scores beyond this are mates

// For a mate score: in how many of its own actions the side to act mates (negative: is mated).
constexpr int movesToMate(int score) {
  return score > 0 ? (kMateScore - score + 1) / 2 : -((kMateScore + score + 1) / 2);
}
constexpr bool isMateScore(int score) { return score > kMateBound || score < -kMateBound; }

// The widest limits a command accepts: an hour, 64 plies, four million million nodes.
constexpr int kMaxSearchMillis = 3'600'000;
constexpr int kMaxSearchDepth = 64;
constexpr std::int64_t kMaxSearchNodes = 4'000'000'000'000LL;

struct SearchLimits {
  int depth = 64;
  std::int64_t nodes = 0;  // 0: no limit
  int millis = 0;          // 0: no limit
  int multiPv = 1;
  // A new iteration is begun only while less than this share (percent) of the time or node limit is
  // spent. Several lines keep only whole iterations, so one begun too late would be work thrown away.
  int beginIterationsWithin = 100;
  bool nullMove = true;
  // The static cutoff near the horizon (Searcher::staticCutoff).
  bool staticCutoff = true;
  // Late quiet actions reduced by about ln(depth) * ln(index) / 2 plies (less at PV nodes) instead
  // of one ply (two after the twelfth): search.cpp, lateReduction. None: the variant's default, on
  // in orthodox chess only, where a match showed it better (docs/engine.md, 2026-12-07).
  std::optional<bool> logReductions;
  // Four players: paranoid search instead of best reply search (docs/engine.md).
  bool paranoid = false;
  // Four players, best reply search: the opponents that do not give the best reply take what they
  // can (their best capture that loses no material at once) instead of passing (docs/engine.md).
  bool othersAct = true;
  // Four players, best reply search: the leading root actions judged once more by a modelled round,
  // each opponent in turn playing what this search would play in its place (modelled_round.hpp).
  bool modelledRound = true;
  // Not empty: only these root actions are searched (UCI's `go searchmoves`).
  std::vector<Move> searchOnly;
  // Set from another thread to end the search early (like a spent time limit); may be null.
  const std::atomic<bool>* cancel = nullptr;
};

struct PvLine {
  std::vector<Move> moves;
  int score = 0;  // centipawns for the side to act; mate scores near kMateScore
};

// Four players: a root action as the modelled round judged it: the actions the search expects of
// the opponents after it, each in turn, and the score of the side to act's own search from where
// they lead, at its next turn.
struct ModelledRound {
  Move action{};
  std::vector<Move> replies;
  int score = 0;  // -kMateScore: the side to act is out by then; kMateScore: it is the last side in
  std::vector<Move> line() const {
    std::vector<Move> all{action};
    all.insert(all.end(), replies.begin(), replies.end());
    return all;
  }
};

struct SearchReport {
  int depth = 0;
  std::int64_t nodes = 0;
  double seconds = 0;
  std::vector<PvLine> lines;  // best first; none when no side can act (mate, stalemate, one side left)
  std::vector<ModelledRound> modelled;  // four players: the root actions the modelled round judged
};

class Searcher {
 public:
  explicit Searcher(int hashMegabytes = 16);
  // `onDepth` is called after each completed iteration. Four players: with the modelled round
  // unless `limits` turn it off.
  SearchReport search(Position& pos, const SearchLimits& limits,
                      const std::function<void(const SearchReport&)>& onDepth = {});
  void clearHash();
  // The evaluation's weights for every later search (instead of defaultWeights(variant)).
  void setWeights(const EvalWeights& weights) { weightsOverride_ = weights; }

 private:
  struct Entry {
    std::uint64_t key = 0;
    Move move{};
    std::int16_t score = 0;
    std::int8_t depth = -1;
    std::uint8_t bound = 0;
  };
  // Iterative deepening: the search itself, without the modelled round.
  SearchReport iterate(Position& pos, const SearchLimits& limits, const std::function<void(const SearchReport&)>& onDepth);
  int pvs(Position& pos, int depth, int ply, int alpha, int beta, bool nullAllowed);
  // Best reply search (four players): the opponents' answer to the root side's action is the one
  // action of any opponent that is best for them, the others passing.
  int replies(Position& pos, int depth, int ply, int alpha, int beta);
  int quiesce(Position& pos, int ply, int alpha, int beta, int qply);
  // A null-window node near the horizon whose static score stands far above beta is taken to hold
  // there (reverse futility pruning); with four players it stands in for null-move pruning.
  std::optional<int> staticCutoff(const Position& pos, int depth, int alpha, int beta) const;
  int victimValue(const Position& pos, const Move& m) const;  // what capture m takes
  // Capture m by a piece worth more than its victim, onto a defended square, loses material (the
  // plain version of a static exchange test).
  bool losingCapture(const Position& pos, const Move& m) const;
  // Between the root side's actions, an opponent that gives no reply: passes, or (othersAct) takes
  // what it can, its capture first in the move ordering that loses no material at once, and leaves
  // when leaving is all it can do. Returns the action made, none for a pass.
  std::optional<Move> standIn(Position& pos);
  int staticScore(const Position& pos) const;
  bool sameTeam(int a, int b) const;
  // Higher first: the hash move, captures by victim then cheaper attacker, promotions, killers,
  // then the history counter.
  int orderKey(const Position& pos, const Move& m, const Move& hashMove, int ply) const;
  // A quiet action that cut the search off: a killer at its ply, and its history counter grows.
  void noteQuietCutoff(int side, const Move& m, int ply, int depth);
  void orderMoves(const Position& pos, MoveList& moves, const Move& hashMove, int ply);
  // The side to act's captures, the most valuable victim first, then the cheapest attacker.
  void orderedCaptures(const Position& pos, MoveList& captures);
  bool outOfTime();
  // How much of the time or node limit (the larger share) is spent, in percent; 0 without either.
  int spentPercent(const SearchLimits& limits) const;
  // The position's key in the table: its Zobrist key, mixed with the root side where scores depend
  // on it.
  std::uint64_t tableKey(const Position& pos) const;
  Entry* probe(std::uint64_t key);
  // The table's entry for the position: its move, for ordering, into `hashMove`; its score when the
  // entry is deep enough and its bound settles the window.
  std::optional<int> tableScore(std::uint64_t key, int depth, int ply, int alpha, int beta, Move& hashMove);
  void store(std::uint64_t key, const Move& m, int score, int depth, int bound, int ply);
  std::vector<Move> principalVariation(Position& pos, const Move& first, int length);

  // One opponent's action in best reply search, `passes` opponents before it passing; `index` is
  // its place in the generated list, so that equal keys keep that order.
  struct Reply {
    int key;
    int index;
    int passes;
    Move move;
  };

  std::vector<Entry> table_;
  std::vector<std::array<Move, 2>> killers_;
  // replies()' list at each ply, kept so that a node does not allocate one.
  std::vector<std::vector<Reply>> repliesAt_;
  std::vector<int> history_;  // [side * 65536 + from * 256 + to]
  // orderMoves' scratch, kept so that ordering allocates nothing after the first nodes.
  std::vector<std::pair<int, int>> orderKeys_;
  std::vector<Move> orderInput_;
  const std::vector<int>* values_ = nullptr;
  std::optional<EvalWeights> weightsOverride_;
  EvalWeights weights_;
  int rootSide_ = 0;
  std::uint64_t rootSalt_ = 0;
  bool fourPlayers_ = false;
  bool logReductions_ = false;  // limits_.logReductions, or the variant's default
  bool bestReply_ = false;
  std::vector<Move> excludedAtRoot_;
  Move rootBest_{};  // the best root action of the iteration under way, once one is searched
  int rootBestScore_ = 0;
  bool rootBestFound_ = false;
  int rootDepth_ = 1;
  SearchLimits limits_;
  std::chrono::steady_clock::time_point start_;
  std::int64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace tessera
