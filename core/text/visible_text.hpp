#pragma once
// Text from outside (a position string, a game record, a protocol line) quoted in a message: bytes
// a terminal or a log would not show, or would show as something else, are written as \xNN.
#include <string>
#include <string_view>

namespace tessera {

// Printable ASCII and well-formed UTF-8 letters ("é", "♔") stay as they are; control bytes (a NUL,
// a tab, a carriage return), DEL and bytes that are no UTF-8 become "\x00", "\x09", "\xFF"...
std::string visibleText(std::string_view text);

// The start of a piece of outside text to quote, at most `longest` bytes (not cutting a UTF-8
// letter) with "..." when cut: a 20 MB word in a file is not echoed whole.
std::string excerpt(std::string_view text, std::size_t longest = 60);

}  // namespace tessera
