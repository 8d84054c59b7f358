#include "engine_match.hpp"

#include <array>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>

#include "evaluation.hpp"
#include "game.hpp"
#include "movegen.hpp"
#include "pgn.hpp"

namespace tessera {

std::string PlayerConfig::name() const {
  if (greedy) return "greedy one-ply";
  std::string n = "search";
  if (limits.millis) n += " " + std::to_string(limits.millis) + " ms";
  if (limits.nodes) n += " " + std::to_string(limits.nodes) + " nodes";
  if (limits.depth < 64) n += " depth " + std::to_string(limits.depth);
  if (limits.paranoid) n += " paranoid";
  if (!limits.othersAct) n += " othersAct=0";
  if (weights) n += " " + weights->text();
  return n;
}

double MatchResult::margin95() const {
  if (games == 0) return 0;
  const double p = share();
  double variance = 0;  // of one game's score around p
  variance += wins * (1 - p) * (1 - p) + draws * (0.5 - p) * (0.5 - p) + losses * p * p;
  variance /= games;
  return 1.96 * std::sqrt(variance / games);
}

std::string sidesOutText(const MatchResult& r) {
  std::string text = "sides put out (A's:B's) by sides in (A-B):";
  bool first = true;
  for (int total = 4; total >= 2; --total)
    for (int a = 2; a >= 0; --a) {
      const int b = total - a;
      if (b < 0 || b > 2) continue;
      const int* out = r.sidesOut[a][b];
      if (out[0] + out[1] == 0) continue;
      text += (first ? " " : ", ") + std::to_string(a) + "-" + std::to_string(b) + " " + std::to_string(out[0]) + ":" +
              std::to_string(out[1]);
      first = false;
    }
  return first ? text + " none" : text;
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

// Four players: the first player's sides (South and North) still in the game minus the second's.
int firstPlayersSidesAhead(const Position& pos) {
  return pos.inGame(0) + pos.inGame(2) - pos.inGame(1) - pos.inGame(3);
}

// Side 0's lead when a game is stopped unfinished. Four players: the team with more sides still in
// leads, otherwise the evaluation decides, without its bonus for opponents out (which would count a
// team-mate as one).
int adjudicationScore(const Position& pos) {
  if (pos.variant().sides == 2) return evaluate(pos, 0);
  if (const int ahead = firstPlayersSidesAhead(pos)) return ahead > 0 ? kMateScore : -kMateScore;
  EvalWeights w = defaultWeights(pos.variant());
  w.opponentOut = 0;
  const std::vector<int>& values = pieceValues(pos.variant());
  int total = 0, count = 0;
  for (const int side : {0, 2})
    if (pos.inGame(side)) {
      total += evaluate(pos, side, values, w);
      ++count;
    }
  return total / count;
}

struct PlayedGame {
  double pointsForFirst = 0;  // the player who has side 0 (and, with four players, side 2)
  std::string ending;
  std::string pgn;
};

// Four players: the sides an action put out, added to MatchResult::sidesOut by who had how many
// sides in before it (the first player has sides 0 and 2).
void countSidesOut(const std::array<bool, 4>& inBefore, const Position& after, bool firstIsA, MatchResult& result) {
  const int firstIn = inBefore[0] + inBefore[2], secondIn = inBefore[1] + inBefore[3];
  const int aIn = firstIsA ? firstIn : secondIn, bIn = firstIsA ? secondIn : firstIn;
  for (int side = 0; side < 4; ++side)
    if (inBefore[static_cast<std::size_t>(side)] && !after.inGame(side))
      ++result.sidesOut[aIn][bIn][(side % 2 == 0) == firstIsA ? 0 : 1];
}

// Four players: a drawn game (repetition, fifty moves) goes, as an unfinished one does, to the player
// with more sides still in: the other's were put out first.
double pointsForSide0(const Position& pos, const GameResult& result) {
  if (pos.variant().sides == 2) return result.token == "1-0" ? 1.0 : result.token == "0-1" ? 0.0 : 0.5;
  if (result.token.find('>') == std::string::npos) {
    const int ahead = firstPlayersSidesAhead(pos);
    return ahead > 0 ? 1.0 : ahead < 0 ? 0.0 : 0.5;
  }
  const char winner = result.token[0];
  return winner == 's' || winner == 'n' ? 1.0 : 0.0;
}

PlayedGame playOneGame(const Variant& v, const PlayerConfig& first, const PlayerConfig& second, Searcher& s1,
                       Searcher& s2, const std::vector<Move>& opening, const MatchSettings& settings,
                       std::mt19937& rng, bool firstIsA, MatchResult& result, const PgnTags& tags) {
  Game game = settings.start.empty() ? Game(v) : Game(v, settings.start);
  for (const Move& m : opening) game.play(m);
  const auto firstPlays = [&](int side) { return side % 2 == 0; };
  // Two players: consecutive search reports that agree one side is decisively ahead (side 0's
  // view: positive for side 0). Against a greedy player, who reports nothing, only the searcher's
  // mate scores count: its opinion alone of a big lead proved wrong in Shifting Sands, where a
  // lost-looking position (the other side's Pawns turned Queens) was then won.
  const bool bothSearch = !first.greedy && !second.greedy;
  int decisiveReports = 0, decisiveSign = 0;
  for (int ply = 0; ply < settings.maxPlies && !game.result().finished(); ++ply) {
    // Four players: once one player's sides are all out, the other's has won, however its own
    // sides then end the game between them.
    const int ahead = v.sides == 4 ? firstPlayersSidesAhead(game.position()) : 0;
    if (v.sides == 4 && std::abs(ahead) == game.position().sidesInGame())
      return {ahead > 0 ? 1.0 : 0.0, "the other player's sides are all out", writePgn(game, tags)};
    const int side = game.position().sideToMove();
    const PlayerConfig& player = firstPlays(side) ? first : second;
    Searcher& searcher = firstPlays(side) ? s1 : s2;
    Move m;
    if (player.greedy) {
      m = greedyChoice(game.position(), rng);
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
    if (v.sides == 4)
      for (int s = 0; s < 4; ++s) inBefore[static_cast<std::size_t>(s)] = game.position().inGame(s);
    game.play(m);
    if (v.sides == 4) countSidesOut(inBefore, game.position(), firstIsA, result);
    ++result.plies;
    if (v.sides == 2 && settings.adjudicateReports > 0 && decisiveReports >= settings.adjudicateReports && !game.result().finished())
      return {decisiveSign > 0 ? 1.0 : 0.0,
              "adjudicated: " + std::to_string(decisiveReports) + " search reports agree", writePgn(game, tags)};
  }
  const GameResult ended = game.result();
  if (!ended.finished()) {
    const int score = adjudicationScore(game.position());
    return {score > 200 ? 1.0 : score < -200 ? 0.0 : 0.5,
            "adjudicated by the evaluation after " + std::to_string(settings.maxPlies) + " plies", writePgn(game, tags)};
  }
  return {pointsForSide0(game.position(), ended), ended.reason, writePgn(game, tags)};
}

}  // namespace

MatchResult playMatch(const Variant& v, const PlayerConfig& a, const PlayerConfig& b, const MatchSettings& settings,
                      const std::function<void(const MatchGame&)>& onGame) {
  MatchResult result;
  std::mt19937 rng(settings.seed);
  Searcher searcherA, searcherB;
  if (a.weights) searcherA.setWeights(*a.weights);
  if (b.weights) searcherB.setWeights(*b.weights);
  const int pairs = (settings.games + 1) / 2;
  for (int pair = 0; pair < pairs; ++pair) {
    std::vector<Move> opening;
    Game g = settings.start.empty() ? Game(v) : Game(v, settings.start);
    for (int i = 0; i < settings.openingPlies && !g.result().finished(); ++i) {
      MoveList legal;
      generateLegal(g.position(), legal);
      const Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
      opening.push_back(m);
      g.play(m);
    }
    for (int swap = 0; swap < 2; ++swap) {
      searcherA.clearHash();
      searcherB.clearHash();
      const PlayerConfig& first = swap == 0 ? a : b;
      const PlayerConfig& second = swap == 0 ? b : a;
      PgnTags tags{{"Event", "tessera match"}, {"Round", std::to_string(result.games + 1)}};
      if (v.sides == 2) {
        tags["White"] = (swap == 0 ? "A: " : "B: ") + first.name();
        tags["Black"] = (swap == 0 ? "B: " : "A: ") + second.name();
      } else {
        tags["South"] = tags["North"] = (swap == 0 ? "A: " : "B: ") + first.name();
        tags["West"] = tags["East"] = (swap == 0 ? "B: " : "A: ") + second.name();
      }
      Searcher& firstSearcher = swap == 0 ? searcherA : searcherB;
      Searcher& secondSearcher = swap == 0 ? searcherB : searcherA;
      const PlayedGame played =
          playOneGame(v, first, second, firstSearcher, secondSearcher, opening, settings, rng, swap == 0, result, tags);
      const double forA = swap == 0 ? played.pointsForFirst : 1.0 - played.pointsForFirst;
      ++result.games;
      result.points += forA;
      result.wins += forA == 1.0;
      result.draws += forA == 0.5;
      result.losses += forA == 0.0;
      if (onGame) onGame({result.games, forA, played.ending, played.pgn});
    }
  }
  return result;
}

}  // namespace tessera
