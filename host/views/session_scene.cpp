#include "session_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "core/referee/sensor_view.hpp"
#include "core/engine/search.hpp"
#include "core/rules/game.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/piece_values.hpp"
#include "core/rules/position_text.hpp"
#include "core/text/counted_noun.hpp"
#include "host/session/action_text.hpp"
#include "host/views/display/figurines.hpp"

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

// "4:43", "1:02:07".
std::string clockText(session::GameClock::Clock::duration d) {
  const long seconds = static_cast<long>(std::chrono::duration_cast<std::chrono::seconds>(d).count());
  char text[32];
  if (seconds >= 3600)
    std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", seconds / 3600, seconds / 60 % 60, seconds % 60);
  else
    std::snprintf(text, sizeof text, "%ld:%02ld", seconds / 60, seconds % 60);
  return text;
}

// The move list and what each side has taken, from the game replayed from its start; returns the
// key of every position of the game, by ply.
std::vector<std::uint64_t> describeRecord(const Game& game, display::BoardScene& scene) {
  Game replay(game.variant(), game.startPosition());
  std::vector<std::uint64_t> keys;
  for (const Move& m : game.actions()) {
    Position& before = replay.position();
    keys.push_back(before.key());
    const int side = before.sideToMove();
    const int number = before.fullmoveNumber();
    if (isPieceMove(m.kind)) {
      const Square victimSquare = m.kind == MoveKind::EnPassant ? before.enPassantVictim() : m.to;
      const PieceCode victim = victimSquare == kNoSquare ? kEmpty : before.at(victimSquare);
      if (victim && pieceSide(victim) != side && side < static_cast<int>(scene.sides.size()))
        scene.sides[static_cast<std::size_t>(side)].captured.push_back(victim);
    }
    scene.record.push_back({number, side, san(before, m)});
    replay.play(m);
  }
  keys.push_back(replay.position().key());
  scene.currentAction = static_cast<int>(scene.record.size()) - 1;
  return keys;
}

// Four players: each side's standing as last scored, where the game still passes through the
// position it was scored in (and the side is still in).
void describeStandings(const session::SideStandings& standings, const std::vector<std::uint64_t>& keys,
                       display::BoardScene& scene) {
  for (int side = 0; side < static_cast<int>(scene.sides.size()); ++side) {
    const auto standing = standings.of(side);
    if (!standing || standing->ply >= static_cast<int>(keys.size()) ||
        keys[static_cast<std::size_t>(standing->ply)] != standing->key)
      continue;
    display::SideView& view = scene.sides[static_cast<std::size_t>(side)];
    if (!view.inGame) continue;  // it has left: its standing is moot
    view.standing = standing->score;
    view.standingText = evaluationText(standing->score);
    view.standingShare = evaluationShare(standing->score);
  }
}

// Each side's name, clock, turn, and material on the board and in hand.
void describeSides(session::RefereeSession& session, display::BoardScene& scene) {
  const Game& game = session.game();
  const Position& pos = game.position();
  const Variant& v = game.variant();
  const auto& values = pieceValues(v);
  const session::GameClock& clock = session.clock();
  const auto now = session::GameClock::Clock::now();
  for (int side = 0; side < v.sides; ++side) {
    display::SideView view;
    view.name = sideFullName(v, side);
    view.clock = clockText(clock.control().counting() ? std::max(session::GameClock::Clock::duration::zero(), clock.remaining(side, now))
                                                  : clock.used(side, now));
    view.toAct = pos.sideToMove() == side && !session.result().finished();
    view.inGame = pos.inGame(side);
    for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type)
      view.material += pos.held(side, type) * values[static_cast<std::size_t>(type)];
    scene.sides.push_back(std::move(view));
  }
  for (int r = 0; r < v.size.ranks; ++r)
    for (int f = 0; f < v.size.files; ++f)
      if (const PieceCode p = pos.at(makeSquare(f, r)); p && pieceSide(p) < v.sides)
        scene.sides[static_cast<std::size_t>(pieceSide(p))].material += values[static_cast<std::size_t>(pieceType(p))];
  for (display::SideView& view : scene.sides) {
    if (!view.inGame) continue;
    int richestOther = 0;
    for (const display::SideView& other : scene.sides)
      if (&other != &view && other.inGame) richestOther = std::max(richestOther, other.material);
    view.lead = std::max(0, (view.material - richestOther + 50) / 100);
  }
}

// The terrain left to play with: the Shifting Sands pool, Tiled Squares' tiles.
void describeTerrain(const Position& pos, display::BoardScene& scene) {
  const Variant& v = pos.variant();
  for (int c = 0; c < static_cast<int>(v.paperColours.size()); ++c) {
    const Surface surface = paperColourSurface(v, c);
    std::string name(surfaceName(surface));
    std::replace(name.begin(), name.end(), '-', ' ');
    scene.pool.push_back({surface, name, pos.poolCount(c), v.typeForPaper[static_cast<std::size_t>(c)]});
  }
  if (v.hasTiles()) {
    display::TileCount count;
    pos.tables().playable.forEach([&](Square sq) {
      switch (pos.tile(sq).state) {
        case TileState::Tile: ++count.tiles; break;
        case TileState::AntiTile: ++count.antiTiles; break;
        case TileState::Void: ++count.voids; break;
      }
    });
    scene.tiles = count;
  }
}

std::vector<display::LegendEntry> legendOf(const Variant& v) {
  std::vector<display::LegendEntry> legend;
  for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type) {
    const PieceType& t = v.pieces[static_cast<std::size_t>(type)];
    std::string name = t.name;
    std::replace(name.begin(), name.end(), '-', ' ');
    legend.push_back({type, name, t.letter, t.betza, display::isOrthodoxDesign(display::figurineOf(t))});
  }
  return legend;
}

}  // namespace

std::string evaluationText(int centipawns) {
  if (isMateScore(centipawns)) {
    const int moves = movesToMate(centipawns);
    return (moves < 0 ? "-M" : "M") + std::to_string(std::abs(moves));
  }
  if (std::abs(centipawns) < 5) return "0.0";
  char text[16];
  std::snprintf(text, sizeof text, "%+.1f", centipawns / 100.0);
  return text;
}

double evaluationShare(int centipawns) {
  if (isMateScore(centipawns)) return centipawns > 0 ? 1.0 : 0.0;
  // A logistic curve: a pawn up fills about 60%, three pawns about 77%, ten nearly all.
  return 1.0 / (1.0 + std::exp(-centipawns / 250.0));
}

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
  scene.title = game.variant().title;
  describeSides(session, scene);
  const std::vector<std::uint64_t> keys = describeRecord(game, scene);
  if (game.variant().sides > 2) describeStandings(session.standings(), keys, scene);
  describeTerrain(pos, scene);
  if (session.hintScore() && game.variant().sides == 2)
    scene.evaluation = pos.sideToMove() == 0 ? *session.hintScore() : -*session.hintScore();
  if (scene.evaluation) {
    scene.evaluationText = evaluationText(*scene.evaluation);
    scene.evaluationShare = evaluationShare(*scene.evaluation);
  }
  scene.legend = legendOf(game.variant());
  return scene;
}

}  // namespace tessera::views
