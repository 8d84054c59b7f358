#include "host/publish/mqtt_client.hpp"

#include <mosquitto.h>

#include <boost/asio/post.hpp>
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
  mosquitto_int_option(mosq_, MOSQ_OPT_PROTOCOL_VERSION, MQTT_PROTOCOL_V311);
  mosquitto_reconnect_delay_set(mosq_, 1, 5, false);
  if (!options_.address.user.empty())
    mosquitto_username_pw_set(mosq_, options_.address.user.c_str(),
                              options_.address.password.empty() ? nullptr : options_.address.password.c_str());
  if (options_.will)
    mosquitto_will_set(mosq_, options_.will->topic.c_str(), static_cast<int>(options_.will->payload.size()),
                       options_.will->payload.data(), 1, true);
  if (options_.address.tls) {
    const int rc = options_.caFile.empty() ? mosquitto_tls_set(mosq_, nullptr, "/etc/ssl/certs", nullptr, nullptr, nullptr)
                                           : mosquitto_tls_set(mosq_, options_.caFile.c_str(), nullptr, nullptr, nullptr, nullptr);
    if (rc != MOSQ_ERR_SUCCESS) throw std::runtime_error(std::string("MQTT over TLS: ") + mosquitto_strerror(rc));
  }
  mosquitto_connect_callback_set(mosq_, [](mosquitto*, void* obj, int rc) {
    auto& self = *static_cast<std::shared_ptr<Shared>*>(obj);
    Shared::post(self, [rc](MqttClient& c) {
      if (rc != 0) {
        if (c.handlers_.onDisconnected) c.handlers_.onDisconnected(mqttConnectText(rc));
        return;
      }
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
  // A broker not there yet is tried again by the loop's thread, like one that goes away later.
  mosquitto_connect_async(mosq_, options_.address.host.c_str(), options_.address.port, options_.keepAliveSeconds);
  const int rc = mosquitto_loop_start(mosq_);
  if (rc != MOSQ_ERR_SUCCESS) {
    mosquitto_destroy(mosq_);
    delete handle;
    throw std::runtime_error(std::string("cannot start the MQTT client's thread: ") + mosquitto_strerror(rc));
  }
}

MqttClient::~MqttClient() {
  {
    std::lock_guard lock(shared_->mutex);
    shared_->owner = nullptr;
  }
  void* handle = mosquitto_userdata(mosq_);
  mosquitto_disconnect(mosq_);
  mosquitto_loop_stop(mosq_, false);
  mosquitto_destroy(mosq_);
  delete static_cast<std::shared_ptr<Shared>*>(handle);
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
