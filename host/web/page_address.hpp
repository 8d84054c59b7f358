#pragma once
// The address a phone on the board's network opens the page at, for the pairing QR code and the
// terminal: the address served on, or with all interfaces served, the first IPv4 address of an
// interface that is up and not the loopback ("localhost" when there is none).
#include <string>

namespace tessera::web {

std::string pageAddress(const std::string& bindAddress, unsigned short port);
// The address with the pairing code after '#', which browsers never send to the server: the page
// reads it and pairs at once.
std::string pairingAddress(const std::string& pageAddress, const std::string& code);

}  // namespace tessera::web
