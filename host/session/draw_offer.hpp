#pragma once
// The engine's answer to a player's draw offer (engine mode): it takes the draw when its own search
// finds it no better off, and otherwise declines, saying how it scores the position for itself. The
// game goes on while it weighs the offer, which lapses once the game moves on.
#include <string>
#include <utility>

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

// The offer the engine is weighing, and a hint asked for meanwhile, given once the offer is answered.
class PendingDrawOffer {
 public:
  bool weighing() const { return weighing_; }
  void make() { weighing_ = true; }
  // The engine has answered it.
  void answered() { weighing_ = false; }
  // The game moved on: the offer lapses, and the hint put off with it. Whether there was one.
  bool lapse() {
    if (!weighing_) return false;
    weighing_ = false;
    hintAfter_ = false;
    return true;
  }
  void putOffHint() { hintAfter_ = true; }
  void dropHint() { hintAfter_ = false; }
  // Whether a hint was put off; it is not any more.
  bool takeHintPutOff() { return std::exchange(hintAfter_, false); }

 private:
  bool weighing_ = false;
  bool hintAfter_ = false;
};

}  // namespace tessera::session
