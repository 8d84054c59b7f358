#include "host/publish/mqtt_address.hpp"

#include <cctype>

namespace tessera::publish {

namespace {
[[noreturn]] void refuse(const std::string& text, const std::string& why) {
  throw std::invalid_argument("'" + text + "' is not a broker address (" + why +
                              "): write mqtt://HOST[:PORT]/PREFIX, e.g. mqtt://192.168.1.10/club");
}
}  // namespace

MqttAddress parseMqttAddress(const std::string& text) {
  MqttAddress a;
  std::string rest;
  if (text.rfind("mqtt://", 0) == 0) {
    rest = text.substr(7);
  } else if (text.rfind("mqtts://", 0) == 0) {
    rest = text.substr(8);
    a.tls = true;
    a.port = 8883;
  } else {
    refuse(text, "it must begin with mqtt:// or mqtts://");
  }
  const auto slash = rest.find('/');
  if (slash == std::string::npos || slash + 1 == rest.size()) refuse(text, "the topic prefix after the host is missing");
  std::string hostPart = rest.substr(0, slash);
  a.prefix = rest.substr(slash + 1);
  while (!a.prefix.empty() && a.prefix.back() == '/') a.prefix.pop_back();
  if (a.prefix.empty()) refuse(text, "the topic prefix after the host is missing");
  for (const char c : a.prefix)
    if (c == '+' || c == '#' || static_cast<unsigned char>(c) < 0x20) refuse(text, "the prefix may not hold +, # or control characters");
  if (const auto at = hostPart.rfind('@'); at != std::string::npos) {
    const std::string credentials = hostPart.substr(0, at);
    hostPart = hostPart.substr(at + 1);
    const auto colon = credentials.find(':');
    a.user = credentials.substr(0, colon);
    if (colon != std::string::npos) a.password = credentials.substr(colon + 1);
  }
  if (const auto colon = hostPart.rfind(':'); colon != std::string::npos && hostPart.find(']') == std::string::npos) {
    const std::string port = hostPart.substr(colon + 1);
    hostPart = hostPart.substr(0, colon);
    if (port.empty() || port.size() > 5) refuse(text, "the port must be 1 to 65535");
    for (const char c : port)
      if (!std::isdigit(static_cast<unsigned char>(c))) refuse(text, "the port must be 1 to 65535");
    a.port = std::stoi(port);
    if (a.port < 1 || a.port > 65535) refuse(text, "the port must be 1 to 65535");
  }
  if (hostPart.empty()) refuse(text, "the host is missing");
  a.host = hostPart;
  return a;
}

void checkBoardName(const std::string& name) {
  bool ok = !name.empty() && name.size() <= 32;
  for (const char c : name) ok = ok && (std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_');
  if (!ok)
    throw std::invalid_argument("'" + name + "' cannot name a board: use 1 to 32 letters, digits, '-' or '_' (e.g. board07)");
}

}  // namespace tessera::publish
