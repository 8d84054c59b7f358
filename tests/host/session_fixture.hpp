#pragma once
// A session fed with what a sensor would report after given actions, for the session's tests.
#include <string>
#include <vector>

#include "core/move_text.hpp"
#include "core/sensor_view.hpp"
#include "host/session/referee_session.hpp"

namespace tessera::session {

struct SessionFixture {
  EventBus bus;
  std::vector<SessionEvent> events;
  RefereeSession session;

  explicit SessionFixture(const char* variant, SessionOptions options = {}, EngineAdvisor::Post postToLoop = {})
      : session(builtinVariant(variant), std::move(options), bus, std::move(postToLoop)) {
    bus.subscribe([this](const SessionEvent& e) { events.push_back(e); });
    session.start();
  }

  // The board after `san` is played from the current position, as `profile` reports it.
  Observation boardAfter(const std::string& san, SensorProfile profile = SensorProfile::Camera) {
    Position pos = session.game().position();
    pos.make(parseMove(pos, san));
    return sensorView(pos, profile);
  }

  // The board is set to show `san` played, and read twice, as a settled camera does.
  void play(const std::string& san, SensorProfile profile = SensorProfile::Camera) {
    const Observation seen = boardAfter(san, profile);
    session.onObservation(seen);
    session.onObservation(seen);
  }

  int count(SessionEvent::Kind kind) const {
    int n = 0;
    for (const auto& e : events) n += e.kind == kind;
    return n;
  }
  // Some event's text begins with `beginning`.
  bool told(const std::string& beginning) const {
    for (const auto& e : events)
      if (e.text.rfind(beginning, 0) == 0) return true;
    return false;
  }
  std::string lastText(SessionEvent::Kind kind) const {
    for (auto it = events.rbegin(); it != events.rend(); ++it)
      if (it->kind == kind) return it->text;
    return "";
  }
};

}  // namespace tessera::session
