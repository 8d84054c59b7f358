#include "host/publish/mqtt_client.hpp"

#include <mosquitto.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <stdexcept>

namespace tessera::publish {

namespace {
void initOnce() {
  static std::once_flag once;
  std::call_once(once, [] { mosquitto_lib_init(); });
}
}  // namespace

struct MqttClient::Shared {
  std::mutex mutex;
  MqttClient* owner = nullptr;  // null once the client is gone: late callbacks are dropped
  boost::asio::io_context* io = nullptr;
  // The client's thread: told to stop (under `mutex`), woken from its wait between attempts.
  bool stopping = false;
  std::condition_variable wake;
  // What libmosquitto said of the attempt under way (under `mutex`): its error lines (OpenSSL's
  // reason for a failed handshake), the broker's refusal; and whether the broker accepted it.
  std::string errors;
  std::string refusal;
  std::atomic<bool> accepted{false};

  // Runs `f` on the loop's thread if the client is still there then.
  template <typename F>
  static void post(const std::shared_ptr<Shared>& self, F f) {
    boost::asio::post(*self->io, [self, f = std::move(f)]() mutable {
      MqttClient* owner = nullptr;
      {
        std::lock_guard lock(self->mutex);
        owner = self->owner;
      }
      if (owner) f(*owner);
    });
  }
};

std::string mqttConnectText(int code) {
  const char* text = mosquitto_connack_string(code);
  return text ? text : "connection refused (code " + std::to_string(code) + ")";
}

MqttClient::MqttClient(boost::asio::io_context& io, MqttOptions options, MqttHandlers handlers)
    : io_(io), options_(std::move(options)), handlers_(std::move(handlers)), shared_(std::make_shared<Shared>()) {
  initOnce();
  shared_->owner = this;
  shared_->io = &io_;
  // The callbacks get a heap copy of the shared pointer as their object, freed in the destructor.
  auto* handle = new std::shared_ptr<Shared>(shared_);
  mosq_ = mosquitto_new(options_.clientId.c_str(), options_.cleanSession, handle);
  if (!mosq_) {
    delete handle;
    throw std::runtime_error("cannot make an MQTT client (libmosquitto: out of memory or a bad client id)");
  }
  const auto fail = [&](const std::string& why) {
    mosquitto_destroy(mosq_);
    delete handle;
    throw std::runtime_error(why);
  };
  mosquitto_int_option(mosq_, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
  if (!options_.address.user.empty())
    mosquitto_username_pw_set(mosq_, options_.address.user.c_str(),
                              options_.address.password.empty() ? nullptr : options_.address.password.c_str());
  if (options_.will)
    mosquitto_will_set(mosq_, options_.will->topic.c_str(), static_cast<int>(options_.will->payload.size()),
                       options_.will->payload.data(), 1, true);
  if (options_.address.tls) {
    if (!options_.caFile.empty() && ::access(options_.caFile.c_str(), R_OK) != 0)
      fail("MQTT over TLS: cannot read the CA certificate '" + options_.caFile + "' (" + std::strerror(errno) + ")");
    const int rc = options_.caFile.empty() ? mosquitto_tls_set(mosq_, nullptr, "/etc/ssl/certs", nullptr, nullptr, nullptr)
                                           : mosquitto_tls_set(mosq_, options_.caFile.c_str(), nullptr, nullptr, nullptr, nullptr);
    if (rc != MOSQ_ERR_SUCCESS) fail(std::string("MQTT over TLS: ") + mosquitto_strerror(rc) + " (the CA certificate '" + options_.caFile + "')");
  }
  // Our own thread runs the loop (run()): libmosquitto locks what it shares with publish().
  mosquitto_threaded_set(mosq_, true);
  mosquitto_log_callback_set(mosq_, [](mosquitto*, void* obj, int level, const char* text) {
    if (!(level & MOSQ_LOG_ERR) || !text) return;
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    std::lock_guard lock(self->mutex);
    if (!self->errors.empty()) self->errors += "; ";
    self->errors += text;
  });
  mosquitto_connect_callback_set(mosq_, [](mosquitto*, void* obj, int rc) {
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    if (rc != 0) {
      // The broker answered and refused (a wrong password...): run() reports it with the attempt.
      std::lock_guard lock(self->mutex);
      self->refusal = mqttConnectText(rc);
      return;
    }
    self->accepted = true;
    Shared::post(self, [](MqttClient& c) {
      c.connected_ = true;
      if (c.handlers_.onConnected) c.handlers_.onConnected();
    });
  });
  mosquitto_disconnect_callback_set(mosq_, [](mosquitto*, void* obj, int rc) {
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    Shared::post(self, [rc](MqttClient& c) {
      const bool was = c.connected_;
      c.connected_ = false;
      if (was && c.handlers_.onDisconnected) c.handlers_.onDisconnected(rc == 0 ? "disconnected" : "connection lost");
    });
  });
  mosquitto_message_callback_set(mosq_, [](mosquitto*, void* obj, const mosquitto_message* m) {
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    std::string topic = m->topic ? m->topic : "";
    std::string payload(static_cast<const char*>(m->payload), static_cast<std::size_t>(m->payloadlen));
    Shared::post(self, [topic = std::move(topic), payload = std::move(payload)](MqttClient& c) {
      if (c.handlers_.onMessage) c.handlers_.onMessage(topic, payload);
    });
  });
  mosquitto_publish_callback_set(mosq_, [](mosquitto*, void* obj, int mid) {
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    Shared::post(self, [mid](MqttClient& c) {
      if (c.handlers_.onAcknowledged) c.handlers_.onAcknowledged(mid);
    });
  });
  thread_ = std::thread([this] { run(); });
}

MqttClient::~MqttClient() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->owner = nullptr;
    shared_->stopping = true;
  }
  shared_->wake.notify_all();
  void* handle = mosquitto_userdata(mosq_);
  mosquitto_disconnect(mosq_);  // wakes the thread from waiting on the socket
  if (thread_.joinable()) thread_.join();
  mosquitto_destroy(mosq_);
  delete static_cast<std::shared_ptr<Shared>*>(handle);
}

void MqttClient::run() {
  const auto stopping = [this] {
    std::lock_guard lock(shared_->mutex);
    return shared_->stopping;
  };
  bool first = true, connecting = true;
  int failures = 0;     // attempts failed in a row
  std::string reported;  // the cause last told to the caller
  while (!stopping()) {
    int rc = MOSQ_ERR_SUCCESS, error = 0;
    if (connecting) {
      {
        std::lock_guard lock(shared_->mutex);
        shared_->errors.clear();
        shared_->refusal.clear();
      }
      shared_->accepted = false;
      errno = 0;
      // Not blocking: a broker that does not answer is given up by the keep-alive, like a lost one.
      rc = first ? mosquitto_connect_async(mosq_, options_.address.host.c_str(), options_.address.port, options_.keepAliveSeconds)
                 : mosquitto_reconnect_async(mosq_);
      error = errno;
      first = false;
      connecting = rc != MOSQ_ERR_SUCCESS;
    }
    if (!connecting) {
      errno = 0;
      rc = mosquitto_loop(mosq_, 1000, 1);
      error = errno;
      if (rc == MOSQ_ERR_SUCCESS) {
        if (shared_->accepted) failures = 0, reported.clear();
        continue;
      }
      connecting = true;
    }
    if (stopping()) break;
    // A connection the broker had accepted: its end went to onDisconnected (the disconnect callback).
    if (!shared_->accepted) {
      const std::string why = failureText(rc, error);
      if (why != reported) {
        reported = why;
        Shared::post(shared_, [why](MqttClient& c) {
          if (c.handlers_.onRefused) c.handlers_.onRefused(why);
        });
      }
    }
    std::unique_lock lock(shared_->mutex);
    shared_->wake.wait_for(lock, std::chrono::seconds(std::min(5, 1 + failures++)), [this] { return shared_->stopping; });
  }
}

std::string MqttClient::failureText(int rc, int error) const {
  std::string errors, refusal;
  {
    std::lock_guard lock(shared_->mutex);
    errors = shared_->errors;
    refusal = shared_->refusal;
  }
  const std::string where = options_.address.host + ":" + std::to_string(options_.address.port);
  const auto said = [&](const char* words) { return errors.find(words) != std::string::npos; };
  if (!refusal.empty()) return "the broker at " + where + " refused the connection: " + refusal;
  if (options_.address.tls && (rc == MOSQ_ERR_TLS || error == EPROTO || said("OpenSSL"))) {
    if (said("certificate verify failed"))
      return "TLS: the broker's certificate at " + where + " is not trusted (certificate verify failed): it is not signed by " +
             (options_.caFile.empty() ? std::string("a CA this computer trusts (give the club's CA with --ca-file)")
                                      : "the CA in --ca-file " + options_.caFile) +
             ", or it is not made out to '" + options_.address.host + "', or this computer's clock is wrong";
    if (said("wrong version number") || said("packet length too long") || said("record layer failure") || said("unexpected eof") ||
        rc == MOSQ_ERR_CONN_LOST || rc == MOSQ_ERR_PROTOCOL)
      return "TLS: " + where + " does not answer in TLS: is it the broker's plain port? (mqtts:// needs its TLS listener, mqtt:// its plain one)";
    return "TLS with " + where + " failed: " + (errors.empty() ? mosquitto_strerror(rc) : errors);
  }
  if (!options_.address.tls && (rc == MOSQ_ERR_CONN_LOST || rc == MOSQ_ERR_PROTOCOL))
    return "the broker at " + where +
           " closed the connection before accepting it: if that is its TLS listener, use mqtts:// (and --ca-file for the club's CA)";
  if (rc == MOSQ_ERR_EAI) return "cannot find the host '" + options_.address.host + "' (its name is unknown, or the network is down)";
  if (rc == MOSQ_ERR_ERRNO && error == ECONNREFUSED) return "nothing listens on " + where + " (is the broker running?)";
  if (rc == MOSQ_ERR_ERRNO && error != 0) return where + ": " + std::strerror(error);
  if (rc == MOSQ_ERR_KEEPALIVE) return "no answer from " + where;
  return where + ": " + mosquitto_strerror(rc);
}

std::optional<int> MqttClient::publish(const std::string& topic, const std::string& payload, bool retain) {
  if (!connected_) return std::nullopt;
  int mid = 0;
  const int rc = mosquitto_publish(mosq_, &mid, topic.c_str(), static_cast<int>(payload.size()), payload.data(), 1, retain);
  if (rc != MOSQ_ERR_SUCCESS) return std::nullopt;
  return mid;
}

bool MqttClient::subscribe(const std::string& pattern) {
  if (!connected_) return false;
  return mosquitto_subscribe(mosq_, nullptr, pattern.c_str(), 1) == MOSQ_ERR_SUCCESS;
}

}  // namespace tessera::publish
