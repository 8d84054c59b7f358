#include "engine_bench.hpp"

#include <iomanip>
#include <string>
#include <vector>

#include "core/position_text.hpp"
#include "core/search.hpp"

namespace tessera::commands {

void benchEngine(std::ostream& out, bool quick) {
  const int depth = quick ? 5 : 8;
  const std::vector<std::string> variants = {"chess", "desert-dust", "chameleon-redux", "chameleon-redux-4p",
                                             "tiled-squares", "shifting-chess", "shifting-sands"};
  for (const std::string& name : variants) {
    Position pos = startPosition(builtinVariant(name));
    Searcher searcher;
    SearchLimits limits;
    limits.depth = depth;
    const SearchReport r = searcher.search(pos, limits);
    out << std::left << std::setw(52) << ("engine " + name + " start, depth " + std::to_string(r.depth)) << std::right
        << std::fixed << std::setprecision(2) << std::setw(8) << r.seconds << " s " << std::setw(10) << r.nodes
        << " nodes " << std::setprecision(0) << std::setw(9) << (r.seconds > 0 ? r.nodes / r.seconds : 0)
        << " nodes/s\n";
  }
}

}  // namespace tessera::commands
