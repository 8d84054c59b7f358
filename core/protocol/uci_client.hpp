#pragma once
// The other side of UCI: what Tessera says to an external UCI engine (Stockfish, Fairy-Stockfish)
// and how it reads the engine's answers. Text only; the engine's process is the program's
// (host/session/uci_engine.hpp). Used where the engine knows the game: orthodox chess.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/engine/search.hpp"
#include "core/rules/game.hpp"

namespace tessera {

// "uci:PATH[,NAME=VALUE...]": the engine's program and the options to set, in order.
struct UciEngineSpec {
  std::string path;
  std::vector<std::pair<std::string, std::string>> options;
};

// Whether UCI engines play this variant as we do: orthodox chess (the built-in "chess") only; the
// mutable boards are Tessera's own.
bool uciEnginesKnow(const Variant& v);

// Whether `text` names an external engine (starts with "uci:").
bool isUciEngineSpec(std::string_view text);
// Reads "uci:PATH,NAME=VALUE,..."; throws std::invalid_argument saying what is wrong.
UciEngineSpec parseUciEngineSpec(std::string_view text);

// "position startpos moves e2e4 e7e5" for a game from the variant's start, "position fen ... moves
// ..." otherwise: the engine hears the whole game, so that it knows the repetitions.
std::string uciPositionCommand(const Game& game);
// "position fen ...": one position, without its history.
std::string uciPositionCommand(const Position& pos);
// "go movetime 100", "go nodes 20000", "go depth 8" (the limits that are set, together).
std::string uciGoCommand(const SearchLimits& limits);

// One `info` line's search report; lines without a pv (currmove, string, ...) give none.
struct UciInfo {
  int depth = 0;
  int multiPv = 1;
  int score = 0;  // centipawns for the side to act; a mate as Tessera's mate scores (search.hpp)
  std::int64_t nodes = 0;
  std::vector<std::string> pv;  // long algebraic, as the engine sent it
};
std::optional<UciInfo> parseUciInfo(std::string_view line);

// The action of "bestmove e2e4 ponder e7e5" (the text after "bestmove"); empty for "(none)",
// "0000" or a line that is no bestmove.
std::optional<std::string> parseUciBestMove(std::string_view line);

// The legal action `text` names in `pos` (UCI's long algebraic), or none.
std::optional<Move> uciMoveIn(const Position& pos, const std::string& text);

// An `option name ... type ...` line's option name; none for other lines.
std::optional<std::string> parseUciOptionName(std::string_view line);

}  // namespace tessera
