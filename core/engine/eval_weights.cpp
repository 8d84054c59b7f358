#include "core/engine/eval_weights.hpp"

#include <stdexcept>

namespace tessera {

namespace {

struct WeightEntry {
  const char* name;
  int EvalWeights::*member;
  int firstTrialFromZero;
};

// In the order of the struct, which is the order of text().
constexpr WeightEntry kWeights[] = {
    {"mobility", &EvalWeights::mobility, 1},   {"shelter", &EvalWeights::shelter, 4},
    {"pawnStep", &EvalWeights::pawnStep, 3},   {"flankPawnStep", &EvalWeights::flankPawnStep, 50},
    {"kingHome", &EvalWeights::kingHome, 20},  {"passed", &EvalWeights::passed, 100},
    {"paper", &EvalWeights::paper, 3},         {"kingTile", &EvalWeights::kingTile, 2},
    {"sector", &EvalWeights::sector, 10},      {"nextType", &EvalWeights::nextType, 25},
    {"contempt", &EvalWeights::contempt, 20},  {"opponentOut", &EvalWeights::opponentOut, 500},
};

const WeightEntry& entry(const std::string& name) {
  for (const WeightEntry& e : kWeights)
    if (name == e.name) return e;
  std::string known;
  for (const WeightEntry& e : kWeights) known += std::string(known.empty() ? "" : ", ") + e.name;
  throw std::invalid_argument("unknown evaluation weight '" + name + "' (" + known + ")");
}

}  // namespace

std::string EvalWeights::text() const {
  std::string out;
  for (const WeightEntry& e : kWeights)
    out += std::string(out.empty() ? "" : ",") + e.name + "=" + std::to_string(this->*e.member);
  return out;
}

std::vector<std::string> EvalWeights::namesFor(const Variant& v) {
  std::vector<std::string> names{"mobility", "shelter"};
  if (v.sides == 2) {
    names.push_back("pawnStep");
    names.push_back("flankPawnStep");
    names.push_back("kingHome");
    names.push_back("passed");
  }
  if (v.hasPaperColours()) names.push_back("paper");
  if (v.hasTiles()) names.push_back("kingTile");
  if (v.hasSectors()) names.push_back("sector");
  if (v.hasPaperColours() || v.hasSquareColours()) names.push_back("nextType");
  if (v.sides > 2) names.push_back("opponentOut");
  return names;
}

int& EvalWeights::byName(const std::string& name) { return this->*entry(name).member; }

int EvalWeights::firstTrialFromZero(const std::string& name) { return entry(name).firstTrialFromZero; }

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
  // 2026-11-27, 20,000 nodes per action against flankPawnStep 100 and kingHome 0, 80 games a seed:
  // the engine had opened with flank Pawn pushes (1.h4 h5 2.c4 Nc6 3.a4) and walked its King.
  static const EvalWeights orthodox = [] {
    EvalWeights w;
    w.flankPawnStep = 0;  // with kingHome 20: chess 54.4%, 60.0%, 53.1%, 56.2% (seeds 101 to 104)
    w.kingHome = 20;
    return w;
  }();
  static const EvalWeights tiles = [] {
    EvalWeights w;
    // Tiled Squares games drifted into Tile shuffles and fifty-move draws: at 1 s against 250 ms
    // six draws of six without contempt, 7 of 10 points with it (30 and 80 centipawns).
    w.contempt = 30;
    w.flankPawnStep = 0;  // as in chess: 55.0%, 63.1%, 53.1% (seeds 101 to 103)
    w.kingHome = 20;
    return w;
  }();
  if (v.name == "chess") return orthodox;
  if (v.hasTiles()) return tiles;
  if (v.hasSquareColours()) return squareColours;
  if (v.hasPaperColours()) return paperColours;
  return handSet;
}

}  // namespace tessera
