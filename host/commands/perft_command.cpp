#include <chrono>
#include <iomanip>
#include <ostream>

#include "commands.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/position_text.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {

cli::Command perftCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"fen", "POSITION", "start from this position string instead of the variant's start"},
      {"depth", "N", "count the move tree N plies deep (1-10, required)"},
      {"divide", "", "print the count below each legal move of the root"},
  };
  return {"perft", "count legal move sequences from a position (checks the move generator)",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera perft --depth N [--variant NAME] [--fen POSITION] [--divide]",
                                   "Counts the leaves of the legal move tree: the numbers published for chess\n"
                                   "(e.g. 20, 400, 8902, 197281 from the start) check the move generator.",
                                   specs);
              return 0;
            }
            if (!options.has("depth")) throw cli::UsageError("--depth is required");
            const int depth = static_cast<int>(options.integer("depth", 1, 1, 10));
            const Variant& variant = cli::chooseVariant(options);
            Position pos = cli::chosenPosition(options, variant, "fen");
            const auto start = std::chrono::steady_clock::now();
            std::uint64_t nodes = 0;
            if (options.has("divide")) {
              for (const auto& [move, count] : perftDivide(pos, depth)) {
                out << move << ": " << count << "\n";
                nodes += count;
              }
            } else {
              nodes = perft(pos, depth);
            }
            const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            out << "perft " << depth << ": " << nodes << " nodes in " << std::fixed << std::setprecision(3)
                << seconds << " s (" << std::setprecision(2) << (seconds > 0 ? nodes / seconds / 1e6 : 0.0)
                << " M nodes/s)\n";
            return 0;
          }};
}

}  // namespace tessera::commands
