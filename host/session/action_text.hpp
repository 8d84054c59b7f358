#pragma once
// Actions and explanations as people read them: SAN with the move number ("12... Nf6"), and the
// whole record of a game.
#include <optional>
#include <string>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "core/rules/game.hpp"

namespace tessera::session {

std::string numberedSan(const Position& before, const Move& m);
// Squares by name, a space between: "b5 c2 d3".
std::string squareList(const std::vector<Square>& squares);
std::string explanationText(const Position& pos, const Explanation& e);
std::vector<std::string> recordSan(const Game& game);
// The position after `m`, if `m` is legal in `before` (none for an action of another position).
std::optional<Position> positionAfter(const Position& before, const Move& m);
// Every square whose piece or surface `m` changes, `from` and `to` first (for a drop, just `to`):
// with en passant also the captured Pawn's, with castling the Rook's two, with `out` every piece of
// the side that leaves. Not for a sector shift, whose `from` and `to` name slots.
std::vector<Square> squaresChanged(const Position& before, const Move& m);
// What a player does on the board to carry `m` out, where its notation does not say it plainly:
// "put a yellow square on b3", "put a Tile on c4", "put an Anti-Tile on e5", "take the Tile off e4",
// "move the yellow square on c3 to d4", "move the Pawn c4-d3 and take the Pawn on d4 off",
// "move the King e1-g1 and the Rook h1-f1", "take its pieces off (b5 c2 d3)" (a side with no legal
// action). Empty for a piece's plain move.
std::string howToCarryOut(const Position& before, const Move& m);
// The engine's action as the player is told it: "the engine plays 1. Y@b3: put a yellow square on
// b3"; "the engine plays 74. out: South has no legal action, take its pieces off (b5 c2 d3)".
// `who` names another engine playing: "Stockfish 16 plays 1. e4: carry it out on the board".
std::string engineActionText(const Position& before, const Move& m, const std::string& who = "the engine");
// The suggested actions: "suggested: 1. P@b3 (put a purple square on b3), 1. Y@b3 (put a yellow
// square on b3)", and with `adviser` whose advice it is: "suggested: 1. e4, 1. d4 (advice of
// Stockfish 16)".
std::string hintsText(const Position& before, const std::vector<Move>& hints, const std::string& adviser = "");
// Four players: `out`, when it is the only legal action of the side to act (it has no other and
// must leave); none otherwise.
std::optional<Move> onlyActionIsOut(const Position& pos);
// Whether a correction puts the board back to the game, or finishes an action carried out in part.
enum class CorrectionGoal { PutBack, Finish };
// One step of putting the board right: "put the white N on g1", "take the piece off e5",
// "move the piece on d4 back to d2" (finishing: "move the piece on h1 to f1"), "g3 should show void".
std::string correctionText(const Variant& variant, const Correction& c, CorrectionGoal goal = CorrectionGoal::PutBack);

}  // namespace tessera::session
