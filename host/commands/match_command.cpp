#include <algorithm>
#include <fstream>
#include <iomanip>
#include <iterator>
#include <ostream>

#include "commands.hpp"
#include "core/selfplay/engine_match.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

// "greedy", or "time=MS", "depth=D" or "nodes=N", then optionally evaluation weights changed from
// the variant's defaults: "nodes=20000,mobility=3,shelter=10"; four players also "paranoid=1" for the
// paranoid search instead of best reply search, "othersAct=0" for best reply search with the
// opponents that give no reply passing instead of taking what they can, or "modelledRound=0" for
// best reply search alone; "staticCutoff=0" for the search without its static cutoff near the horizon.
PlayerConfig playerFrom(const std::string& text, const Variant& variant) {
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
      {"a", "PLAYER", "the first player: greedy, time=MS, depth=D or nodes=N, then optional weights (,mobility=3) or ,paranoid=1 or ,othersAct=0 or ,modelledRound=0 or ,staticCutoff=0 (default time=1000)"},
      {"b", "PLAYER", "the second player (default greedy)"},
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
                                   "ahead of (one still in with A counts half): 50% between equal players.",
                                   specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            const PlayerConfig a = playerFrom(options.value("a", "time=1000"), variant);
            const PlayerConfig b = playerFrom(options.value("b", "greedy"), variant);
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
