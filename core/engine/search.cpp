#include "core/engine/search.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>

#include "core/engine/evaluation.hpp"
#include "core/engine/modelled_round.hpp"
#include "core/rules/attacks.hpp"
#include "core/rules/game_status.hpp"
#include "core/rules/movegen.hpp"

namespace tessera {
namespace {

constexpr int kInfinity = 32000;
constexpr int kMaxPly = 120;
constexpr int kNullReduction = 2;
constexpr int kDeltaMargin = 200;
constexpr int kMaxQuiescencePly = 8;
constexpr int kStaticCutoffDepth = 2;
constexpr int kStaticCutoffMargin = 150;  // per ply of depth left
enum Bound : std::uint8_t { kExact = 1, kLower = 2, kUpper = 3 };

// Non-royal, non-promoting material: without it, passing the turn is often the best a side could do
// (zugzwang), and null-move pruning would lie.
bool hasPieces(const Position& pos, int side) {
  const Variant& v = pos.variant();
  bool found = false;
  pos.occupied(side).forEach([&](Square sq) {
    const int type = pieceType(pos.at(sq));
    found = found || (!v.pieces[static_cast<std::size_t>(type)].royal && !v.isPromotingType(type));
  });
  return found;
}

// A dead position is a draw whatever the evaluation says: King and Bishop against King wins nothing.
// Counting the pieces first keeps the test off nearly every node.
bool deadPositionReached(const Position& pos) {
  const int sides = pos.variant().sides;
  int pieces = 0;
  for (int side = 0; side < sides; ++side) pieces += pos.occupied(side).count();
  return pieces <= sides + 2 && isDeadPosition(pos);
}

// Late quiet actions are searched a ply shallower first (two after the twelfth, deep enough); with
// `logarithmic`, by about ln(depth) * ln(index) / 2 plies, one less at a PV node, always leaving
// at least a ply.
int lateReduction(int depth, int searchedBefore, bool quiet, bool logarithmic = false, bool pvNode = false) {
  if (!quiet || depth < 3 || searchedBefore < 3) return 0;
  if (!logarithmic) return searchedBefore >= 12 && depth >= 5 ? 2 : 1;
  static const auto table = [] {
    std::array<std::array<std::int8_t, 64>, 64> t{};
    for (int d = 1; d < 64; ++d)
      for (int i = 1; i < 64; ++i) t[d][i] = static_cast<std::int8_t>(0.5 + std::log(d) * std::log(i) / 2.0);
    return t;
  }();
  const int r = table[static_cast<std::size_t>(std::min(depth, 63))][static_cast<std::size_t>(std::min(searchedBefore, 63))] - (pvNode ? 1 : 0);
  return std::clamp(r, 1, depth - 2);
}

// An action after the first: a null window first, at the reduced depth; a reduced action that beats
// alpha earns the full depth, and one that lands inside the window the full window.
template <class Child>
int searchAfterTheFirst(const Child& child, int depth, int reduction, int alpha, int beta) {
  int score = child(depth - reduction, alpha, alpha + 1);
  if (reduction > 0 && score > alpha) score = child(depth, alpha, alpha + 1);
  if (score > alpha && score < beta) score = child(depth, alpha, beta);
  return score;
}

}  // namespace

Searcher::Searcher(int hashMegabytes)
    : table_(static_cast<std::size_t>(hashMegabytes) * 1024 * 1024 / sizeof(Entry)),
      killers_(kMaxPly + 1),
      repliesAt_(kMaxPly + 1),
      history_(4 * 65536, 0) {}

void Searcher::clearHash() {
  std::fill(table_.begin(), table_.end(), Entry{});
  std::fill(history_.begin(), history_.end(), 0);
}

bool Searcher::sameTeam(int a, int b) const {
  return fourPlayers_ ? (a == rootSide_) == (b == rootSide_) : a == b;
}

int Searcher::staticScore(const Position& pos) const {
  const int side = pos.sideToMove();
  if (!fourPlayers_) return evaluate(pos, side, weights_);
  const int e = evaluate(pos, rootSide_, weights_);
  return sameTeam(side, rootSide_) ? e : -e;
}

std::uint64_t Searcher::tableKey(const Position& pos) const { return pos.key() ^ rootSalt_; }

Searcher::Entry* Searcher::probe(std::uint64_t key) {
  Entry& e = table_[key % table_.size()];
  return e.key == key ? &e : nullptr;
}

std::optional<int> Searcher::tableScore(std::uint64_t key, int depth, int ply, int alpha, int beta, Move& hashMove) {
  const Entry* e = probe(key);
  if (!e) return std::nullopt;
  hashMove = e->move;
  int score = e->score;
  if (score > kMateBound) score -= ply;
  if (score < -kMateBound) score += ply;
  if (e->depth >= depth &&
      (e->bound == kExact || (e->bound == kLower && score >= beta) || (e->bound == kUpper && score <= alpha)))
    return score;
  return std::nullopt;
}

void Searcher::store(std::uint64_t key, const Move& m, int score, int depth, int bound, int ply) {
  Entry& e = table_[key % table_.size()];
  if (e.key == key && e.depth > depth && bound != kExact) return;
  if (score > kMateBound) score += ply;
  if (score < -kMateBound) score -= ply;
  e = Entry{key, m, static_cast<std::int16_t>(score), static_cast<std::int8_t>(std::min(depth, 127)),
            static_cast<std::uint8_t>(bound)};
}

int Searcher::spentPercent(const SearchLimits& limits) const {
  int spent = 0;
  if (limits.nodes) spent = static_cast<int>(std::min<std::int64_t>(100, nodes_ * 100 / limits.nodes));
  if (limits.millis) {
    const auto elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start_);
    spent = std::max(spent, static_cast<int>(std::min<std::int64_t>(100, elapsed.count() * 100 / limits.millis)));
  }
  return spent;
}

bool Searcher::outOfTime() {
  if (stopped_) return true;
  if (limits_.nodes && nodes_ >= limits_.nodes) stopped_ = true;
  if (limits_.cancel && (nodes_ & 1023) == 0 && limits_.cancel->load(std::memory_order_relaxed)) stopped_ = true;
  if (limits_.millis && (nodes_ & 1023) == 0 &&
      std::chrono::steady_clock::now() - start_ >= std::chrono::milliseconds(limits_.millis))
    stopped_ = true;
  return stopped_;
}

void Searcher::noteQuietCutoff(int side, const Move& m, int ply, int depth) {
  auto& k = killers_[static_cast<std::size_t>(ply)];
  if (!(k[0] == m)) {
    k[1] = k[0];
    k[0] = m;
  }
  history_[static_cast<std::size_t>(side * 65536 + m.from * 256 + m.to)] += depth * depth;
}

int Searcher::orderKey(const Position& pos, const Move& m, const Move& hashMove, int ply) const {
  if (m == hashMove) return 1 << 30;
  if (isCapture(pos, m)) {
    const PieceCode victim = m.kind == MoveKind::EnPassant ? pos.at(pos.enPassantVictim()) : pos.at(m.to);
    return (1 << 28) + 16 * (*values_)[static_cast<std::size_t>(pieceType(victim))] -
           (*values_)[static_cast<std::size_t>(pieceType(pos.at(m.from)))] / 16;
  }
  if (m.promotion) return 1 << 27;
  if (ply <= kMaxPly && killers_[static_cast<std::size_t>(ply)][0] == m) return 1 << 26;
  if (ply <= kMaxPly && killers_[static_cast<std::size_t>(ply)][1] == m) return 1 << 25;
  return history_[static_cast<std::size_t>(pos.sideToMove() * 65536 + m.from * 256 + m.to)];
}

void Searcher::orderMoves(const Position& pos, MoveList& moves, const Move& hashMove, int ply) {
  // Each pair holds the action's index, so equal keys keep the generator's order.
  orderKeys_.clear();
  for (int i = 0; i < moves.size(); ++i) orderKeys_.emplace_back(-orderKey(pos, moves[i], hashMove, ply), i);
  std::sort(orderKeys_.begin(), orderKeys_.end());
  orderInput_.assign(moves.begin(), moves.end());
  for (int j = 0; j < moves.size(); ++j)
    moves[j] = orderInput_[static_cast<std::size_t>(orderKeys_[static_cast<std::size_t>(j)].second)];
}

void Searcher::orderedCaptures(const Position& pos, MoveList& captures) {
  generateCaptures(pos, captures);
  orderMoves(pos, captures, Move{}, kMaxPly + 1);
}

int Searcher::victimValue(const Position& pos, const Move& m) const {
  const PieceCode victim = m.kind == MoveKind::EnPassant ? pos.at(pos.enPassantVictim()) : pos.at(m.to);
  return (*values_)[static_cast<std::size_t>(pieceType(victim))];
}

bool Searcher::losingCapture(const Position& pos, const Move& m) const {
  return isPieceMove(m.kind) && (*values_)[static_cast<std::size_t>(pieceType(pos.at(m.from)))] > victimValue(pos, m) &&
         isAttackedByOpponentsOf(pos, m.to, pos.sideToMove());
}

std::optional<int> Searcher::staticCutoff(const Position& pos, int depth, int alpha, int beta) const {
  if (!limits_.staticCutoff || depth > kStaticCutoffDepth || beta - alpha != 1 || beta >= kMateBound ||
      inCheck(pos, pos.sideToMove()))
    return std::nullopt;
  const int score = staticScore(pos);
  if (score - kStaticCutoffMargin * depth >= beta) return score;
  return std::nullopt;
}

int Searcher::quiesce(Position& pos, int ply, int alpha, int beta, int qply) {
  ++nodes_;
  if (outOfTime()) return 0;
  if (deadPositionReached(pos)) return sameTeam(pos.sideToMove(), rootSide_) ? -weights_.contempt : weights_.contempt;
  const int standPat = staticScore(pos);
  if (ply >= kMaxPly || qply >= kMaxQuiescencePly || standPat >= beta) return standPat;
  alpha = std::max(alpha, standPat);
  MoveList captures;
  orderedCaptures(pos, captures);
  const int us = pos.sideToMove();
  for (const Move& m : captures) {
    // A capture that cannot lift the score to alpha even with a margin is not worth a look.
    if (!m.promotion && standPat + victimValue(pos, m) + kDeltaMargin < alpha) continue;
    if (losingCapture(pos, m)) continue;
    pos.make(m);
    if (inCheck(pos, us)) {
      pos.unmake();
      continue;
    }
    const bool same = sameTeam(us, pos.sideToMove());
    const int score = same ? quiesce(pos, ply + 1, alpha, beta, qply + 1) : -quiesce(pos, ply + 1, -beta, -alpha, qply + 1);
    pos.unmake();
    if (stopped_) return 0;
    if (score >= beta) return score;
    alpha = std::max(alpha, score);
  }
  return alpha;
}

int Searcher::pvs(Position& pos, int depth, int ply, int alpha, int beta, bool nullAllowed) {
  const int us = pos.sideToMove();
  const bool pvNode = beta - alpha > 1;
  if (fourPlayers_) {
    if (!pos.inGame(rootSide_)) return sameTeam(us, rootSide_) ? -(kMateScore - ply) : kMateScore - ply;
    if (pos.sidesInGame() == 1) return sameTeam(us, rootSide_) ? kMateScore - ply : -(kMateScore - ply);
  }
  // A draw is worth `contempt` less than nothing to the side the search is for. A mate given on the
  // action that reaches the fifty-move limit stands, as the referee has it (gameStatus).
  const bool fiftyMoves = pos.halfmoveClock() >= pos.variant().fiftyMoveLimit;
  if (ply > 0 && (pos.repetitions() >= 1 || fiftyMoves) && !(fiftyMoves && gameStatus(pos) == GameStatus::Checkmate))
    return sameTeam(us, rootSide_) ? -weights_.contempt : weights_.contempt;
  if (ply > 0 && deadPositionReached(pos)) return sameTeam(us, rootSide_) ? -weights_.contempt : weights_.contempt;
  if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, ply, alpha, beta, 0);
  // Mate distance: no line from here can win or lose sooner than at this ply, so once a mate that
  // near is known, nothing here can change the result.
  if (ply > 0) {
    alpha = std::max(alpha, -(kMateScore - ply));
    beta = std::min(beta, kMateScore - ply);
    if (alpha >= beta) return alpha;
  }
  ++nodes_;
  if (outOfTime()) return 0;

  Move hashMove{};
  const std::optional<int> known = tableScore(tableKey(pos), depth, ply, alpha, beta, hashMove);
  if (ply > 0 && known) return *known;

  if (const std::optional<int> cutoff = staticCutoff(pos, depth, alpha, beta)) return *cutoff;
  const bool checked = inCheck(pos, us);
  if (nullAllowed && limits_.nullMove && !fourPlayers_ && !checked && depth >= 3 && beta < kMateBound &&
      hasPieces(pos, us) && staticScore(pos) >= beta) {
    pos.makeNull();
    const int score = -pvs(pos, depth - 1 - kNullReduction, ply + 1, -beta, -beta + 1, false);
    pos.unmakeNull();
    if (stopped_) return 0;
    if (score >= beta) return score;
  }

  MoveList moves;
  generatePseudoLegal(pos, moves);
  orderMoves(pos, moves, hashMove, ply);

  const int alphaBefore = alpha;
  int best = -kInfinity;
  Move bestMove{};
  int legal = 0;
  bool anySearched = false;
  for (const Move& m : moves) {
    const bool capture = isCapture(pos, m);
    pos.make(m);
    if (inCheck(pos, us)) {  // the action leaves our own King attacked: not legal
      pos.unmake();
      continue;
    }
    ++legal;
    if (ply == 0 && std::find(excludedAtRoot_.begin(), excludedAtRoot_.end(), m) != excludedAtRoot_.end()) {
      pos.unmake();
      continue;
    }
    const int them = pos.sideToMove();
    const bool same = sameTeam(us, them);
    const bool givesCheck = inCheck(pos, them);
    // Four players: not extended, since some opponent gives check in most lines and the search's
    // cost exploded (docs/engine.md).
    const int next = depth - 1 + (givesCheck && !fourPlayers_ && ply < 2 * rootDepth_ ? 1 : 0);
    const bool opponentsReply = bestReply_ && us == rootSide_ && !same;
    const auto child = [&](int d, int a, int b) {
      if (opponentsReply) return -replies(pos, d, ply + 1, -b, -a);
      return same ? pvs(pos, d, ply + 1, a, b, true) : -pvs(pos, d, ply + 1, -b, -a, true);
    };
    const bool quiet = !capture && !m.promotion && !checked && !givesCheck;
    const int score = !anySearched ? child(next, alpha, beta)
                                   : searchAfterTheFirst(child, next, lateReduction(depth, legal - 1, quiet, logReductions_, pvNode), alpha, beta);
    pos.unmake();
    if (stopped_) return best == -kInfinity ? 0 : best;
    anySearched = true;
    if (score > best) {
      best = score;
      bestMove = m;
      if (ply == 0) {
        rootBest_ = m;
        rootBestScore_ = score;
        rootBestFound_ = true;
      }
    }
    if (score > alpha) alpha = score;
    if (alpha >= beta) {
      if (!capture) noteQuietCutoff(us, m, ply, depth);
      break;
    }
  }
  if (legal == 0) {
    // Four players: a side with no legal action leaves the game, and that is its turn.
    if (fourPlayers_ && pos.sidesInGame() > 1) {
      MoveList out;
      generateLegal(pos, out);
      pos.make(out[0]);
      const int them = pos.sideToMove();
      const int score = sameTeam(us, them) ? pvs(pos, depth - 1, ply + 1, alpha, beta, true)
                                           : -pvs(pos, depth - 1, ply + 1, -beta, -alpha, true);
      pos.unmake();
      if (ply == 0) rootBest_ = out[0];
      return score;
    }
    return checked ? -(kMateScore - ply) : 0;
  }
  if (!anySearched) return -kInfinity;  // every root action excluded (multi-PV past the last one)
  const int bound = best >= beta ? kLower : (best > alphaBefore ? kExact : kUpper);
  store(tableKey(pos), bestMove, best, depth, bound, ply);
  return best;
}

namespace {

void redoStandIn(Position& pos, const std::optional<Move>& action) {
  if (action) pos.make(*action);
  else pos.makeNull();
}

void undoStandIn(Position& pos, const std::optional<Move>& action) {
  if (action) pos.unmake();
  else pos.unmakeNull();
}

}  // namespace

std::optional<Move> Searcher::standIn(Position& pos) {
  if (limits_.othersAct) {
    MoveList captures;
    orderedCaptures(pos, captures);
    for (const Move& m : captures) {
      if (!losingCapture(pos, m) && isLegal(pos, m)) {
        pos.make(m);
        return m;
      }
    }
    // A side with no legal action has one, leaving.
    MoveList pseudo;
    generatePseudoLegal(pos, pseudo);
    if (std::none_of(pseudo.begin(), pseudo.end(), [&](const Move& m) { return isLegal(pos, m); })) {
      MoveList leaving;
      generateLegal(pos, leaving);
      pos.make(leaving[0]);
      return leaving[0];
    }
  }
  pos.makeNull();
  return std::nullopt;
}

int Searcher::replies(Position& pos, int depth, int ply, int alpha, int beta) {
  if (!pos.inGame(rootSide_)) return kMateScore - ply;
  if (pos.sidesInGame() == 1) return -(kMateScore - ply);
  // At the horizon the opponents' captures only, as after any other action.
  if (depth <= 0 || ply >= kMaxPly) return quiesce(pos, ply, alpha, beta, 0);
  ++nodes_;
  if (outOfTime()) return 0;
  // Only replies nodes have an opponent to act in best reply search, so their entries share the
  // table with the root side's nodes without meeting them.
  Move hashMove{};
  if (const std::optional<int> known = tableScore(tableKey(pos), depth, ply, alpha, beta, hashMove)) return *known;
  if (const std::optional<int> cutoff = staticCutoff(pos, depth, alpha, beta)) return *cutoff;
  // Every opponent's actions, each with the number of opponents before it that pass, in one order
  // (captures of any opponent first).
  std::vector<Reply>& all = repliesAt_[static_cast<std::size_t>(ply)];
  all.clear();
  bool firstCanAct = false;
  int passes = 0;
  std::array<std::optional<Move>, kMaxSides> stoodIn;  // what each opponent did instead of answering
  int stoodInCount = 0;
  for (; pos.sideToMove() != rootSide_; ++passes) {
    const int them = pos.sideToMove();
    MoveList moves;
    generatePseudoLegal(pos, moves);
    for (const Move& m : moves) {
      if (passes == 0 && !firstCanAct) {
        pos.make(m);
        firstCanAct = !inCheck(pos, them);
        pos.unmake();
      }
      all.push_back({orderKey(pos, m, hashMove, ply), static_cast<int>(all.size()), passes, m});
    }
    if (passes == 0 && !firstCanAct) break;
    stoodIn[static_cast<std::size_t>(stoodInCount++)] = standIn(pos);
  }
  for (int i = stoodInCount - 1; i >= 0; --i) undoStandIn(pos, stoodIn[static_cast<std::size_t>(i)]);
  // The side to act has only one action, leaving the game: it leaves, and the next opponent (or
  // the root side) acts as usual.
  if (!firstCanAct) {
    MoveList out;
    generateLegal(pos, out);
    pos.make(out[0]);
    const int score = pos.sideToMove() == rootSide_ ? -pvs(pos, depth - 1, ply + 1, -beta, -alpha, true)
                                                    : replies(pos, depth - 1, ply + 1, alpha, beta);
    pos.unmake();
    return score;
  }
  std::sort(all.begin(), all.end(),
            [](const Reply& a, const Reply& b) { return a.key != b.key ? a.key > b.key : a.index < b.index; });
  const bool rootChecked = inCheck(pos, rootSide_);
  const int alphaBefore = alpha;
  int best = -kInfinity;
  Move bestMove{};
  int searched = 0;
  for (const Reply& r : all) {
    for (int i = 0; i < r.passes; ++i) redoStandIn(pos, stoodIn[static_cast<std::size_t>(i)]);
    const int them = pos.sideToMove();
    const bool capture = isCapture(pos, r.move);
    pos.make(r.move);
    int score = -kInfinity;
    if (!inCheck(pos, them)) {
      std::array<std::optional<Move>, kMaxSides> rest;
      int restCount = 0;
      while (pos.sideToMove() != rootSide_) rest[static_cast<std::size_t>(restCount++)] = standIn(pos);
      const auto child = [&](int d, int a, int b) { return -pvs(pos, d, ply + 1, -b, -a, true); };
      const bool quiet = !capture && !r.move.promotion && !rootChecked && !inCheck(pos, rootSide_);
      score = searched == 0 ? child(depth - 1, alpha, beta)
                            : searchAfterTheFirst(child, depth - 1, lateReduction(depth, searched, quiet), alpha, beta);
      for (int i = restCount - 1; i >= 0; --i) undoStandIn(pos, rest[static_cast<std::size_t>(i)]);
      ++searched;
    }
    pos.unmake();
    for (int i = r.passes - 1; i >= 0; --i) undoStandIn(pos, stoodIn[static_cast<std::size_t>(i)]);
    if (stopped_) break;
    if (score > best) {
      best = score;
      bestMove = r.move;
    }
    alpha = std::max(alpha, score);
    if (alpha >= beta) {
      if (!capture) noteQuietCutoff(them, r.move, ply, depth);
      break;
    }
  }
  if (stopped_) return best == -kInfinity ? 0 : best;
  const int bound = best >= beta ? kLower : (best > alphaBefore ? kExact : kUpper);
  store(tableKey(pos), bestMove, best, depth, bound, ply);
  return best;
}

std::vector<Move> Searcher::principalVariation(Position& pos, const Move& first, int length) {
  std::vector<Move> line{first};
  pos.make(first);
  int made = 1;
  while (static_cast<int>(line.size()) < length) {
    const Entry* e = probe(tableKey(pos));
    if (!e) break;
    MoveList legal;
    generateLegal(pos, legal);
    if (std::find(legal.begin(), legal.end(), e->move) == legal.end()) break;
    line.push_back(e->move);
    pos.make(e->move);
    ++made;
    if (pos.repetitions() >= 1) break;
  }
  for (int i = 0; i < made; ++i) pos.unmake();
  return line;
}

SearchReport Searcher::search(Position& pos, const SearchLimits& limits,
                              const std::function<void(const SearchReport&)>& onDepth) {
  // Two sides left are a duel, where the one opponent's best reply is exactly what to expect.
  if (limits.modelledRound && !limits.paranoid && pos.variant().sides > 2 && pos.sidesInGame() > 2)
    return searchWithModelledRound(*this, pos, limits, onDepth);
  return iterate(pos, limits, onDepth);
}

SearchReport Searcher::iterate(Position& pos, const SearchLimits& limits,
                               const std::function<void(const SearchReport&)>& onDepth) {
  limits_ = limits;
  logReductions_ = limits.logReductions.value_or(pos.variant().name == "chess");
  start_ = std::chrono::steady_clock::now();
  nodes_ = 0;
  stopped_ = false;
  values_ = &pieceValues(pos.variant());
  weights_ = weightsOverride_ ? *weightsOverride_ : defaultWeights(pos.variant());
  rootSide_ = pos.sideToMove();
  fourPlayers_ = pos.variant().sides > 2;
  bestReply_ = fourPlayers_ && !limits.paranoid;
  // Where scores depend on whom the search is for (four players: the others are one team against
  // the root side; contempt: a draw is bad for the root side), one side's entries must not answer
  // another's: at the table one searcher answers every side in turn.
  const bool rootSideMatters = fourPlayers_ || weights_.contempt != 0;
  rootSalt_ = rootSideMatters ? 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(rootSide_ + 1) : 0;
  for (auto& k : killers_) k = {Move{}, Move{}};

  SearchReport report;
  // Four players: with one side left the game is over, though that side still has actions.
  if (fourPlayers_ && pos.sidesInGame() == 1) return report;
  MoveList legal;
  generateLegal(pos, legal);
  if (legal.empty()) return report;
  std::vector<Move> notAsked;
  if (!limits.searchOnly.empty())
    for (const Move& m : legal)
      if (std::find(limits.searchOnly.begin(), limits.searchOnly.end(), m) == limits.searchOnly.end()) notAsked.push_back(m);
  const int asked = legal.size() - static_cast<int>(notAsked.size());
  if (asked == 0) return report;
  const int lines = std::clamp(limits.multiPv, 1, asked);
  for (int depth = 1; depth <= std::max(1, limits.depth); ++depth) {
    if (depth > 1 && spentPercent(limits) >= limits.beginIterationsWithin) break;
    // The first iteration always finishes, so that there is always an action to give.
    limits_.millis = depth == 1 ? 0 : limits.millis;
    limits_.nodes = depth == 1 ? 0 : limits.nodes;
    limits_.cancel = depth == 1 ? nullptr : limits.cancel;
    rootDepth_ = depth;
    SearchReport iteration;
    iteration.depth = depth;
    excludedAtRoot_ = notAsked;
    for (int l = 0; l < lines; ++l) {
      rootBest_ = Move{};
      rootBestFound_ = false;
      const int score = pvs(pos, depth, 0, -kInfinity, kInfinity, false);
      if (stopped_) break;
      iteration.lines.push_back({principalVariation(pos, rootBest_, depth), score});
      excludedAtRoot_.push_back(rootBest_);
    }
    // An iteration cut short: the best root action it finished searching is searched deeper than the
    // last whole iteration's, and was the first searched (the hash move) or beat it, so it is kept
    // (one line only; with more, the lines of the last whole iteration stay).
    if (stopped_ && !report.lines.empty()) {
      if (lines == 1 && rootBestFound_) report.lines = {{principalVariation(pos, rootBest_, depth), rootBestScore_}};
      break;
    }
    if (iteration.lines.empty()) break;
    std::stable_sort(iteration.lines.begin(), iteration.lines.end(),
                     [](const PvLine& a, const PvLine& b) { return a.score > b.score; });
    report.depth = depth;
    report.lines = iteration.lines;
    report.nodes = nodes_;
    report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    if (onDepth) onDepth(report);
    if (stopped_) break;
    if (report.lines.front().score > kMateBound && depth > 2 * (kMateScore - report.lines.front().score)) break;
  }
  excludedAtRoot_.clear();
  report.nodes = nodes_;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  return report;
}

}  // namespace tessera
