#pragma once
// A session fed with what a sensor would report after given actions, for the session's tests.
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "host/record/game_journal.hpp"
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

// Playing against the engine, which thinks `millis` for each of its actions (on the caller's thread:
// its action is known when the call that led to it returns).
inline SessionOptions againstTheEngine(int millis = 50) {
  SessionOptions o;
  o.mode = PlayMode::Engine;
  o.engineMillis = millis;
  return o;
}

// A scratch file name of this test process.
inline std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() / (name + "-" + std::to_string(::getpid()))).string();
}

// Options for a game journaled afresh at a scratch path named `name`, played at `timeControl`.
inline SessionOptions clockedAndJournaled(const std::string& name, const char* timeControl) {
  SessionOptions o;
  o.journalPath = tempPath(name);
  std::filesystem::remove(o.journalPath);
  o.timeControl = parseTimeControl(timeControl);
  return o;
}

// The journal's entries as written, without their checksums.
inline std::vector<std::string> journalPayloads(const std::string& path) {
  std::ifstream in(path);
  std::vector<std::string> payloads;
  for (std::string line; std::getline(in, line);) payloads.push_back(line.substr(0, line.rfind(" #")));
  return payloads;
}

// A journal at a scratch path named `name` of `variant`'s game with the actions `played` (SAN, each
// with its thinking time in milliseconds), as a program stopped after them leaves it; `then` writes
// more after them.
inline std::string journalWithTimes(const std::string& name, const char* variant,
                                    const std::vector<std::pair<const char*, long>>& played, const char* timeControl = nullptr,
                                    const std::function<void(GameJournal&, Game&)>& then = {}) {
  const std::string path = tempPath(name);
  std::filesystem::remove(path);
  Game g(builtinVariant(variant));
  GameJournal j = GameJournal::create(path, g);
  if (timeControl) j.recordTimeControl(timeControl);
  for (const auto& [text, millis] : played) {
    const Move m = parseMove(g.position(), text);
    j.recordAction(g.position(), m, millis);
    g.play(m);
  }
  if (then) then(j, g);
  return path;
}

// The same, each action thought over for a second.
inline std::string journalOf(const std::string& name, const char* variant, const std::vector<const char*>& played,
                             const char* timeControl = nullptr, const std::function<void(GameJournal&, Game&)>& then = {}) {
  std::vector<std::pair<const char*, long>> timed;
  for (const char* text : played) timed.emplace_back(text, 1000L);
  return journalWithTimes(name, variant, timed, timeControl, then);
}

}  // namespace tessera::session
