#pragma once
// The game as its journal holds it, in the form a board publishes: each action numbered, in SAN,
// with its side's thinking time and clock after it. The journal is the board's queue: whatever
// the broker has not acknowledged is read from it again and sent, in the journal's order.
#include <memory>
#include <string>
#include <vector>

#include "core/rules/game.hpp"
#include "host/publish/board_messages.hpp"

namespace tessera::publish {

struct JournalActions {
  std::unique_ptr<Game> game;
  std::vector<PublishedAction> actions;
  std::string timeControl = "none";
};

// Reads the journal at `path` (which a game going on may be writing) for `variant`'s game. Throws
// JournalError when it cannot be read.
JournalActions readJournalActions(const std::string& path, const Variant& variant);

// Each action's clock after it, from the thinking times: with a time control "M+S" the time left
// (base, less the side's thinking, plus its increments), else the side's time used. None from the
// first action whose thinking time is not known.
std::vector<std::optional<long>> clocksAfterActions(const Game& game, const std::vector<std::optional<long>>& millis,
                                                   const std::string& timeControl);

}  // namespace tessera::publish
