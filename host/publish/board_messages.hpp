#pragma once
// What a board publishes and the hub reads, as JSON on MQTT topics under PREFIX/board/NAME/:
//   header   retained  the game: its id, variant, start, time control, players
//   action   QoS 1     one action: its number (1, 2, ...), its SAN, thinking time and the clock after
//                      it; or a takeback: {"game":..,"takeback":N} (N actions remain)
//   state    retained  what the board shows now: playing / choose / mismatch / finished, the actions
//                      so far, the result, the clocks, the position
//   online   retained  "1", or "0" (the board's last will, published by the broker when it vanishes)
// and what the hub sends to a board:
//   resend   QoS 1     {"game":..,"from":N}: send the actions from N again (the hub misses them)
//   pairing  retained  {"players":[..],"event":..,"round":..}: the round file's names for this board
// The hub counts actions by their number: one it has already is a duplicate and dropped.
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tessera::publish {

struct BoardTopics {
  std::string base;  // PREFIX/board/NAME
  explicit BoardTopics(const std::string& prefix, const std::string& board) : base(prefix + "/board/" + board) {}
  std::string header() const { return base + "/header"; }
  std::string action() const { return base + "/action"; }
  std::string state() const { return base + "/state"; }
  std::string online() const { return base + "/online"; }
  std::string resend() const { return base + "/resend"; }
  std::string pairing() const { return base + "/pairing"; }
};

struct GameHeader {
  std::string board;
  std::string game;         // the game's id: the same after the board resumes it from its journal
  std::string variant;      // the variant's name as `tessera variants` lists it
  std::string start;        // the start position's string; empty: the variant's own start
  std::string timeControl;  // "5+3" or "none"
  std::vector<std::string> players;  // by side; "" where unknown
  std::string event, round;
};

struct PublishedAction {
  int number = 0;     // 1 for the game's first action
  std::string san;
  std::optional<long> millis;       // its side's thinking time
  std::optional<long> clockMillis;  // its side's clock after it: time left, or time used without a time control
};

struct BoardState {
  std::string game;
  int actions = 0;
  std::string state = "playing";  // playing, choose, mismatch, unexpected, finished
  std::string result = "*";
  std::string reason;
  std::vector<long> clocks;       // each side's clock now (ms), as in clockMillis
  int sideToAct = 0;
  bool counting = false;          // the clocks count down (a time control)
  std::string lastAction;
  std::string message;            // what the board last told its players
  long long sentAt = 0;           // the board's time, ms since 1970
};

struct Pairing {
  std::vector<std::string> players;
  std::string event, round;
};

std::string headerJson(const GameHeader& h);
std::string actionJson(const std::string& game, const PublishedAction& a);
std::string takebackJson(const std::string& game, int remaining);
std::string stateJson(const BoardState& s);
std::string resendJson(const std::string& game, int from);
std::string pairingJson(const Pairing& p);

// Each reader throws std::invalid_argument naming what is wrong with the payload (JSON or fields).
GameHeader readHeader(const std::string& payload);
// A takeback comes back with `takebackTo` set and no action.
struct ActionMessage {
  std::string game;
  std::optional<PublishedAction> action;
  std::optional<int> takebackTo;
};
ActionMessage readAction(const std::string& payload);
BoardState readState(const std::string& payload);
std::pair<std::string, int> readResend(const std::string& payload);
Pairing readPairing(const std::string& payload);

long long unixMillisNow();

}  // namespace tessera::publish
