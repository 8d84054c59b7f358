#include "host/publish/journal_actions.hpp"

#include "core/rules/move_text.hpp"
#include "host/record/game_journal.hpp"
#include "host/session/game_clock.hpp"

namespace tessera::publish {

std::vector<std::optional<long>> clocksAfterActions(const Game& game, const std::vector<std::optional<long>>& millis,
                                                   const std::string& timeControl) {
  session::TimeControl control;
  try {
    control = session::parseTimeControl(timeControl);
  } catch (const std::invalid_argument&) {
  }
  const int sides = game.variant().sides;
  std::vector<long> used(static_cast<std::size_t>(sides), 0);
  std::vector<long> turns(static_cast<std::size_t>(sides), 0);
  std::vector<std::optional<long>> clocks;
  Game replay(game.variant(), game.startPosition());
  bool known = true;
  for (std::size_t i = 0; i < game.actions().size(); ++i) {
    const int side = replay.position().sideToMove();
    known = known && i < millis.size() && millis[i].has_value();
    if (known) {
      used[side] += *millis[i];
      ++turns[side];
      clocks.push_back(control.counting() ? control.base.count() + turns[side] * control.increment.count() - used[side]
                                          : used[side]);
    } else {
      clocks.push_back(std::nullopt);
    }
    replay.play(game.actions()[i]);
  }
  return clocks;
}

JournalActions readJournalActions(const std::string& path, const Variant& variant) {
  RecoveredGame recovered =
      GameJournal::read(path, [&variant](std::string_view) -> const Variant& { return variant; }, GameJournal::Damage::EndTheRecordThere);
  JournalActions out;
  out.timeControl = recovered.timeControl.value_or("none");
  const Game& game = *recovered.game;
  const auto clocks = clocksAfterActions(game, recovered.actionMillis, out.timeControl);
  Game replay(game.variant(), game.startPosition());
  for (std::size_t i = 0; i < game.actions().size(); ++i) {
    PublishedAction a;
    a.number = static_cast<int>(i) + 1;
    a.san = san(replay.position(), game.actions()[i]);
    if (i < recovered.actionMillis.size()) a.millis = recovered.actionMillis[i];
    a.clockMillis = clocks[i];
    out.actions.push_back(a);
    replay.play(game.actions()[i]);
  }
  out.game = std::move(recovered.game);
  return out;
}

}  // namespace tessera::publish
