#include "led_colours.hpp"

#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"
#include "host/session/action_text.hpp"

namespace tessera::views {

std::vector<link::Rgb> ledColours(session::RefereeSession& session) {
  const BoardSize size = session.game().variant().size;
  std::vector<link::Rgb> leds(static_cast<std::size_t>(size.cellCount()));
  const auto light = [&](Square sq, link::Rgb colour) {
    if (sq != kNoSquare && size.contains(fileOf(sq), rankOf(sq)))
      leds[static_cast<std::size_t>(rankOf(sq) * size.files + fileOf(sq))] = colour;
  };
  const auto lightMove = [&](const Move& m) {
    if (m.kind == MoveKind::SectorShift) {
      for (Square sq : slotSquares(m.from)) light(sq, kLedEngine);
      for (Square sq : slotSquares(m.to)) light(sq, kLedEngine);
      return;
    }
    for (Square sq : session::squaresChanged(session.game().position(), m)) light(sq, kLedEngine);
  };
  if (session.engineAction()) lightMove(*session.engineAction());
  else if (!session.hintMoves().empty()) lightMove(session.hintMoves().front());
  else if (const auto out = session::onlyActionIsOut(session.game().position()); out && session.differing().empty())
    lightMove(*out);
  for (const Move& m : session.actionsShown())
    for (Square to : landingSquares(m)) light(to, kLedTarget);
  for (Square sq : session.differing()) light(sq, kLedFix);
  return leds;
}

}  // namespace tessera::views
