#include "core/selfplay/weight_tuning.hpp"

#include <algorithm>

namespace tessera {
namespace {

bool clearWin(const MatchResult& r) { return r.share() - r.margin95() > 0.5; }

}  // namespace

std::vector<std::string> weightsToTry(const Variant& v, const TuneSettings& settings) {
  const std::vector<std::string> meaningful = EvalWeights::namesFor(v);
  if (settings.weights.empty()) return meaningful;
  for (const std::string& name : settings.weights)
    if (std::find(meaningful.begin(), meaningful.end(), name) == meaningful.end()) {
      std::string list;
      for (const std::string& m : meaningful) list += (list.empty() ? "" : ", ") + m;
      throw std::invalid_argument("'" + name + "' is not an evaluation weight of " + v.name + " (" + list + ")");
    }
  return settings.weights;
}

EvalWeights tuneWeights(const Variant& v, EvalWeights start, const TuneSettings& settings,
                        const std::function<void(const TuneTrial&)>& onTrial) {
  const std::vector<std::string> names = weightsToTry(v, settings);
  EvalWeights current = start;
  std::uint32_t seed = settings.seed;
  for (int round = 0; round < settings.rounds; ++round)
    for (const std::string& name : names) {
      const int was = current.byName(name);
      const int up = was == 0 ? EvalWeights::firstTrialFromZero(name) : std::max(was + 1, (was * 3 + 1) / 2);
      const int down = std::min(was - 1, was * 2 / 3);
      for (const int to : {up, down}) {
        if (to < 0) continue;
        PlayerConfig changed, reference;
        changed.limits.nodes = reference.limits.nodes = settings.nodesPerAction;
        changed.weights = current;
        changed.weights->byName(name) = to;
        reference.weights = current;
        MatchSettings match;
        match.games = settings.gamesPerTrial;
        match.seed = seed++;
        TuneTrial trial{name, was, to, playMatch(v, changed, reference, match), std::nullopt, false};
        if (clearWin(trial.result)) {
          match.seed = seed++;
          trial.confirmation = playMatch(v, changed, reference, match);
          trial.kept = clearWin(*trial.confirmation);
        }
        if (trial.kept) current = *changed.weights;
        if (onTrial) onTrial(trial);
        if (trial.kept) break;
      }
    }
  return current;
}

}  // namespace tessera
