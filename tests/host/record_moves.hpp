#pragma once
// A game record read back without its comments (each action's thinking time), for tests that
// compare the actions recorded with the actions played.
#include <string>

#include "core/record/pgn.hpp"

namespace tessera {

// "1. e4 e5 2. Nf3 *": the record's actions with their numbers, and its result.
inline std::string movesOfRecord(const std::string& pgn) {
  const PgnGame record = readPgn(pgn);
  std::string text;
  for (const std::string& word : movetextWords(*record.game)) text += word + " ";
  return text + record.recordedResult;
}

// The whole record written again without comments, to compare with writePgn of the game played.
inline std::string recordWithoutComments(const std::string& pgn) {
  PgnGame record = readPgn(pgn);
  return writePgn(*record.game, record.tags);
}

}  // namespace tessera
