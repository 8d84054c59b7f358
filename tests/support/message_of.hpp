#pragma once
// The message a rejected input gets: what the exception E thrown by `action` says, or "accepted".
#include <string>

template <typename E, typename F>
std::string messageOf(F&& action) {
  try {
    action();
  } catch (const E& e) {
    return e.what();
  }
  return "accepted";
}
