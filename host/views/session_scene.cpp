#include "session_scene.hpp"

#include <algorithm>

#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"
#include "host/session/action_text.hpp"

namespace tessera::views {
namespace {

// The marks of an action to carry out: its arrow, what a drop puts down, and every other square
// it changes (the Pawn taken en passant, the castling Rook's move, the pieces of a side that leaves).
std::vector<display::Arrow> marksOf(const Position& before, const Move& m, int rank) {
  if (m.kind == MoveKind::SectorShift) return {{slotSquares(m.from)[0], slotSquares(m.to)[0], rank}};
  if (m.from == m.to && m.kind != MoveKind::Elimination) {
    const std::optional<Position> after = session::positionAfter(before, m);
    return {{m.to, m.to, rank, after ? surfaceAt(*after, m.to) : Surface::Unknown}};
  }
  std::vector<display::Arrow> marks;
  if (m.kind != MoveKind::Elimination) marks.push_back({m.from, m.to, rank});
  std::vector<Square> emptied, filled;
  for (Square sq : session::squaresChanged(before, m)) {
    if (m.kind != MoveKind::Elimination && (sq == m.from || sq == m.to)) continue;
    (before.at(sq) ? emptied : filled).push_back(sq);
  }
  if (emptied.size() == 1 && filled.size() == 1) {  // a castling Rook: its own arrow
    marks.push_back({emptied[0], filled[0], rank});
    return marks;
  }
  for (Square sq : emptied) marks.push_back({sq, sq, rank});  // taken off: a ring
  for (Square sq : filled) marks.push_back({sq, sq, rank});
  return marks;
}

// What the side to move can do: the squares it acts from, and a count by kind for the status line.
void describeActions(Position& pos, display::BoardScene& scene) {
  MoveList moves;
  generateLegal(pos, moves);
  int pieceMoves = 0, drops = 0, shifts = 0, removals = 0;
  for (const Move& m : moves) {
    switch (m.kind) {
      case MoveKind::Normal:
      case MoveKind::EnPassant:
      case MoveKind::Castle: ++pieceMoves; break;
      case MoveKind::TileDrop:
      case MoveKind::AntiTileDrop:
      case MoveKind::ColourDrop: ++drops; continue;
      case MoveKind::TileRemove: ++removals; break;
      case MoveKind::ColourShift: ++shifts; break;
      case MoveKind::SectorShift: ++shifts; continue;  // `from` names a slot, not a square
      case MoveKind::Elimination: continue;
    }
    if (std::find(scene.movable.begin(), scene.movable.end(), m.from) == scene.movable.end())
      scene.movable.push_back(m.from);
  }
  std::string kinds;
  const auto add = [&](int n, const char* one, const char* many) {
    if (n) kinds += (kinds.empty() ? "" : ", ") + std::to_string(n) + " " + (n == 1 ? one : many);
  };
  add(pieceMoves, "move", "moves");
  add(drops, "drop", "drops");
  add(shifts, "shift", "shifts");
  add(removals, "removal", "removals");
  const std::string side = sideFullName(pos.variant(), pos.sideToMove());
  if (moves.size() == 1 && moves[0].kind == MoveKind::Elimination)
    scene.toAct = side + " has no legal action: " + session::howToCarryOut(pos, moves[0]);
  else
    scene.toAct = side + " to act: " + kinds;
}

}  // namespace

display::BoardScene sceneOf(session::RefereeSession& session) {
  Game& game = session.game();
  display::BoardScene scene;
  scene.position = &game.position();
  if (!game.actions().empty()) scene.lastAction = game.actions().back();
  if (session.actionsShownFrom()) {
    for (const Move& m : session.actionsShown())
      for (Square to : landingSquares(m))
        if (std::find(scene.legalTargets.begin(), scene.legalTargets.end(), to) == scene.legalTargets.end())
          scene.legalTargets.push_back(to);  // once, though a Pawn may promote there in several ways
  } else {
    scene.differing = session.differing();
    scene.corrections = session.corrections();
    if (scene.differing.empty() && !session.result().finished()) describeActions(game.position(), scene);
  }
  const Position& pos = game.position();
  const auto mark = [&](const Move& m, int rank) {
    for (const display::Arrow& a : marksOf(pos, m, rank)) scene.arrows.push_back(a);
  };
  if (session.engineAction()) mark(*session.engineAction(), 0);
  const auto& hints = session.hintMoves();
  for (std::size_t i = 0; i < hints.size(); ++i) mark(hints[i], static_cast<int>(i));
  if (scene.arrows.empty() && scene.differing.empty() && !session.actionsShownFrom())
    if (const auto out = session::onlyActionIsOut(pos)) mark(*out, 0);
  scene.message = session.message();
  const GameResult r = session.result();
  if (r.finished()) scene.result = r.token + " " + r.reason;
  scene.clock = session.clock().text(game.variant(), session::GameClock::Clock::now());
  return scene;
}

}  // namespace tessera::views
