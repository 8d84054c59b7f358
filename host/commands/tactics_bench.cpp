#include "tactics_bench.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>
#include <stdexcept>

#include "core/engine/search.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "win_at_chess.hpp"

namespace tessera::commands {
namespace {

struct TestPosition {
  std::string id;
  Position position;
  std::vector<Move> best, avoid;
};

// The actions an EPD operation names ("bm Rb6 Rg5+;"), each read in the position.
std::vector<Move> actionsOf(const std::string& line, const std::string& op, Position pos) {
  std::vector<Move> moves;
  const std::size_t at = line.find(" " + op + " ");
  if (at == std::string::npos) return moves;
  std::istringstream words(line.substr(at + op.size() + 2, line.find(';', at) - at - op.size() - 2));
  for (std::string san; words >> san;) moves.push_back(parseMove(pos, san));
  return moves;
}

std::vector<TestPosition> winAtChess() {
  const Variant& chess = builtinVariant("chess");
  std::vector<TestPosition> all;
  std::istringstream lines(kWinAtChessEpd);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty()) continue;
    // The first four fields are the position; EPD leaves out the move counters.
    std::istringstream fields(line);
    std::string placement, side, castling, enPassant;
    fields >> placement >> side >> castling >> enPassant;
    TestPosition t{"", parsePosition(chess, placement + " " + side + " " + castling + " " + enPassant + " 0 1"), {}, {}};
    const std::size_t id = line.find("id \"");
    t.id = line.substr(id + 4, line.find('"', id + 4) - id - 4);
    t.best = actionsOf(line, "bm", t.position);
    t.avoid = actionsOf(line, "am", t.position);
    if (t.best.empty()) throw std::logic_error("Win At Chess: " + t.id + " names no best action");
    all.push_back(std::move(t));
  }
  return all;
}

}  // namespace

TacticsResult benchTactics(std::ostream& out, int count, std::int64_t nodesEach) {
  static const std::vector<TestPosition> positions = winAtChess();
  TacticsResult result;
  Searcher searcher;
  for (const TestPosition& t : positions) {
    if (result.total == count) break;
    Position pos = t.position;
    searcher.clearHash();
    SearchLimits limits;
    limits.nodes = nodesEach;
    const SearchReport r = searcher.search(pos, limits);
    ++result.total;
    result.nodes += r.nodes;
    result.seconds += r.seconds;
    const bool found = !r.lines.empty() && !r.lines.front().moves.empty() &&
                       std::find(t.best.begin(), t.best.end(), r.lines.front().moves.front()) != t.best.end() &&
                       std::find(t.avoid.begin(), t.avoid.end(), r.lines.front().moves.front()) == t.avoid.end();
    if (found) ++result.solved;
    else result.missed.push_back(t.id);
  }
  out << "engine tactics: Win At Chess, " << result.solved << " of " << result.total << " at " << nodesEach
      << " nodes each (" << std::fixed << std::setprecision(1) << result.seconds << " s, " << std::setprecision(0)
      << (result.seconds > 0 ? result.nodes / result.seconds : 0) << " nodes/s)";
  if (!result.missed.empty()) {
    out << "; missed:";
    for (const std::string& id : result.missed) out << ' ' << id.substr(id.find('.') + 1);
  }
  out << "\n";
  return result;
}

}  // namespace tessera::commands
