#pragma once
// How the host reaches the board firmware and how patient it is.
#include <chrono>
#include <string>

namespace tessera::link {

struct LinkOptions {
  std::string devicePath;  // e.g. /dev/serial/by-id/usb-Tessera_Board-if00, or /dev/ttyACM0
  unsigned baudRate = 115200;
  std::chrono::milliseconds heartbeatInterval{250};  // also the Hello retry interval
  std::chrono::milliseconds quietTimeout{1000};      // no valid frame for this long: the link is quiet
  std::chrono::milliseconds reconnectInterval{200};  // between attempts to reopen a lost port
};

}  // namespace tessera::link
