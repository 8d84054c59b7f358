#pragma once
// The engine's answer to a player's draw offer (engine mode): it takes the draw when its own search
// finds it no better off, and otherwise declines, saying how it scores the position for itself.
#include <string>

namespace tessera::session {

// How long the engine weighs an offer: short, since the game goes on meanwhile.
constexpr int kDrawOfferMillis = 300;

// The most the engine may score for itself (centipawns) and still take a draw. Under a third of a
// Pawn is no real advantage; and 30 is the most a draw counts against the side a search is for (the
// contempt of Tiled Squares' weights), so a drawn position searched from the player's side is not
// declined for that alone.
constexpr int kEngineTakesADrawUpTo = 30;

bool engineTakesTheDraw(int scoreForEngine);

// "the engine declines the draw: it scores +1.35 for itself", or "...: it mates in 3".
std::string drawDeclinedText(int scoreForEngine);

}  // namespace tessera::session
