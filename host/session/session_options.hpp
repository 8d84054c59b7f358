#pragma once
// How `tessera play` (or the demo) wants the game at the table run: the mode, the engine's side and
// time, the journal and the record, the time control, and what the board's sensors can see.
#include <optional>
#include <string>

#include "core/protocol/uci_client.hpp"
#include "host/session/game_clock.hpp"
#include "host/session/play_mode.hpp"

namespace tessera::session {

struct SessionOptions {
  PlayMode mode = PlayMode::Referee;
  int engineSide = 1;      // engine mode: the side the engine plays
  int engineMillis = 500;  // thinking time per engine action
  int hintMillis = 300;
  int hintLines = 3;
  float minConfidence = 0.3f;  // cells read less surely count as unknown
  // No player at hand (a recording, the demo): a choice is settled by the proposed explanation.
  bool autoChoose = false;
  std::string journalPath;  // empty: no journal
  std::string recordPath;   // the PGN record rewritten after every change (by the table); empty: none
  std::string startPosition;  // empty: the variant's start
  TimeControl timeControl;    // none: the clocks count up; two players only
  // Each action's thinking time in the record ("[%emt 0:00:12]"); off for a recording replayed
  // faster than real time, whose times mean nothing.
  bool recordTimes = true;
  // The board is read by a sensor board (link or GPIO), which senses the pieces and never a Tile,
  // a paper colour square or an empty sector: the game's start says how such actions are entered,
  // and before its first reading the board is taken to show the game's position.
  bool sensorsSeePiecesOnly = false;
  // An external UCI engine for the hints and the engine's actions where it knows the game
  // (orthodox chess); none, or another game: Tessera's own engine.
  std::optional<UciEngineSpec> externalEngine;
};

}  // namespace tessera::session
