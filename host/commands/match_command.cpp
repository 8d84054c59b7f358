#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <ostream>

#include "commands.hpp"
#include "core/protocol/uci_client.hpp"
#include "core/selfplay/engine_match.hpp"
#include "host/cli/variant_option.hpp"
#include "host/session/uci_engine.hpp"

namespace tessera::commands {
namespace {

// An external UCI engine as a match player. Its actions are refereed by our rules: one that is not
// legal, no answer in time or a crash loses it the game, and it is started again for the next.
class UciMatchPlayer : public ExternalPlayer {
 public:
  explicit UciMatchPlayer(UciEngineSpec spec) : spec_(std::move(spec)), engine_(std::make_unique<session::UciEngine>(spec_)) {
    name_ = engine_->description();
  }
  std::string name() const override { return name_; }
  void newGame() override {
    if (!engine_) engine_ = std::make_unique<session::UciEngine>(spec_);
    engine_->newGame();
  }
  Choice choose(const Game& game, const SearchLimits& limits) override {
    Choice choice;
    try {
      const session::UciEngine::Thought thought = engine_->think(uciPositionCommand(game), limits);
      if (!thought.best) {
        choice.problem = "(" + engine_->name() + ") gave no action where it has one";
      } else if (const auto m = uciMoveIn(game.position(), *thought.best)) {
        choice.action = *m;
        if (!thought.lines.empty()) choice.score = thought.lines.front().score;
      } else {
        choice.problem = "(" + engine_->name() + ") gave '" + visibleText(*thought.best) + "', no legal action";
      }
    } catch (const session::UciEngineError& e) {
      choice.problem = std::string("lost its engine: ") + e.what();
      engine_.reset();
    }
    return choice;
  }

 private:
  UciEngineSpec spec_;
  std::unique_ptr<session::UciEngine> engine_;
  std::string name_;
};

// "uci:PATH[,time=MS|nodes=N|depth=D][,NAME=VALUE...]": the limits are the match's, the rest the
// engine's options.
PlayerConfig uciPlayerFrom(const std::string& text, const Variant& variant) {
  if (!uciEnginesKnow(variant))
    throw cli::UsageError("an external UCI engine plays orthodox chess only (--variant chess); " + variant.name +
                          " is Tessera's own");
  UciEngineSpec spec;
  try {
    spec = parseUciEngineSpec(text);
  } catch (const std::invalid_argument& e) {
    throw cli::UsageError(e.what());
  }
  PlayerConfig p;
  std::vector<std::pair<std::string, std::string>> engineOptions;
  for (const auto& [key, value] : spec.options) {
    if (key != "time" && key != "nodes" && key != "depth") {
      engineOptions.emplace_back(key, value);
      continue;
    }
    const long most = key == "time" ? kMaxSearchMillis : key == "depth" ? kMaxSearchDepth : kMaxSearchNodes;
    long n = -1;
    try {
      std::size_t used = 0;
      n = std::stol(value, &used);
      if (used != value.size()) n = -1;
    } catch (const std::exception&) {
    }
    if (n <= 0 || n > most) throw cli::UsageError("the external engine's " + key + " is a whole number 1-" + std::to_string(most) + ", got '" + value + "'");
    if (key == "time") p.limits.millis = static_cast<int>(n);
    if (key == "depth") p.limits.depth = static_cast<int>(n);
    if (key == "nodes") p.limits.nodes = n;
  }
  spec.options = std::move(engineOptions);
  try {
    p.external = std::make_shared<UciMatchPlayer>(spec);
  } catch (const session::UciEngineError& e) {
    throw cli::UsageError(e.what());
  }
  return p;
}

bool hasLimits(const SearchLimits& l) { return l.millis > 0 || l.nodes > 0 || l.depth < kMaxSearchDepth; }

// An external engine given no limits thinks as long as the other player, or a second.
void defaultExternalLimits(PlayerConfig& p, const PlayerConfig& other) {
  if (!p.external || hasLimits(p.limits)) return;
  if (!other.greedy && hasLimits(other.limits)) {
    p.limits.millis = other.limits.millis;
    p.limits.nodes = other.limits.nodes;
    p.limits.depth = other.limits.depth;
  } else {
    p.limits.millis = 1000;
  }
}

// "greedy", or "time=MS", "depth=D" or "nodes=N", then optionally evaluation weights changed from
// the variant's defaults: "nodes=20000,mobility=3,shelter=10"; four players also "paranoid=1" for the
// paranoid search instead of best reply search, "othersAct=0" for best reply search with the
// opponents that give no reply passing instead of taking what they can, or "modelledRound=0" for
// best reply search alone; "staticCutoff=0" for the search without its static cutoff near the horizon;
// "logReductions=0|1" for late-move reductions by a logarithm or by one ply (by default, the
// variant's: chess the first).
PlayerConfig playerFrom(const std::string& text, const Variant& variant) {
  if (isUciEngineSpec(text)) return uciPlayerFrom(text, variant);
  PlayerConfig p;
  if (text == "greedy") {
    p.greedy = true;
    return p;
  }
  const std::string usage = "a player is 'greedy', 'time=MS', 'depth=D' or 'nodes=N', optionally followed by weights "
                            "(',mobility=3'), ',staticCutoff=0' and, four players, ',paranoid=1', got '" + text + "'";
  std::size_t at = 0;
  bool first = true;
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    const std::string token = text.substr(at, comma - at);
    at = comma + 1;
    const auto eq = token.find('=');
    const std::string key = token.substr(0, eq);
    long value = -1;
    try {
      std::size_t used = 0;
      if (eq != std::string::npos) value = std::stol(token.substr(eq + 1), &used);
      if (eq == std::string::npos || eq + 1 + used != token.size()) value = -1;
    } catch (const std::exception&) {
      value = -1;
    }
    if (first) {
      const long most = key == "time" ? kMaxSearchMillis : key == "depth" ? kMaxSearchDepth : key == "nodes" ? kMaxSearchNodes : 0;
      if (value <= 0 || most == 0) throw cli::UsageError(usage);
      if (value > most) throw cli::UsageError(usage + ": " + key + " is at most " + std::to_string(most));
      if (key == "time") p.limits.millis = static_cast<int>(value);
      if (key == "depth") p.limits.depth = static_cast<int>(value);
      if (key == "nodes") p.limits.nodes = value;
      first = false;
      continue;
    }
    // The search's switches: paranoid search (four players; 0, best reply search, by default), the
    // opponents that give no reply taking what they can and the modelled round (four players, best
    // reply search; 1 by default) and the static cutoff near the horizon (1 by default).
    static const std::pair<const char*, bool SearchLimits::*> kSwitches[] = {
        {"paranoid", &SearchLimits::paranoid},
        {"othersAct", &SearchLimits::othersAct},
        {"modelledRound", &SearchLimits::modelledRound},
        {"staticCutoff", &SearchLimits::staticCutoff}};
    // Late-move reductions by a logarithm: by default in chess only (search.hpp).
    if (key == "logReductions") {
      if (value != 0 && value != 1) throw cli::UsageError(usage + ": " + key + " is 0 or 1");
      p.limits.logReductions = value == 1;
      continue;
    }
    const auto* const switched = std::find_if(std::begin(kSwitches), std::end(kSwitches),
                                              [&](const auto& s) { return key == s.first; });
    if (switched != std::end(kSwitches)) {
      if (value != 0 && value != 1) throw cli::UsageError(usage + ": " + key + " is 0 or 1");
      if (key != "staticCutoff" && variant.sides != 4)
        throw cli::UsageError(key + " switches the four-player search; " + variant.name + " has two sides");
      p.limits.*(switched->second) = value == 1;
      continue;
    }
    if (value < 0 || value > 10000) throw cli::UsageError(usage + ": a weight is a whole number 0-10000");
    if (!p.weights) p.weights = defaultWeights(variant);
    try {
      p.weights->byName(key) = static_cast<int>(value);
    } catch (const std::invalid_argument& e) {
      throw cli::UsageError(e.what());
    }
  }
  return p;
}

}  // namespace

cli::Command matchCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"a", "PLAYER", "the first player: greedy, time=MS, depth=D or nodes=N, then optional weights (,mobility=3) or ,paranoid=1 or ,othersAct=0 or ,modelledRound=0 or ,staticCutoff=0 or ,logReductions=0|1 (default time=1000)"},
      {"b", "PLAYER", "the second player (default greedy); either may be an external UCI engine, chess only: uci:PATH[,time=MS|nodes=N|depth=D][,OPTION=VALUE...], e.g. uci:/usr/games/stockfish,UCI_Elo=2000 (its limit by default the other player's)"},
      {"games", "N", "games to play, in pairs from the same opening with sides swapped (fours with --seats one) (default 20)"},
      {"seed", "N", "seed of the random openings (default 1)"},
      {"pgn", "FILE", "write every game to FILE as it ends"},
      {"seats", "two|one", "four players: A plays two sides against B's two (default), or one side against B's three"},
      {"adjudicate", "N", "two players: a game is won once N search reports in a row give one side 10 pawns (against greedy: a mate) (default 4; 0: play every game out)"},
  };
  return {"match", "play two engine configurations against each other and print the score",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera match --variant V [--a PLAYER] [--b PLAYER] [--games N] [--seed N]\n"
                                   "              [--adjudicate N] [--pgn FILE] [--seats one]",
                                   "Plays the two players from random four-ply openings, each opening twice with the\n"
                                   "sides swapped, and prints A's score with its 95% error margin. Games longer than\n"
                                   "300 plies are adjudicated by the evaluation; with two players a game is also\n"
                                   "adjudicated won once N search reports in a row (--adjudicate) give one side\n"
                                   "10 pawns or a mate (against the greedy player, who reports nothing: a mate).\n"
                                   "Four players: a player has two sides (South and North, or West and East) and\n"
                                   "wins when one of them is the last left (the game stops once the other's are all\n"
                                   "out); a drawn or unfinished game goes to the player with more sides still in.\n"
                                   "Then the sides put out, A's against B's, by how many each player had in at the\n"
                                   "time: \"2-2 30:32\" means that with two sides each in, 30 of A's and 32 of B's\n"
                                   "went out first; \"1-1\" is the last duel. Then the material A's and B's sides\n"
                                   "took from each other while all four were in. With --seats one, A plays one side\n"
                                   "and B the other three, each opening four times with A on each side; the game\n"
                                   "stops once A is out or alone, and A scores its share of B's sides it finished\n"
                                   "ahead of (one still in with A counts half): 50% between equal players.\n"
                                   "An external UCI engine (chess only; uci:PATH, then its limit and options, an Elo\n"
                                   "asked for with UCI_Elo=N also setting UCI_LimitStrength) hears the whole game and\n"
                                   "answers with its action, refereed by Tessera's rules: an action that is not\n"
                                   "legal, no answer in time or a crash loses it the game.",
                                   specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            PlayerConfig a = playerFrom(options.value("a", "time=1000"), variant);
            PlayerConfig b = playerFrom(options.value("b", "greedy"), variant);
            defaultExternalLimits(a, b);
            defaultExternalLimits(b, a);
            MatchSettings settings;
            settings.games = static_cast<int>(options.integer("games", 20, 1, 100000));
            settings.seed = static_cast<std::uint32_t>(options.integer("seed", 1, 0, 1L << 31));
            settings.adjudicateReports = static_cast<int>(options.integer("adjudicate", 4, 0, 1000));
            const std::string seats = options.value("seats", "two");
            if (seats != "two" && seats != "one") throw cli::UsageError("--seats is 'two' or 'one', got '" + seats + "'");
            if (seats == "one" && variant.sides != 4) throw cli::UsageError("--seats one is for four-player variants");
            settings.oneSeat = seats == "one";
            out << variant.name << ": A = " << a.name() << ", B = " << b.name() << "\n";
            if (gamesToPlay(variant, settings) != settings.games)
              out << settings.games << " games asked: " << gamesToPlay(variant, settings) << " are played, "
                  << gamesPerOpening(variant, settings) << " from each opening\n";
            std::ofstream pgnFile;
            if (options.has("pgn")) {
              pgnFile.open(options.value("pgn"), std::ios::trunc);
              if (!pgnFile) throw cli::UsageError("--pgn: cannot write '" + options.value("pgn") + "'");
            }
            const MatchResult r = playMatch(variant, a, b, settings, [&](const MatchGame& g) {
              const double points = g.pointsForA;
              if (settings.oneSeat)
                out << "game " << g.number << ": A scores " << std::setprecision(2) << points << " (" << g.ending << ")\n";
              else
                out << "game " << g.number << ": A " << (points == 1 ? "wins" : points == 0 ? "loses" : "draws") << " ("
                    << g.ending << ")\n";
              out.flush();
              if (pgnFile.is_open()) pgnFile << g.pgn << "\n" << std::flush;
            });
            out << std::fixed << std::setprecision(1) << "A scores " << r.points << " of " << r.games;
            if (!settings.oneSeat) out << " (+" << r.wins << " =" << r.draws << " -" << r.losses << ")";
            out << ": " << 100 * r.share() << "% +- " << 100 * r.margin95() << "% (95%)\n";
            if (variant.sides == 4) out << sidesOutText(r) << "\n" << materialTakenText(r) << "\n";
            return 0;
          }};
}

}  // namespace tessera::commands
