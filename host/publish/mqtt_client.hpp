#pragma once
// A connection to an MQTT broker through libmosquitto (docs/club.md says why that library): it
// connects in the background on a thread of its own, reconnects after the broker or the network is
// away (1 s, then up to every 5 s), whatever went wrong (libmosquitto 2.0.11's own threaded loop
// ends for good, silently, after a failed TLS handshake, so the client runs its own loop),
// and hands what happens (connected, disconnected, a refused connection and why, a message, a QoS 1
// message acknowledged by the broker) to the io_context's thread, where the caller lives. publish()
// and subscribe() may be called from that thread at any time; while not connected they return false
// and nothing is sent (the caller keeps what it still has to send).
#include <boost/asio/io_context.hpp>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "host/publish/mqtt_address.hpp"

struct mosquitto;

namespace tessera::publish {

struct MqttHandlers {
  std::function<void()> onConnected;
  std::function<void(const std::string& why)> onDisconnected;
  std::function<void(const std::string& topic, const std::string& payload)> onMessage;
  std::function<void(int messageId)> onAcknowledged;  // a QoS 1 publish the broker has taken
  // A connection that could not be made, in words naming the cause ("TLS: the broker's certificate
  // is not trusted ...", "connection refused: not authorised"). Called once for each new cause
  // until a connection is made; the client goes on trying.
  std::function<void(const std::string& why)> onRefused;
};

struct LastWill {
  std::string topic;
  std::string payload;
};

struct MqttOptions {
  MqttAddress address;
  std::string clientId;
  std::optional<LastWill> will;      // published (QoS 1, retained) by the broker if we vanish
  std::string caFile;                // with mqtts://: the CA certificate; empty: the system's
  int keepAliveSeconds = 10;
  // false: the broker keeps the client's subscriptions and queues its QoS 1 messages while it is
  // away (the hub: nothing a board sends meanwhile is lost to it). Needs a fixed clientId.
  bool cleanSession = true;
};

class MqttClient {
 public:
  // Starts connecting at once. Throws std::runtime_error when libmosquitto refuses the options.
  MqttClient(boost::asio::io_context& io, MqttOptions options, MqttHandlers handlers);
  ~MqttClient();
  MqttClient(const MqttClient&) = delete;
  MqttClient& operator=(const MqttClient&) = delete;

  bool connected() const { return connected_; }
  // QoS 1. Returns the message id, or none when it could not be handed to the connection.
  std::optional<int> publish(const std::string& topic, const std::string& payload, bool retain);
  bool subscribe(const std::string& pattern);
  const MqttOptions& options() const { return options_; }

 private:
  struct Shared;  // what the client's thread reaches: the loop to post to, and whether we still exist
  void run();     // the client's thread: connects, reads and writes, and connects again
  std::string failureText(int rc, int error) const;

  boost::asio::io_context& io_;
  MqttOptions options_;
  MqttHandlers handlers_;
  std::shared_ptr<Shared> shared_;
  mosquitto* mosq_ = nullptr;
  bool connected_ = false;
  std::thread thread_;
};

// "connection refused: not authorised" and the like, for libmosquitto's codes.
std::string mqttConnectText(int code);

}  // namespace tessera::publish
