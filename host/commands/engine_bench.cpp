#include "engine_bench.hpp"

#include <cmath>
#include <iomanip>
#include <string>
#include <vector>

#include "core/engine/search.hpp"
#include "core/rules/position_text.hpp"

namespace tessera::commands {
namespace {

struct BenchPosition {
  const char* variant;
  const char* label;
  const char* position;  // empty: the variant's start
};

// Each variant's start, and a middle game: the position after 24 plies of a seeded game (four
// random plies, then the engine at depth 4 for both sides), so that the figures also cover a board
// with its terrain changed and pieces traded.
const BenchPosition kPositions[] = {
    {"chess", "start", ""},
    {"chess", "middle game", "r1b1k2r/pp1pbppp/5nn1/2p5/4P3/2PB2B1/P2K1PPP/RN4NR w kq - 0 13"},
    {"desert-dust", "start", ""},
    {"desert-dust", "middle game",
     "vuhbq1kebhuv/yto2nnaroty/c1wm1jjfm1lc/pp1pssssp1pp/3a5p2/2p5S3/5M6/8SJ2/PPPP4PPPP/CLW1FJR1MWLC/"
     "YTO1ANNA1OTY/VUHBEQKEBHUV[Rr] w KQkq - 1 13"},
    {"chameleon-redux", "start", ""},
    {"chameleon-redux", "middle game", "brk4q/ppp3pb/1q2p3/3p4/6pP/R3P3/PPPP1q2/R1Q1RKQ1 w - - 0 13"},
    {"chameleon-redux-4p", "start", ""},
    {"chameleon-redux-4p", "middle game",
     "wK1wPnQ3nK/wRwP1wBnQnNnPnP/1wP6/wQwP5eN/4eP3/1sPsPsQ2eP1/sPsKsP3ePeQ/1sNsQ2eP1eK s - - 0 7"},
    {"tiled-squares", "start", ""},
    {"tiled-squares", "middle game",
     "rnb1q1nr/pppp2bp/4pkp1/5p2/8/2N2N2/PPPPPPPP/R1BQKB1R w KQ - 0 13 tttttttt/tttttttt/4ttt1/1t3tt1/1t2x2t/"
     "xxt2t1x/tttttttt/tttttttt;d=c3,f3,b4,h4,b5,g5/e6,g6;s=b1,g1,g5/e7,f7,d8,f8;k=/f6"},
    {"shifting-chess", "start", ""},
    {"shifting-chess", "middle game", "2q1kbQ1/2Pp1p2/p3p2p/8/4P3/8/Pr2NPPP/nN1K1B1R w - - 0 13 BII,BIII"},
    {"shifting-sands", "start", ""},
    {"shifting-sands", "middle game",
     "pp1p1p/1ppk1p/4q1/6/1Q1RR1/P4P/P1K1PP w - - 0 13 6/4r1/2bGy1/2rb1l/1Y1PP1/6/6;pool=LG;moved=f7"},
};

}  // namespace

void benchEngine(std::ostream& out, bool quick) {
  const int depth = quick ? 5 : 8;
  for (const BenchPosition& b : kPositions) {
    const Variant& v = builtinVariant(b.variant);
    Position pos = *b.position ? parsePosition(v, b.position) : startPosition(v);
    SearchLimits limits;
    limits.depth = depth;
    // The depth is the best reply search's; four players also with the modelled round after it.
    for (const bool modelled : {false, true}) {
      if (modelled && v.sides == 2) continue;
      limits.modelledRound = modelled;
      Searcher searcher;
      const SearchReport r = searcher.search(pos, limits);
      const std::string what = modelled ? "  the same with the modelled round"
                                        : "engine " + std::string(b.variant) + " " + b.label + ", depth " + std::to_string(r.depth);
      out << std::left << std::setw(52) << what << std::right << std::fixed << std::setprecision(2) << std::setw(8)
          << r.seconds << " s " << std::setw(10) << r.nodes << " nodes " << std::setprecision(0) << std::setw(9)
          << (r.seconds > 0 ? r.nodes / r.seconds : 0) << " nodes/s\n";
    }
  }
}

void benchEnginePositions(std::ostream& out, const std::vector<Position>& positions, int depth) {
  std::vector<double> logSum(static_cast<std::size_t>(depth) + 1, 0.0);
  std::vector<int> reached(static_cast<std::size_t>(depth) + 1, 0);
  double seconds = 0;
  std::int64_t nodes = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    Position pos = positions[i];
    Searcher searcher;
    SearchLimits limits;
    limits.depth = depth;
    limits.modelledRound = false;  // the nodes to each depth of the best reply search alone
    out << "position " << i + 1 << ", nodes to depth 1 to " << depth << ":";
    const SearchReport r = searcher.search(pos, limits, [&](const SearchReport& report) {
      out << ' ' << report.nodes;
      logSum[static_cast<std::size_t>(report.depth)] += std::log(static_cast<double>(report.nodes));
      ++reached[static_cast<std::size_t>(report.depth)];
    });
    // The search ends early once it has found a mate near enough.
    if (r.depth < depth) out << " (a mate: stopped at depth " << r.depth << ")";
    out << '\n';
    seconds += r.seconds;
    nodes += r.nodes;
  }
  out << "geometric mean of the nodes to each depth (positions that reached it):";
  for (int d = 1; d <= depth; ++d) {
    const int n = reached[static_cast<std::size_t>(d)];
    out << ' ' << d << ": " << (n ? std::llround(std::exp(logSum[static_cast<std::size_t>(d)] / n)) : 0) << " (" << n << ")";
  }
  out << "\n" << positions.size() << " positions, " << nodes << " nodes in " << std::fixed << std::setprecision(2)
      << seconds << " s, " << std::setprecision(0) << (seconds > 0 ? static_cast<double>(nodes) / seconds : 0)
      << " nodes/s\n";
}

}  // namespace tessera::commands
