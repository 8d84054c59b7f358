#include "session_scene.hpp"

#include "core/movegen.hpp"
#include "core/sectors.hpp"

namespace tessera::session {
namespace {

display::Arrow arrowFor(const Move& m, int rank) {
  if (m.kind == MoveKind::SectorShift) return {slotSquares(m.from)[0], slotSquares(m.to)[0], rank};
  return {m.from, m.to, rank};
}

}  // namespace

display::BoardScene sceneOf(RefereeSession& session) {
  Game& game = session.game();
  display::BoardScene scene;
  scene.position = &game.position();
  if (!game.actions().empty()) scene.lastAction = game.actions().back();
  if (const auto from = session.liftedFrom()) {
    MoveList moves;
    generateLegal(game.position(), moves);
    for (const Move& m : moves)
      if (m.from == *from && m.kind != MoveKind::SectorShift) scene.legalTargets.push_back(m.to);
  } else {
    scene.differing = session.differing();
    scene.corrections = session.corrections();
  }
  if (session.engineAction()) scene.arrows.push_back(arrowFor(*session.engineAction(), 0));
  const auto& hints = session.hintMoves();
  for (std::size_t i = 0; i < hints.size(); ++i) scene.arrows.push_back(arrowFor(hints[i], static_cast<int>(i)));
  scene.message = session.message();
  const GameResult r = session.result();
  if (r.finished()) scene.result = r.token + " " + r.reason;
  scene.clock = session.clock().text(game.variant(), GameClock::Clock::now());
  return scene;
}

}  // namespace tessera::session
