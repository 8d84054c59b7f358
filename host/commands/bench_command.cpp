#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <optional>
#include <ostream>

#include "commands.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/perft.hpp"
#include "core/rules/perft_reference.hpp"
#include "core/rules/position_text.hpp"
#include "camera_bench.hpp"
#include "engine_bench.hpp"
#include "tactics_bench.hpp"
#include "host/cli/options.hpp"
#include "host/cli/variant_option.hpp"
#include "reconcile_bench.hpp"

namespace tessera::commands {
namespace {

// Position strings, one a line; blank lines and lines starting with # are skipped. A missing file,
// a bad position string or a finished game is a usage error naming the line.
std::vector<Position> readPositionFile(const Variant& variant, const std::string& path) {
  std::ifstream in(path);
  if (!in) throw cli::UsageError("--positions: cannot read " + path);
  std::vector<Position> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const std::string where = "--positions: " + path + " line " + std::to_string(number) + ": ";
    try {
      positions.push_back(parsePosition(variant, line));
    } catch (const PositionError& e) {
      throw cli::UsageError(where + e.what());
    }
    MoveList legal;
    generateLegal(positions.back(), legal);
    if (legal.empty()) throw cli::UsageError(where + "the game is over there: nothing to search");
  }
  if (positions.empty()) throw cli::UsageError("--positions: no position in " + path);
  return positions;
}

struct PerftFigure {
  std::uint64_t nodes = 0;
  double seconds = 0;
  double nodesPerSecond() const { return seconds > 0 ? nodes / seconds : 0; }
};

PerftFigure timePerft(const std::string& variantName, int depth) {
  const Variant& v = builtinVariant(variantName);
  Position pos = startPosition(v);
  const auto start = std::chrono::steady_clock::now();
  PerftFigure f;
  f.nodes = perft(pos, depth);
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return f;
}

// Fairy-Stockfish from the Debian package, if installed: the same start-position chess perft.
std::optional<PerftFigure> runFairyStockfishPerft(int depth) {
  const char* exe = "/usr/games/fairy-stockfish";
  if (!std::filesystem::exists(exe)) return std::nullopt;
  const std::string cmd = "printf 'uci\\nposition startpos\\ngo perft " + std::to_string(depth) + "\\nquit\\n' | " + exe;
  const auto start = std::chrono::steady_clock::now();
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return std::nullopt;
  PerftFigure f;
  char line[512];
  while (fgets(line, sizeof line, pipe)) {
    unsigned long long n = 0;
    if (std::sscanf(line, "Nodes searched: %llu", &n) == 1) f.nodes = n;
  }
  pclose(pipe);
  f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (f.nodes == 0) return std::nullopt;
  return f;
}

// Its start-up (loading, network) is timed with a depth-1 run and taken off, so that short runs
// compare move generation, not process start.
std::optional<PerftFigure> fairyStockfishPerft(int depth) {
  auto startup = runFairyStockfishPerft(1);
  auto f = runFairyStockfishPerft(depth);
  if (!startup || !f) return std::nullopt;
  f->seconds = std::max(1e-6, f->seconds - startup->seconds);
  return f;
}

void print(std::ostream& out, const std::string& what, const PerftFigure& f) {
  out << std::left << std::setw(58) << what << std::right << std::setw(12) << f.nodes << " nodes "
      << std::fixed << std::setprecision(2) << std::setw(8) << f.seconds << " s " << std::setw(8)
      << f.nodesPerSecond() / 1e6 << " M nodes/s\n";
}

}  // namespace

cli::Command benchCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      {"quick", "", "a short smoke run (perft: chess depth 5, the others 3; engine depth 5) for CI"},
      {"engine", "", "only the engine: nodes per second and time to depth 8 (5 with --quick) from each variant's start and a middle game, then the Win At Chess tactics at 300,000 nodes each (--quick: the first 20 at 30,000)"},
      {"tactics", "", "only the engine's Win At Chess tactics (300 positions at 300,000 nodes each; --quick: the first 20 at 30,000)"},
      {"positions", "FILE", "with --engine: instead, the nodes to each depth from each position string in FILE (one a line, # comments)"},
      {"depth", "D", "with --positions: the depth to search to (default 8)"},
      {"camera", "", "only the camera: cells read right, wrong and unsure per room condition, and ms per 1280x720 frame"},
      cli::kVariantOption,
      cli::kVariantFileOption,
  };
  return {"bench", "print perft speed (beside Fairy-Stockfish if installed), the referee's time per snapshot and the engine's speed",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera bench [--quick] [--engine [--variant V --positions FILE [--depth D]] | --tactics | --camera]",
                                   "Times start-position perft: chess depth 6 and Desert Dust depth 4, and the\n"
                                   "chess perft by /usr/games/fairy-stockfish in the same run with the ratio; the\n"
                                   "other variants' perft, the referee's time per snapshot, the engine's nodes per\n"
                                   "second and time to depth 8 from each variant's start and a middle game, its\n"
                                   "Win At Chess score (the best action found in how many of the 300 positions at\n"
                                   "300,000 nodes each), the\n"
                                   "camera's accuracy in each room condition and its time per frame; then checks\n"
                                   "the deepest published chess perft rows (exit 1 on a mismatch).",
                                   specs);
              return 0;
            }
            const bool quick = options.has("quick");
            if (!options.has("positions") && (options.has("variant") || options.has("variant-file") || options.has("depth")))
              throw cli::UsageError("--variant, --variant-file and --depth go with --engine --positions FILE");
            if (options.has("camera")) {
              if (options.has("engine")) throw cli::UsageError("--camera and --engine are each a bench of their own: give one");
              benchCamera(out, quick);
              return 0;
            }
            if (options.has("positions")) {
              if (!options.has("engine")) throw cli::UsageError("--positions needs --engine");
              const Variant& variant = cli::chooseVariant(options);
              const int depth = static_cast<int>(options.integer("depth", 8, 1, 64));
              benchEnginePositions(out, readPositionFile(variant, options.value("positions")), depth);
              return 0;
            }
            // Win At Chess: the share of its 300 positions whose best action the search finds.
            const auto tactics = [&] { benchTactics(out, quick ? 20 : 300, quick ? 30'000 : 300'000); };
            if (options.has("tactics")) {
              if (options.has("engine")) throw cli::UsageError("--tactics is part of --engine: give one");
              tactics();
              return 0;
            }
            if (options.has("engine")) {
              benchEngine(out, quick);
              tactics();
              return 0;
            }
            const int chessDepth = quick ? 5 : 6, desertDepth = quick ? 3 : 4;
            const PerftFigure chess = timePerft("chess", chessDepth);
            print(out, "tessera perft chess start, depth " + std::to_string(chessDepth), chess);
            const PerftFigure desert = timePerft("desert-dust", desertDepth);
            print(out, "tessera perft desert-dust start, depth " + std::to_string(desertDepth), desert);
            if (auto fsf = fairyStockfishPerft(chessDepth)) {
              print(out, "fairy-stockfish perft chess start, depth " + std::to_string(chessDepth) + "*", *fsf);
              out << "  (* its start-up, timed by a depth-1 run, taken off)\n";
              out << "ratio tessera / fairy-stockfish (chess): " << std::setprecision(2)
                  << chess.nodesPerSecond() / fsf->nodesPerSecond() << "\n";
            } else {
              out << "fairy-stockfish not installed (/usr/games/fairy-stockfish): no comparison\n";
            }
            // Every variant and option set from its start position.
            const std::vector<std::pair<std::string, int>> variants = {
                {"chameleon-redux", 5}, {"chameleon-redux:rotation=90", 5}, {"chameleon-redux-4p", 6},
                {"tiled-squares", 4}, {"shifting-chess", 5}, {"shifting-chess:empty=AII+DIII", 5},
                {"shifting-sands", 4}, {"shifting-sands:size=8x8", 3}, {"shifting-sands:size=10x10", 3}};
            for (const auto& [name, depth] : variants) {
              const int d = quick ? std::min(depth, 3) : depth;
              print(out, "tessera perft " + name + " start, depth " + std::to_string(d), timePerft(name, d));
            }
            const double worstReconcile = benchReconcile(out, quick);
            out << "reconcile, 99th percentile of the slowest variant: " << std::setprecision(3) << worstReconcile / 1000.0
                << " ms (goal: well under 1 ms)\n";
            const double worstGap = benchReconcileGaps(out, quick);
            out << "reconcile gaps and boards nothing explains, 99th percentile of the slowest variant: "
                << std::setprecision(3) << worstGap / 1000.0 << " ms\n";
            benchEngine(out, quick);
            tactics();
            benchCamera(out, quick);
            if (quick) return 0;
            // The deepest published rows, which the unit tests leave out for time.
            int mismatches = 0;
            for (const PerftReferenceRow& row : orthodoxPerftTable()) {
              Position pos = parsePosition(builtinVariant("chess"), row.fen);
              const int depth = static_cast<int>(row.counts.size());
              const auto start = std::chrono::steady_clock::now();
              PerftFigure f;
              f.nodes = perft(pos, depth);
              f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
              const bool ok = f.nodes == row.counts.back();
              mismatches += !ok;
              print(out, std::string("perft ") + row.name + ", depth " + std::to_string(depth) + (ok ? " ok" : " MISMATCH"), f);
            }
            return mismatches ? 1 : 0;
          }};
}

}  // namespace tessera::commands
