#include "eval_weights.hpp"

#include <stdexcept>

namespace tessera {

std::string EvalWeights::text() const {
  return "mobility=" + std::to_string(mobility) + ",shelter=" + std::to_string(shelter) +
         ",pawnStep=" + std::to_string(pawnStep) + ",paper=" + std::to_string(paper) +
         ",kingTile=" + std::to_string(kingTile);
}

std::vector<std::string> EvalWeights::namesFor(const Variant& v) {
  std::vector<std::string> names{"mobility", "shelter"};
  if (v.sides == 2) names.push_back("pawnStep");
  if (v.hasPaperColours()) names.push_back("paper");
  if (v.hasTiles()) names.push_back("kingTile");
  return names;
}

int& EvalWeights::byName(const std::string& name) {
  if (name == "mobility") return mobility;
  if (name == "shelter") return shelter;
  if (name == "pawnStep") return pawnStep;
  if (name == "paper") return paper;
  if (name == "kingTile") return kingTile;
  throw std::invalid_argument("unknown evaluation weight '" + name + "' (mobility, shelter, pawnStep, paper, kingTile)");
}

const EvalWeights& defaultWeights(const Variant&) {
  static const EvalWeights handSet;
  return handSet;
}

}  // namespace tessera
