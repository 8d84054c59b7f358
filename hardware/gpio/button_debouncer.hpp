#pragma once
// Debounce for buttons driven by edges: a new level counts only once no further edge has come for
// the debounce time. Contacts that chatter on press or release therefore give one press and one
// release, each reported `debounce` after the last bounce.
#include <chrono>
#include <optional>
#include <vector>

#include "hardware/gpio/button_lines.hpp"

namespace tessera::gpio {

enum class ButtonAction { Pressed, Released };

struct ButtonEvent {
  int button = 0;
  ButtonAction action = ButtonAction::Pressed;
  std::chrono::nanoseconds when{};  // the last edge of the bounce
};

class ButtonDebouncer {
 public:
  // `levelsAtStart`: whether each button is held down when scanning starts.
  ButtonDebouncer(std::vector<bool> levelsAtStart, std::chrono::nanoseconds debounce);

  void addEdge(const ButtonEdge& edge);
  // The changes that are settled at `now`, oldest first.
  std::vector<ButtonEvent> settle(std::chrono::nanoseconds now);
  // When the earliest pending edge settles, if one is pending.
  std::optional<std::chrono::nanoseconds> nextDeadline() const;

 private:
  struct State {
    bool accepted = false;
    bool latest = false;
    std::chrono::nanoseconds lastEdge{};
    bool pending = false;
  };
  std::vector<State> buttons_;
  std::chrono::nanoseconds debounce_;
};

}  // namespace tessera::gpio
