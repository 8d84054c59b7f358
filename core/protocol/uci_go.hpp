#pragma once
// Reading UCI's `go`: the words after it turned into the search's limits, for the side to act.
// Kept apart from the session so that what each word does can be checked without a search.
#include <string>
#include <vector>

#include "core/engine/search.hpp"
#include "core/rules/position.hpp"

namespace tessera {

struct GoRequest {
  SearchLimits limits;    // its cancel flag is left for the session to set
  bool infinite = false;  // the bestmove waits for `stop`
};

// `words` are the words after `go`. The clock words of the side to act in `root` (wtime/winc for
// White, btime/binc for Black) give the time for this action; depth, nodes, mate and movetime
// limit the search directly; a `go` with no limit at all is infinite. Numbers are clamped to what
// the search takes. Throws std::invalid_argument naming the word that is wrong (or parseMove's
// error for an action after searchmoves that is not legal).
GoRequest readGo(const std::vector<std::string>& words, const Position& root, int multiPv);

// A whole decimal number, or std::invalid_argument saying that `what` must be one.
long long uciNumber(const std::string& value, const std::string& what);

}  // namespace tessera
