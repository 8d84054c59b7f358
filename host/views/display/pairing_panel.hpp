#pragma once
// The pairing panel on the board's own screen (docs/security.md): the one-time code a phone
// enters to command the board, and a QR code of the page's address with that code, in a box at
// the bottom right; while pairing is locked after wrong codes, that and for how long instead.
// Drawn only on the screen at the table, never into the image the web page serves.
#include <string>
#include <vector>

#include <opencv2/core.hpp>

namespace tessera::display {

struct PairingPanel {
  std::string code;                   // six digits
  std::string address;                // the page's address, shown under the code
  int qrSize = 0;                     // modules a side; 0: no QR code
  std::vector<unsigned char> qrDark;  // qrSize * qrSize, row by row, 1 dark
  int lockedSeconds = 0;              // > 0: pairing locked for so long
  int wrongCodes = 0;                 // the wrong codes that locked it
};

void drawPairingPanel(cv::Mat& img, const PairingPanel& panel);

}  // namespace tessera::display
