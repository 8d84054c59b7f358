#include <iomanip>
#include <ostream>

#include "commands.hpp"
#include "core/selfplay/weight_tuning.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

std::vector<std::string> weightList(const std::string& text) {
  if (text.empty()) throw cli::UsageError("--weights: no weight named");
  std::vector<std::string> names;
  for (std::string::size_type from = 0;;) {
    const auto comma = text.find(',', from);
    names.push_back(text.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
    if (names.back().empty()) throw cli::UsageError("--weights: an empty name in '" + text + "'");
    if (comma == std::string::npos) return names;
    from = comma + 1;
  }
}

}  // namespace

cli::Command tuneCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"games", "N", "games per trial, in pairs from the same opening (default 40)"},
      {"nodes", "N", "nodes per action for both engines (default 20000)"},
      {"rounds", "N", "passes over the variant's weights (default 1)"},
      {"seed", "N", "seed of the first trial's openings (default 1)"},
      {"weights", "A,B", "only these weights, in this order (default: every weight of the variant)"},
  };
  return {"tune", "tune the evaluation's weights by self-play and print the result",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera tune --variant V [--games N] [--nodes N] [--rounds N] [--seed N] [--weights A,B]",
                                   "Tries each evaluation weight of the variant half as big again and two thirds\n"
                                   "as big (a weight at 0, its term off: a first step of its own size), each\n"
                                   "change playing the current weights over N games at a fixed node count; a\n"
                                   "change whose score minus the 95% margin is above 50% plays N more games on\n"
                                   "fresh openings, and is kept only if it clears that bar again.\n"
                                   "Prints every trial and the weights it ends with (docs/engine.md).",
                                   specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            TuneSettings settings;
            settings.gamesPerTrial = static_cast<int>(options.integer("games", 40, 2, 100000));
            settings.nodesPerAction = options.integer("nodes", 20000, 100, 100000000);
            settings.rounds = static_cast<int>(options.integer("rounds", 1, 1, 100));
            settings.seed = static_cast<std::uint32_t>(options.integer("seed", 1, 0, 1L << 31));
            if (options.has("weights")) {
              settings.weights = weightList(options.value("weights"));
              try {
                weightsToTry(variant, settings);
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(std::string("--weights: ") + e.what());
              }
            }
            const EvalWeights start = defaultWeights(variant);
            out << variant.name << ": from " << start.text() << ", " << settings.gamesPerTrial << " games per trial at "
                << settings.nodesPerAction << " nodes per action" << std::endl;
            const auto score = [&](const MatchResult& r) {
              out << std::fixed << std::setprecision(1) << 100 * r.share() << "% +- " << 100 * r.margin95() << "% (+"
                  << r.wins << " =" << r.draws << " -" << r.losses << ")";
            };
            const auto report = [&](const TuneTrial& t) {
              out << t.weight << " " << t.from << " -> " << t.to << ": ";
              score(t.result);
              if (t.confirmation) {
                out << "; fresh openings: ";
                score(*t.confirmation);
              }
              out << (t.kept ? "  kept" : "") << std::endl;
            };
            const EvalWeights tuned = tuneWeights(variant, start, settings, report);
            out << "tuned: " << tuned.text() << (tuned == start ? " (unchanged)" : "") << std::endl;
            return 0;
          }};
}

}  // namespace tessera::commands
