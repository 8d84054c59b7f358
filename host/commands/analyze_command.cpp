#include <iomanip>
#include <ostream>
#include <sstream>

#include "commands.hpp"
#include "core/engine/search.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

std::string scoreText(int score) {
  if (isMateScore(score)) return "mate " + std::to_string(movesToMate(score));
  std::ostringstream out;
  out << std::showpos << std::fixed << std::setprecision(2) << score / 100.0;
  return out.str();
}

std::string lineText(Position pos, const std::vector<Move>& moves) {
  std::string text;
  for (const Move& m : moves) {
    if (!text.empty()) text += ' ';
    text += san(pos, m);
    pos.make(m);
  }
  return text;
}

}  // namespace

cli::Command analyzeCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"position", "POSITION", "analyse this position string instead of the variant's start"},
      {"time", "MS", "think for MS milliseconds"},
      {"depth", "D", "search D plies deep (default 8 when no other limit is given)"},
      {"nodes", "N", "stop after N nodes"},
      {"multipv", "N", "show the best N actions (default 1)"},
  };
  return {"analyze", "the engine's best actions and lines for a position",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera analyze --variant V [--position S] [--time MS] [--depth D] [--nodes N] [--multipv N]",
                                   "Searches the position and prints, after each depth, the best lines with their\n"
                                   "scores (pawns for the side to act, or mate in N). Limits given together all hold:\n"
                                   "the search stops at the first one reached. Four players: then each leading\n"
                                   "action's modelled round (the opponents' expected actions after it, and the score\n"
                                   "where they lead), the best of which is played.",
                                   specs);
              return 0;
            }
            const Variant& variant = cli::chooseVariant(options);
            Position pos = cli::chosenPosition(options, variant, "position");
            SearchLimits limits;
            limits.millis = static_cast<int>(options.integer("time", 0, 1, kMaxSearchMillis));
            limits.nodes = options.integer("nodes", 0, 1, kMaxSearchNodes);
            const bool anyLimit = options.has("time") || options.has("nodes");
            limits.depth = static_cast<int>(options.integer("depth", anyLimit ? kMaxSearchDepth : 8, 1, kMaxSearchDepth));
            limits.multiPv = static_cast<int>(options.integer("multipv", 1, 1, 64));
            // The referee's rules first: a position the game has ended in (the fifty-move limit
            // reached, say) gets no suggestion, though it may still have legal actions.
            const GameResult over = Game(variant, positionString(pos)).result();
            if (over.finished()) {
              out << "the game is over (" << over.token << " " << over.reason << "): no action to suggest\n";
              return 0;
            }
            Searcher searcher;
            const SearchReport report = searcher.search(pos, limits, [&](const SearchReport& r) {
              for (std::size_t i = 0; i < r.lines.size(); ++i)
                out << "depth " << r.depth << " line " << i + 1 << " score " << scoreText(r.lines[i].score) << " nodes "
                    << r.nodes << " time " << static_cast<int>(r.seconds * 1000) << " ms pv "
                    << lineText(pos, r.lines[i].moves) << "\n";
            });
            // Four players: the modelled round that chose among the best reply search's leading actions.
            for (const ModelledRound& round : report.modelled) {
              out << "round " << lineText(pos, round.line()) << ": "
                  << (round.score == -kMateScore ? "out" : round.score == kMateScore ? "last side in" : scoreText(round.score))
                  << "\n";
            }
            out << "best " << san(pos, report.lines.front().moves.front()) << " ("
                << static_cast<std::int64_t>(report.seconds > 0 ? report.nodes / report.seconds : 0) << " nodes/s)\n";
            return 0;
          }};
}

}  // namespace tessera::commands
