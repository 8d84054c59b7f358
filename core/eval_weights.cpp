#include "eval_weights.hpp"

#include <stdexcept>

namespace tessera {

std::string EvalWeights::text() const {
  return "mobility=" + std::to_string(mobility) + ",shelter=" + std::to_string(shelter) +
         ",pawnStep=" + std::to_string(pawnStep) + ",passed=" + std::to_string(passed) + ",paper=" + std::to_string(paper) +
         ",kingTile=" + std::to_string(kingTile) + ",sector=" + std::to_string(sector) + ",nextType=" + std::to_string(nextType) +
         ",contempt=" + std::to_string(contempt) + ",opponentOut=" + std::to_string(opponentOut);
}

std::vector<std::string> EvalWeights::namesFor(const Variant& v) {
  std::vector<std::string> names{"mobility", "shelter"};
  if (v.sides == 2) {
    names.push_back("pawnStep");
    names.push_back("passed");
  }
  if (v.hasPaperColours()) names.push_back("paper");
  if (v.hasTiles()) names.push_back("kingTile");
  if (v.hasSectors()) names.push_back("sector");
  if (v.hasPaperColours() || v.hasSquareColours()) names.push_back("nextType");
  if (v.sides > 2) names.push_back("opponentOut");
  return names;
}

int& EvalWeights::byName(const std::string& name) {
  if (name == "mobility") return mobility;
  if (name == "shelter") return shelter;
  if (name == "pawnStep") return pawnStep;
  if (name == "passed") return passed;
  if (name == "paper") return paper;
  if (name == "kingTile") return kingTile;
  if (name == "sector") return sector;
  if (name == "nextType") return nextType;
  if (name == "contempt") return contempt;
  if (name == "opponentOut") return opponentOut;
  throw std::invalid_argument("unknown evaluation weight '" + name +
                              "' (mobility, shelter, pawnStep, passed, paper, kingTile, sector, nextType, contempt, opponentOut)");
}

const EvalWeights& defaultWeights(const Variant& v) {
  // The hand-set starting point, changed where a self-play run found a clear gain (docs/engine.md):
  // valuing a piece partly as what it becomes next, 2026-11-24, 20,000 nodes per action, 40 games.
  static const EvalWeights handSet;
  static const EvalWeights squareColours = [] {
    EvalWeights w;
    w.nextType = 50;  // Chameleon Redux: 91% +- 8% against 0 (four players: 80% +- 16%, 20 games)
    w.passed = 200;   // two players: 65.0% +- 8.7% against 0, then 61.0% +- 8.6% on fresh openings (100 games each)
    return w;
  }();
  static const EvalWeights paperColours = [] {
    EvalWeights w;
    w.nextType = 25;  // Shifting Sands: 70% +- 14% against 0; 50 scored 59%, 100 scored 17.5%
    return w;
  }();
  static const EvalWeights tiles = [] {
    EvalWeights w;
    // Tiled Squares games drifted into Tile shuffles and fifty-move draws: at 1 s against 250 ms
    // six draws of six without contempt, 7 of 10 points with it (30 and 80 centipawns).
    w.contempt = 30;
    return w;
  }();
  if (v.hasTiles()) return tiles;
  if (v.hasSquareColours()) return squareColours;
  if (v.hasPaperColours()) return paperColours;
  return handSet;
}

}  // namespace tessera
