#include <iomanip>
#include <ostream>

#include "commands.hpp"
#include "core/engine_match.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

PlayerConfig playerFrom(const std::string& text) {
  PlayerConfig p;
  if (text == "greedy") {
    p.greedy = true;
    return p;
  }
  // "time=MS", "depth=D" or "nodes=N"
  const auto eq = text.find('=');
  const std::string key = text.substr(0, eq);
  long value = 0;
  try {
    value = eq == std::string::npos ? 0 : std::stol(text.substr(eq + 1));
  } catch (const std::exception&) {
    value = 0;
  }
  if (value <= 0 || (key != "time" && key != "depth" && key != "nodes"))
    throw cli::UsageError("a player is 'greedy', 'time=MS', 'depth=D' or 'nodes=N', got '" + text + "'");
  if (key == "time") p.limits.millis = static_cast<int>(value);
  if (key == "depth") p.limits.depth = static_cast<int>(value);
  if (key == "nodes") p.limits.nodes = value;
  return p;
}

}  // namespace

cli::Command matchCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"a", "PLAYER", "the first player: greedy, time=MS, depth=D or nodes=N (default time=1000)"},
      {"b", "PLAYER", "the second player (default greedy)"},
      {"games", "N", "games to play, in pairs from the same opening with sides swapped (default 20)"},
      {"seed", "N", "seed of the random openings (default 1)"},
      {"adjudicate", "N", "two players: a game is won once N search reports in a row give one side 10 pawns (default 4; 0: play every game out)"},
  };
  return {"match", "play two engine configurations against each other and print the score",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera match --variant V [--a PLAYER] [--b PLAYER] [--games N] [--seed N]",
                                   "Plays the two players from random four-ply openings, each opening twice with the\n"
                                   "sides swapped, and prints A's score with its 95% error margin. Games longer than\n"
                                   "300 plies are adjudicated by the evaluation; with two players a game is also\n"
                                   "adjudicated won once N search reports in a row (--adjudicate) give one side\n"
                                   "10 pawns or a mate.",
                                   specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            const PlayerConfig a = playerFrom(options.value("a", "time=1000"));
            const PlayerConfig b = playerFrom(options.value("b", "greedy"));
            MatchSettings settings;
            settings.games = static_cast<int>(options.integer("games", 20, 1, 100000));
            settings.seed = static_cast<std::uint32_t>(options.integer("seed", 1, 0, 1L << 31));
            settings.adjudicateReports = static_cast<int>(options.integer("adjudicate", 4, 0, 1000));
            out << variant.name << ": A = " << a.name() << ", B = " << b.name() << "\n";
            const MatchResult r = playMatch(variant, a, b, settings, [&](int game, double points) {
              out << "game " << game << ": A " << (points == 1 ? "wins" : points == 0 ? "loses" : "draws") << "\n";
              out.flush();
            });
            out << std::fixed << std::setprecision(1) << "A scores " << r.points << " of " << r.games << " (+" << r.wins
                << " =" << r.draws << " -" << r.losses << "): " << 100 * r.share() << "% +- " << 100 * r.margin95()
                << "% (95%)\n";
            return 0;
          }};
}

}  // namespace tessera::commands
