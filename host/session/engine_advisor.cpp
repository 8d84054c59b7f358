#include "engine_advisor.hpp"

#include "core/movegen.hpp"

namespace tessera::session {

std::vector<Move> EngineAdvisor::bestActions(Position& pos, int millis, int lines) {
  MoveList legal;
  generateLegal(pos, legal);
  if (legal.empty()) return {};
  SearchLimits limits;
  limits.millis = millis;
  limits.multiPv = lines;
  const SearchReport report = searcher_.search(pos, limits);
  std::vector<Move> out;
  for (const PvLine& line : report.lines)
    if (!line.moves.empty()) out.push_back(line.moves.front());
  if (out.empty()) out.push_back(legal[0]);
  return out;
}

}  // namespace tessera::session
