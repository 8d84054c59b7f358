#pragma once
// How long to think about one action, given the clock: a share of what is left for the actions
// still to come before the next time control, plus half the increment, never more than half of
// what is left. Both protocols (UCI's wtime/winc/movestogo, XBoard's time/level) use it.
#include <algorithm>

namespace tessera {

constexpr int kDefaultMovesToGo = 30;

constexpr int millisForAction(long long leftMillis, long long incrementMillis, int movesToGo) {
  const long long share = leftMillis / std::max(1, movesToGo) + incrementMillis / 2;
  return static_cast<int>(std::max(1LL, std::min({leftMillis / 2, share, 3'600'000LL})));
}

}  // namespace tessera
