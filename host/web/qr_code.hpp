#pragma once
// A QR code of a text (libqrencode), for the pairing address a phone's camera reads: the modules,
// and the code drawn in a terminal with half-block characters (two rows a line).
#include <string>
#include <string_view>
#include <vector>

namespace tessera::web {

struct QrCode {
  int size = 0;                      // modules a side; 0 when the text could not be encoded
  std::vector<unsigned char> dark;   // size * size, row by row, 1 dark
  bool at(int x, int y) const { return x >= 0 && y >= 0 && x < size && y < size && dark[static_cast<std::size_t>(y * size + x)]; }
};

QrCode qrCode(std::string_view text);
// The code with its quiet zone, dark modules as the terminal's background colour: light text on a
// dark terminal (the usual) reads as a QR code's dark on light.
std::string qrTerminalText(const QrCode& qr);

}  // namespace tessera::web
