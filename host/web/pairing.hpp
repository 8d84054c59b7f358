#pragma once
// Who may command the board from the web page: a device paired with the one-time code the board's
// own screen and terminal show (docs/security.md). Pairing gives the device a random session token;
// a new game, or a re-pairing asked for at the board, revokes every token. Wrong codes are counted:
// after a few the pairing locks for a while and the code changes, so that guessing the code over
// the club's network takes months, not minutes. Everything here is called on the table's loop.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tessera::web {

struct PairingLimits {
  int wrongCodesBeforeLockout = 5;
  std::chrono::seconds lockout{60};
  int devices = 8;  // tokens kept at once; a ninth pairing drops the oldest
};

class Pairing {
 public:
  using Clock = std::chrono::steady_clock;

  struct Outcome {
    enum class Kind { Paired, WrongCode, LockedOut } kind;
    std::string token;                 // Paired: the device's token
    int triesLeft = 0;                 // WrongCode: wrong codes left before the lockout
    std::chrono::seconds wait{0};      // LockedOut (and the WrongCode that locked): how long
    std::string message;               // what to tell the person, in a sentence
  };

  explicit Pairing(PairingLimits limits = {});

  // The code the board shows now: six digits, good for one pairing.
  const std::string& code() const { return code_; }
  // A device offers `code` (surrounding blanks are ignored). A right code pairs the device and
  // makes a new code; a wrong one counts; while locked even the right one is refused.
  Outcome pair(std::string_view offered, Clock::time_point now);
  // Whether `token` is one this board gave out and has not revoked.
  bool admits(std::string_view token) const;
  // Every device unpaired and a new code (a new game, or a re-pairing at the board).
  void revokeAll();
  // How long pairing stays locked from `now` (zero when it is open).
  std::chrono::seconds lockedFor(Clock::time_point now) const;
  int pairedDevices() const { return static_cast<int>(tokens_.size()); }
  const PairingLimits& limits() const { return limits_; }

  // Called after the code changes, a lockout starts, or tokens are revoked: the screen and the
  // terminal show the new state, the pages learn whether they are still paired.
  std::function<void()> onChange;

 private:
  void newCode();
  void changed() const {
    if (onChange) onChange();
  }

  PairingLimits limits_;
  std::string code_;
  std::vector<std::string> tokens_;  // oldest first
  int wrongCodes_ = 0;
  Clock::time_point lockedUntil_{};
};

// `bytes` random bytes from the kernel (getrandom), as lower-case hex.
std::string randomHex(int bytes);

}  // namespace tessera::web
