#pragma once
// The "Win At Chess" test positions (win_at_chess.cpp): 300 lines of EPD, one position a line.
namespace tessera::commands {

extern const char* const kWinAtChessEpd;

}  // namespace tessera::commands
