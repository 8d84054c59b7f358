#pragma once
// Engine configurations playing each other from varied openings, for measuring strength: each
// opening (a few random plies) is played twice with the sides swapped (four players with A on one
// side: four times, A on each side in turn).
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "core/engine/search.hpp"
#include "core/rules/game.hpp"
#include "core/rules/variant.hpp"

namespace tessera {

// A player that is another program (an external UCI engine, host/session/uci_engine.hpp): the match
// asks it for its action in the game so far and referees that action by its own rules.
class ExternalPlayer {
 public:
  struct Choice {
    std::optional<Move> action;  // none: it gave no legal action, and loses the game
    std::optional<int> score;    // its score for the side to act, if it reported one
    std::string problem;         // without an action: what went wrong ("gave 'e2e5', no legal action")
  };
  virtual ~ExternalPlayer() = default;
  virtual std::string name() const = 0;
  virtual void newGame() = 0;
  virtual Choice choose(const Game& game, const SearchLimits& limits) = 0;
};

struct PlayerConfig {
  bool greedy = false;  // one ply: the action whose result evaluates best, no search
  std::shared_ptr<ExternalPlayer> external;  // set: this program plays, within `limits`
  SearchLimits limits;  // for the searching engine
  std::optional<EvalWeights> weights;  // instead of defaultWeights(variant)
  std::string name() const;
};

struct MatchSettings {
  int games = 20;          // rounded up to whole openings (gamesToPlay)
  int openingPlies = 4;    // random plies before the players take over
  int maxPlies = 300;      // then the game is adjudicated by the evaluation (a draw if under 2 pawns)
  // Two players: a game is adjudicated won once this many search reports in a row (of both
  // players) give the same side at least `adjudicateScore` centipawns; against a greedy player only
  // the searcher's mate scores count. 0 reports: every game is played out.
  int adjudicateReports = 4;
  int adjudicateScore = 1000;
  std::uint32_t seed = 1;
  std::string start;  // the position string games start from (empty: the variant's start)
  // Four players: A plays one side and B the other three (instead of two sides each); A scores its
  // share of the B sides it finishes ahead of, one still in with it counting half.
  bool oneSeat = false;
};

struct MatchResult {
  int games = 0;
  double points = 0;  // of player A: 1 per win, 0.5 per draw (four players on one side: a share)
  double squares = 0;  // the sum of each game's points squared, for the margin
  int wins = 0, draws = 0, losses = 0;  // games A scored 1, 0.5 and 0 in
  long plies = 0;  // played by the two players (the random openings not counted), all games
  // Four players: sidesOut[a][b][0] counts A's sides put out while A had `a` sides in and B `b`,
  // sidesOut[a][b][1] B's. Where being stronger pays: going out first, or losing the last duel.
  int sidesOut[3][4][2] = {};
  // Four players: the material (centipawns, by the engine's piece values) that A's sides (index 0)
  // and B's (1) took from A's and B's while all four sides were in: materialTaken[0][1] is what A's
  // took from B's. Whether the stronger player wins material before anyone is out.
  long materialTaken[2][2] = {};
  double share() const { return games ? points / games : 0; }
  double margin95() const;  // the 95% error margin of share()
};

// Four players: "sides put out (A's:B's) by sides in (A-B): 2-2 30:32, 2-1 19:13, ..." (the
// counts of MatchResult::sidesOut, the most sides in first; empty counts left out).
std::string sidesOutText(const MatchResult& r);

// Four players: "material taken with all four in, in pawns: A's from B's 4749, B's from A's 4741;
// from the same player's other side: A 716, B 918" (MatchResult::materialTaken).
std::string materialTakenText(const MatchResult& r);

// One finished game of a match.
struct MatchGame {
  int number = 0;
  double pointsForA = 0;
  std::string ending;  // "checkmate", "adjudicated: 4 search reports agree", ...
  std::string pgn;     // the whole game, from the variant's start (or the match's start position)
};

// Four players: A takes South and North, B West and East; the side left standing scores for its
// player (the game stops once one player's sides are all out), and a drawn or unfinished game for
// the player with more sides still in. With `oneSeat`, the game stops once A is out or alone, and A
// scores as MatchSettings::oneSeat says. `onGame` is told each finished game.
// Every opening is played once with each player on each side (with oneSeat, A on each of the four),
// so `settings.games` is rounded up to whole openings: how many games the match plays.
int gamesPerOpening(const Variant& v, const MatchSettings& settings);
int gamesToPlay(const Variant& v, const MatchSettings& settings);

MatchResult playMatch(const Variant& v, const PlayerConfig& a, const PlayerConfig& b, const MatchSettings& settings,
                      const std::function<void(const MatchGame&)>& onGame = {});

}  // namespace tessera
