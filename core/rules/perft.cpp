#include "core/rules/perft.hpp"

#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"

namespace tessera {

std::uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  MoveList moves;
  generateLegal(pos, moves);
  if (depth == 1) return static_cast<std::uint64_t>(moves.size());
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake();
  }
  return nodes;
}

std::vector<std::pair<std::string, std::uint64_t>> perftDivide(Position& pos, int depth) {
  std::vector<std::pair<std::string, std::uint64_t>> out;
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves) {
    const std::string text = longAlgebraic(pos, m);
    pos.make(m);
    out.emplace_back(text, perft(pos, depth - 1));
    pos.unmake();
  }
  return out;
}

}  // namespace tessera
