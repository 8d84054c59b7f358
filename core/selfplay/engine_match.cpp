#include "core/selfplay/engine_match.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>

#include "core/engine/evaluation.hpp"
#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/piece_values.hpp"

namespace tessera {

std::string PlayerConfig::name() const {
  if (greedy) return "greedy one-ply";
  std::string n = external ? external->name() + "," : "search";
  if (limits.millis) n += " " + std::to_string(limits.millis) + " ms";
  if (limits.nodes) n += " " + std::to_string(limits.nodes) + " nodes";
  if (limits.depth < 64) n += " depth " + std::to_string(limits.depth);
  if (limits.paranoid) n += " paranoid";
  if (!limits.othersAct) n += " othersAct=0";
  if (!limits.modelledRound) n += " modelledRound=0";
  if (!limits.staticCutoff) n += " staticCutoff=0";
  if (limits.logReductions) n += *limits.logReductions ? " logReductions=1" : " logReductions=0";
  if (weights) n += " " + weights->text();
  return n;
}

double MatchResult::margin95() const {
  if (games == 0) return 0;
  const double p = share();
  const double variance = std::max(0.0, squares / games - p * p);  // of one game's score around p
  return 1.96 * std::sqrt(variance / games);
}

std::string sidesOutText(const MatchResult& r) {
  std::string text = "sides put out (A's:B's) by sides in (A-B):";
  bool first = true;
  for (int total = 4; total >= 2; --total)
    for (int a = 2; a >= 0; --a) {
      const int b = total - a;
      if (b < 0 || b > 3) continue;
      const int* out = r.sidesOut[a][b];
      if (out[0] + out[1] == 0) continue;
      text += (first ? " " : ", ") + std::to_string(a) + "-" + std::to_string(b) + " " + std::to_string(out[0]) + ":" +
              std::to_string(out[1]);
      first = false;
    }
  return first ? text + " none" : text;
}

std::string materialTakenText(const MatchResult& r) {
  const auto pawns = [](long centipawns) { return std::to_string((centipawns + 50) / 100); };
  return "material taken with all four in, in pawns: A's from B's " + pawns(r.materialTaken[0][1]) + ", B's from A's " +
         pawns(r.materialTaken[1][0]) + "; from the same player's other side: A " + pawns(r.materialTaken[0][0]) +
         ", B " + pawns(r.materialTaken[1][1]);
}

namespace {

Move greedyChoice(Position& pos, std::mt19937& rng) {
  MoveList legal;
  generateLegal(pos, legal);
  const int us = pos.sideToMove();
  int best = -1000000;
  std::vector<Move> bestMoves;
  for (const Move& m : legal) {
    pos.make(m);
    const int score = evaluate(pos, us);
    pos.unmake();
    if (score > best) {
      best = score;
      bestMoves.clear();
    }
    if (score == best) bestMoves.push_back(m);
  }
  return bestMoves[std::uniform_int_distribution<std::size_t>(0, bestMoves.size() - 1)(rng)];
}

// Who plays each side: A or B. Two players, and four by default: A has side 0 (and 2), or side 1
// (and 3) when the sides are swapped; four players with `--seats one`: A has one side, B the rest.
struct Seating {
  std::array<bool, 4> isA{};
  int sides = 2;

  // Four players with A on one side (`--seats one`).
  bool aAlone() const { return sides == 4 && isA[0] + isA[1] + isA[2] + isA[3] == 1; }

  int in(const Position& pos, bool ofA) const {
    int n = 0;
    for (int side = 0; side < sides; ++side) n += isA[static_cast<std::size_t>(side)] == ofA && pos.inGame(side);
    return n;
  }
};

// A's lead when a game is stopped unfinished. Four players (two sides each): the player with more
// sides still in leads, otherwise the evaluation decides, without its bonus for opponents out (which
// would count a team-mate as one).
int adjudicationScore(const Position& pos, const Seating& seating) {
  if (pos.variant().sides == 2) return evaluate(pos, seating.isA[0] ? 0 : 1);
  if (const int ahead = seating.in(pos, true) - seating.in(pos, false)) return ahead > 0 ? kMateScore : -kMateScore;
  EvalWeights w = defaultWeights(pos.variant());
  w.opponentOut = 0;
  int total = 0, count = 0;
  for (int side = 0; side < 4; ++side)
    if (seating.isA[static_cast<std::size_t>(side)] && pos.inGame(side)) {
      total += evaluate(pos, side, w);
      ++count;
    }
  return total / count;
}

// Four players, A on one side: A's share of the three B sides it finished ahead of, a B side still
// in alongside A (or put out by the same action) counting half.
double oneSeatPoints(int bOutBefore, int bOutTogether) { return (bOutBefore + 0.5 * bOutTogether) / 3.0; }

struct PlayedGame {
  double pointsForA = 0;
  std::string ending;
  std::string pgn;
};

// Four players: the sides an action put out, added to MatchResult::sidesOut by who had how many
// sides in before it.
void countSidesOut(const std::array<bool, 4>& inBefore, const Position& after, const Seating& seating,
                   MatchResult& result) {
  int aIn = 0, bIn = 0;
  for (int side = 0; side < 4; ++side)
    if (inBefore[static_cast<std::size_t>(side)]) ++(seating.isA[static_cast<std::size_t>(side)] ? aIn : bIn);
  for (int side = 0; side < 4; ++side)
    if (inBefore[static_cast<std::size_t>(side)] && !after.inGame(side))
      ++result.sidesOut[aIn][bIn][seating.isA[static_cast<std::size_t>(side)] ? 0 : 1];
}

// Four players: while all four sides are in, what a capture takes, added to
// MatchResult::materialTaken by whose side took it from whose.
void countMaterialTaken(const Position& before, const Move& m, const Seating& seating, MatchResult& result) {
  if (before.sidesInGame() != 4 || !isCapture(before, m)) return;
  const PieceCode victim = m.kind == MoveKind::EnPassant ? before.at(before.enPassantVictim()) : before.at(m.to);
  const auto player = [&](int side) { return seating.isA[static_cast<std::size_t>(side)] ? 0 : 1; };
  result.materialTaken[player(before.sideToMove())][player(pieceSide(victim))] +=
      pieceValues(before.variant())[static_cast<std::size_t>(pieceType(victim))];
}

// A's points for a game that ended by the rules, or was stopped unfinished with both players in.
// Two players: the result. Four, two sides each: a drawn or unfinished game goes to the player with
// more sides still in (the other's were put out first). Four, A on one side: by the B sides A
// outlasted, those still in counting half.
double pointsWhenEnded(const Position& pos, const GameResult& result, const Seating& seating) {
  if (pos.variant().sides == 2) {
    const double forSide0 = result.token == "1-0" ? 1.0 : result.token == "0-1" ? 0.0 : 0.5;
    return seating.isA[0] ? forSide0 : 1.0 - forSide0;
  }
  const int aIn = seating.in(pos, true), bIn = seating.in(pos, false);
  if (seating.aAlone()) return oneSeatPoints(3 - bIn, bIn);
  return aIn > bIn ? 1.0 : aIn < bIn ? 0.0 : 0.5;
}

PlayedGame playOneGame(const Variant& v, const PlayerConfig& a, const PlayerConfig& b, Searcher& searcherA,
                       Searcher& searcherB, const Seating& seating, const std::vector<Move>& opening,
                       const MatchSettings& settings, std::mt19937& rng, MatchResult& result, const PgnTags& tags) {
  Game game = settings.start.empty() ? Game(v) : Game(v, settings.start);
  for (const Move& m : opening) game.play(m);
  // Two players: consecutive search reports that agree one side is decisively ahead (side 0's
  // view: positive for side 0). Against a greedy player, who reports nothing, only the searcher's
  // mate scores count: its opinion alone of a big lead proved wrong in Shifting Sands, where a
  // lost-looking position (the other side's Pawns turned Queens) was then won.
  const bool bothSearch = !a.greedy && !b.greedy;  // an external engine reports its scores too
  int decisiveReports = 0, decisiveSign = 0;
  double pointsWhenAOut = 0;  // four players, A on one side: fixed by the action that put A out
  const auto forA = [&](double forSide0) { return seating.isA[0] ? forSide0 : 1.0 - forSide0; };
  // Four players: once one player's sides are all out, the other has won (two sides each: however
  // its own sides then end the game between them; A on one side: A's place is settled).
  const auto oneIsOut = [&]() -> std::optional<PlayedGame> {
    if (v.sides != 4) return std::nullopt;
    const int aIn = seating.in(game.position(), true), bIn = seating.in(game.position(), false);
    if (aIn > 0 && bIn > 0) return std::nullopt;
    const double points = aIn == 0 ? (seating.aAlone() ? pointsWhenAOut : 0.0) : 1.0;
    return PlayedGame{points, aIn == 0 ? "A's sides are all out" : "B's sides are all out", writePgn(game, tags)};
  };
  for (int ply = 0; ply < settings.maxPlies && !game.result().finished(); ++ply) {
    if (auto ended = oneIsOut()) return *ended;
    const int side = game.position().sideToMove();
    const bool aToAct = seating.isA[static_cast<std::size_t>(side)];
    const PlayerConfig& player = aToAct ? a : b;
    Searcher& searcher = aToAct ? searcherA : searcherB;
    Move m;
    if (player.greedy) {
      m = greedyChoice(game.position(), rng);
    } else if (player.external) {
      const ExternalPlayer::Choice choice = player.external->choose(game, player.limits);
      if (!choice.action)  // refereed by our rules: no legal action, no game
        return {aToAct ? 0.0 : 1.0, std::string(aToAct ? "A" : "B") + " " + choice.problem, writePgn(game, tags)};
      m = *choice.action;
      int sign = 0;
      if (choice.score) {
        const int forSide0 = side == 0 ? *choice.score : -*choice.score;
        sign = forSide0 >= settings.adjudicateScore ? 1 : forSide0 <= -settings.adjudicateScore ? -1 : 0;
        if (!bothSearch && !isMateScore(forSide0)) sign = 0;
      }
      decisiveReports = sign != 0 && sign == decisiveSign ? decisiveReports + 1 : (sign != 0 ? 1 : 0);
      decisiveSign = sign;
    } else {
      const SearchReport r = searcher.search(game.position(), player.limits);
      m = r.lines.front().moves.front();
      const int forSide0 = side == 0 ? r.lines.front().score : -r.lines.front().score;
      int sign = forSide0 >= settings.adjudicateScore ? 1 : forSide0 <= -settings.adjudicateScore ? -1 : 0;
      if (!bothSearch && !isMateScore(forSide0)) sign = 0;
      decisiveReports = sign != 0 && sign == decisiveSign ? decisiveReports + 1 : (sign != 0 ? 1 : 0);
      decisiveSign = sign;
    }
    std::array<bool, 4> inBefore{};
    for (int s = 0; s < v.sides; ++s) inBefore[static_cast<std::size_t>(s)] = game.position().inGame(s);
    const int bInBefore = seating.in(game.position(), false);
    if (v.sides == 4) countMaterialTaken(game.position(), m, seating, result);
    game.play(m);
    if (v.sides == 4) {
      countSidesOut(inBefore, game.position(), seating, result);
      if (seating.in(game.position(), true) == 0)  // A was in: the loop stops once it is out
        pointsWhenAOut = oneSeatPoints(3 - bInBefore, bInBefore - seating.in(game.position(), false));
    }
    ++result.plies;
    if (v.sides == 2 && settings.adjudicateReports > 0 && decisiveReports >= settings.adjudicateReports && !game.result().finished())
      return {forA(decisiveSign > 0 ? 1.0 : 0.0),
              "adjudicated: " + std::to_string(decisiveReports) + " search reports agree", writePgn(game, tags)};
  }
  if (auto ended = oneIsOut()) return *ended;
  const GameResult ended = game.result();
  if (!ended.finished()) {
    const std::string reason = "adjudicated by the evaluation after " + std::to_string(settings.maxPlies) + " plies";
    if (seating.aAlone()) return {pointsWhenEnded(game.position(), ended, seating), reason, writePgn(game, tags)};
    const int lead = adjudicationScore(game.position(), seating);
    return {lead > 200 ? 1.0 : lead < -200 ? 0.0 : 0.5, reason, writePgn(game, tags)};
  }
  return {pointsWhenEnded(game.position(), ended, seating), ended.reason, writePgn(game, tags)};
}

}  // namespace

int gamesPerOpening(const Variant& v, const MatchSettings& settings) { return settings.oneSeat && v.sides == 4 ? 4 : 2; }

int gamesToPlay(const Variant& v, const MatchSettings& settings) {
  const int per = gamesPerOpening(v, settings);
  return (settings.games + per - 1) / per * per;
}

MatchResult playMatch(const Variant& v, const PlayerConfig& a, const PlayerConfig& b, const MatchSettings& settings,
                      const std::function<void(const MatchGame&)>& onGame) {
  MatchResult result;
  std::mt19937 rng(settings.seed);
  Searcher searcherA, searcherB;
  if (a.weights) searcherA.setWeights(*a.weights);
  if (b.weights) searcherB.setWeights(*b.weights);
  const bool oneSeat = settings.oneSeat && v.sides == 4;
  const int perOpening = gamesPerOpening(v, settings);
  for (int opening = 0; opening < gamesToPlay(v, settings) / perOpening; ++opening) {
    std::vector<Move> openingMoves;
    Game g = settings.start.empty() ? Game(v) : Game(v, settings.start);
    for (int i = 0; i < settings.openingPlies && !g.result().finished(); ++i) {
      MoveList legal;
      generateLegal(g.position(), legal);
      const Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
      openingMoves.push_back(m);
      g.play(m);
    }
    for (int turn = 0; turn < perOpening; ++turn) {
      searcherA.clearHash();
      searcherB.clearHash();
      if (a.external) a.external->newGame();
      if (b.external) b.external->newGame();
      Seating seating;
      seating.sides = v.sides;
      for (int side = 0; side < v.sides; ++side)
        seating.isA[static_cast<std::size_t>(side)] = oneSeat ? side == turn : side % 2 == turn;
      PgnTags tags{{"Event", "tessera match"}, {"Round", std::to_string(result.games + 1)}};
      for (int side = 0; side < v.sides; ++side)
        tags[sideFullName(v, side)] = seating.isA[static_cast<std::size_t>(side)] ? "A: " + a.name() : "B: " + b.name();
      const PlayedGame played = playOneGame(v, a, b, searcherA, searcherB, seating, openingMoves, settings, rng, result, tags);
      ++result.games;
      result.points += played.pointsForA;
      result.squares += played.pointsForA * played.pointsForA;
      result.wins += played.pointsForA == 1.0;
      result.draws += played.pointsForA == 0.5;
      result.losses += played.pointsForA == 0.0;
      if (onGame) onGame({result.games, played.pointsForA, played.ending, played.pgn});
    }
  }
  return result;
}

}  // namespace tessera
