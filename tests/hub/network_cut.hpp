#pragma once
// A board's network, in the test's hands: a TCP relay between the board and the broker, on its
// own thread. cut() stops every byte both ways (the connections stay open, as when a Wi-Fi link
// drops: the ends find out only by their keep-alive) and turns new connections away; restore()
// lets them through again.
#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <memory>
#include <thread>
#include <vector>

namespace tessera::testing {

class NetworkCut {
 public:
  explicit NetworkCut(int brokerPort)
      : brokerPort_(brokerPort), acceptor_(io_, {boost::asio::ip::make_address("127.0.0.1"), 0}), work_(boost::asio::make_work_guard(io_)) {
    accept();
    thread_ = std::thread([this] { io_.run(); });
  }
  ~NetworkCut() {
    work_.reset();
    boost::asio::post(io_, [this] {
      acceptor_.close();
      closeAll();
    });
    io_.stop();
    thread_.join();
  }
  int port() const { return acceptor_.local_endpoint().port(); }
  void cut() { cut_ = true; }
  void restore() {
    boost::asio::post(io_, [this] {
      closeAll();  // the links that were cut are gone for good: both ends reconnect
      cut_ = false;
    });
  }

 private:
  using Socket = boost::asio::ip::tcp::socket;
  struct Link {
    Socket board, broker;
    std::array<char, 4096> up{}, down{};
    explicit Link(boost::asio::io_context& io) : board(io), broker(io) {}
  };

  void accept() {
    acceptor_.async_accept([this](const boost::system::error_code& ec, Socket socket) {
      if (ec) return;
      if (cut_) {
        socket.close();
      } else {
        auto link = std::make_shared<Link>(io_);
        link->board = std::move(socket);
        boost::system::error_code connectError;
        link->broker.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(brokerPort_)}, connectError);
        if (!connectError) {
          links_.push_back(link);
          pump(link, link->board, link->broker, link->up);
          pump(link, link->broker, link->board, link->down);
        }
      }
      accept();
    });
  }

  // Bytes from `from` to `to`, while the network is up; dropped while it is cut.
  void pump(const std::shared_ptr<Link>& link, Socket& from, Socket& to, std::array<char, 4096>& buffer) {
    from.async_read_some(boost::asio::buffer(buffer), [this, link, &from, &to, &buffer](const boost::system::error_code& ec, std::size_t n) {
      if (ec) {
        boost::system::error_code ignored;
        to.close(ignored);
        return;
      }
      if (!cut_) {
        boost::system::error_code writeError;
        boost::asio::write(to, boost::asio::buffer(buffer.data(), n), writeError);
      }
      pump(link, from, to, buffer);
    });
  }

  void closeAll() {
    for (auto& link : links_) {
      boost::system::error_code ignored;
      link->board.close(ignored);
      link->broker.close(ignored);
    }
    links_.clear();
  }

  int brokerPort_;
  boost::asio::io_context io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  std::vector<std::shared_ptr<Link>> links_;
  std::atomic<bool> cut_{false};
  std::thread thread_;
};

}  // namespace tessera::testing
