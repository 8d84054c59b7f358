#include "pairing.hpp"

#include <sys/random.h>

#include <algorithm>
#include <cerrno>
#include <stdexcept>
#include <system_error>

namespace tessera::web {
namespace {

void fillRandom(unsigned char* out, std::size_t size) {
  std::size_t got = 0;
  while (got < size) {
    const ssize_t n = ::getrandom(out + got, size - got, 0);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw std::system_error(errno, std::generic_category(), "getrandom");
    }
    got += static_cast<std::size_t>(n);
  }
}

// Compares in a time that does not depend on where the texts first differ.
bool sameText(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string_view trimmed(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::chrono::seconds roundedUp(std::chrono::steady_clock::duration d) {
  const auto s = std::chrono::ceil<std::chrono::seconds>(d);
  return s.count() > 0 ? s : std::chrono::seconds(0);
}

}  // namespace

std::string randomHex(int bytes) {
  std::vector<unsigned char> raw(static_cast<std::size_t>(bytes));
  fillRandom(raw.data(), raw.size());
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (const unsigned char b : raw) {
    hex += kDigits[b >> 4];
    hex += kDigits[b & 15];
  }
  return hex;
}

Pairing::Pairing(PairingLimits limits) : limits_(limits) { newCode(); }

void Pairing::newCode() {
  // Six digits, each code equally likely: draws at or above the largest multiple of a million
  // that fits are drawn again.
  constexpr std::uint32_t kCodes = 1000000, kFair = (0xFFFFFFFFu / kCodes) * kCodes;
  std::uint32_t n = 0;
  do fillRandom(reinterpret_cast<unsigned char*>(&n), sizeof n);
  while (n >= kFair);
  std::string digits = std::to_string(n % kCodes);
  code_ = std::string(6 - digits.size(), '0') + digits;
}

Pairing::Outcome Pairing::pair(std::string_view offered, Clock::time_point now) {
  if (const auto wait = lockedFor(now); wait.count() > 0)
    return {Outcome::Kind::LockedOut, "", 0, wait,
            "pairing is locked for " + std::to_string(wait.count()) + " s after " +
                std::to_string(limits_.wrongCodesBeforeLockout) + " wrong codes"};
  if (!sameText(trimmed(offered), code_)) {
    ++wrongCodes_;
    const int left = limits_.wrongCodesBeforeLockout - wrongCodes_;
    if (left > 0) {
      return {Outcome::Kind::WrongCode, "", left, std::chrono::seconds(0),
              "wrong code: " + std::to_string(left) + (left == 1 ? " try" : " tries") + " left before pairing locks"};
    }
    // Locked, and the code is no longer the one the wrong guesses were tried against.
    wrongCodes_ = 0;
    lockedUntil_ = now + limits_.lockout;
    newCode();
    changed();
    return {Outcome::Kind::LockedOut, "", 0, limits_.lockout,
            "wrong code: pairing is locked for " + std::to_string(limits_.lockout.count()) + " s"};
  }
  wrongCodes_ = 0;
  std::string token = randomHex(16);
  tokens_.push_back(token);
  if (static_cast<int>(tokens_.size()) > limits_.devices) tokens_.erase(tokens_.begin());
  newCode();  // one code, one device
  changed();
  return {Outcome::Kind::Paired, std::move(token), 0, std::chrono::seconds(0), "paired"};
}

bool Pairing::admits(std::string_view token) const {
  if (token.empty()) return false;
  bool found = false;
  for (const std::string& t : tokens_) found |= sameText(t, token);
  return found;
}

void Pairing::revokeAll() {
  tokens_.clear();
  wrongCodes_ = 0;
  newCode();
  changed();
}

std::chrono::seconds Pairing::lockedFor(Clock::time_point now) const {
  return now < lockedUntil_ ? roundedUp(lockedUntil_ - now) : std::chrono::seconds(0);
}

}  // namespace tessera::web
