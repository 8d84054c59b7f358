#pragma once
// Where a board publishes and a hub listens: mqtt://[USER[:PASSWORD]@]HOST[:PORT]/PREFIX (port 1883)
// or mqtts://... (TLS, port 8883). The prefix is the topic level every board's topics sit under
// ("club/round3"); it may not hold MQTT's wildcards.
#include <stdexcept>
#include <string>

namespace tessera::publish {

struct MqttAddress {
  std::string host;
  int port = 1883;
  std::string prefix;
  std::string user;
  std::string password;
  bool tls = false;
};

// Throws std::invalid_argument saying what is expected.
MqttAddress parseMqttAddress(const std::string& text);

// A board's name as it appears in its topics and as its broker user: letters, digits, '-' and '_',
// 1 to 32 of them. Throws std::invalid_argument otherwise.
void checkBoardName(const std::string& name);

}  // namespace tessera::publish
