#pragma once
// Tuning the evaluation's weights by self-play: one weight at a time is made half as big again or
// two thirds as big (a weight at 0 is tried at EvalWeights::firstTrialFromZero), and the changed engine plays the current one (a match from random openings at
// a fixed node count per action, so runs repeat exactly). A change that wins by more than the
// match's 95% error margin plays a second match on fresh openings, and is kept only when it wins
// that one by more than its margin too: with several trials per pass, one of them clears a single
// 95% margin by chance far more often than one in twenty. Then the next weight is tried from the
// weights kept.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/engine/eval_weights.hpp"
#include "core/selfplay/engine_match.hpp"

namespace tessera {

struct TuneSettings {
  int rounds = 1;               // passes over every weight of the variant
  int gamesPerTrial = 40;
  std::int64_t nodesPerAction = 20000;
  std::uint32_t seed = 1;
  // The weights to try, in this order; empty: every weight of the variant (EvalWeights::namesFor).
  std::vector<std::string> weights;
};

struct TuneTrial {
  std::string weight;
  int from = 0, to = 0;
  MatchResult result;  // of the changed weights against the current ones
  std::optional<MatchResult> confirmation;  // on fresh openings, played when `result` was a clear win
  bool kept = false;
};

// The weights a tuning run tries, in order. Throws std::invalid_argument when settings.weights
// names one that means nothing in `v`; so does tuneWeights, before it plays a game.
std::vector<std::string> weightsToTry(const Variant& v, const TuneSettings& settings);

EvalWeights tuneWeights(const Variant& v, EvalWeights start, const TuneSettings& settings,
                        const std::function<void(const TuneTrial&)>& onTrial = {});

}  // namespace tessera
