#include "simulated_board.hpp"

#include <poll.h>
#include <pty.h>
#include <termios.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <system_error>

#include "protocol/frame_decoder.hpp"

namespace tessera::testing {

class SimulatedBoard::Sensors : public firmware::SensorLines {
 public:
  explicit Sensors(const std::array<std::atomic<std::uint16_t>, wire::kMaxRanks>& grid) : grid_(grid) {}
  void selectRank(std::uint8_t rank) override { rank_ = rank; }
  std::uint16_t readFiles() override { return grid_[rank_].load(); }

 private:
  const std::array<std::atomic<std::uint16_t>, wire::kMaxRanks>& grid_;
  std::uint8_t rank_ = 0;
};

class SimulatedBoard::Leds : public firmware::LedStrip {
 public:
  explicit Leds(SimulatedBoard& board) : board_(board) {}
  void show(std::span<const std::uint8_t> grb) override {
    std::lock_guard lock(board_.mutex_);
    board_.ledFramesShown_.emplace_back(grb.begin(), grb.end());
  }

 private:
  SimulatedBoard& board_;
};

class SimulatedBoard::Uart : public firmware::ByteSink {
 public:
  explicit Uart(int fd) : fd_(fd) {}
  void write(std::span<const std::uint8_t> bytes) override {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n <= 0) return;  // unplugged
      done += static_cast<std::size_t>(n);
    }
  }

 private:
  int fd_;
};

SimulatedBoard::SimulatedBoard(std::filesystem::path devicePath, firmware::FirmwareConfig config)
    : devicePath_(std::move(devicePath)), config_(config) {
  plugIn();
}

SimulatedBoard::~SimulatedBoard() {
  unplug();
}

void SimulatedBoard::plugIn() {
  if (running_) return;
  if (::openpty(&master_, &slave_, nullptr, nullptr, nullptr) != 0) {
    throw std::system_error(errno, std::generic_category(), "openpty");
  }
  termios raw{};
  ::tcgetattr(slave_, &raw);
  ::cfmakeraw(&raw);
  ::tcsetattr(slave_, TCSANOW, &raw);
  // Move the symlink atomically, as udev would for a device that came back under a new name.
  const std::filesystem::path fresh = devicePath_.string() + ".new";
  std::error_code ignored;
  std::filesystem::remove(fresh, ignored);
  std::filesystem::create_symlink(::ttyname(slave_), fresh);
  std::filesystem::rename(fresh, devicePath_);
  running_ = true;
  thread_ = std::thread([this] { run(); });
}

void SimulatedBoard::unplug() {
  if (!running_) return;
  // The name goes first, as udev removes it: a stale link would lead the host to whatever pty
  // takes this one's number next, perhaps another test's board.
  std::error_code ignored;
  std::filesystem::remove(devicePath_, ignored);
  running_ = false;
  thread_.join();
  ::close(master_);
  ::close(slave_);
  master_ = slave_ = -1;
}

void SimulatedBoard::setMuted(bool muted) { muted_ = muted; }

void SimulatedBoard::setOccupied(int file, int rank, bool occupied) {
  const auto bit = static_cast<std::uint16_t>(1u << file);
  if (occupied) {
    grid_[rank] |= bit;
  } else {
    grid_[rank] &= static_cast<std::uint16_t>(~bit);
  }
}

int SimulatedBoard::framesReceived(wire::MessageType type) const {
  std::lock_guard lock(mutex_);
  return framesReceived_[static_cast<std::uint8_t>(type)];
}

std::vector<std::vector<std::uint8_t>> SimulatedBoard::ledFramesShown() const {
  std::lock_guard lock(mutex_);
  return ledFramesShown_;
}

void SimulatedBoard::run() {
  Sensors sensors(grid_);
  Leds leds(*this);
  Uart uart(master_);
  firmware::BoardFirmware board(config_, sensors, leds, uart);
  wire::FrameDecoder tap(wire::Direction::ToFirmware);  // counts what the host sent
  const auto start = std::chrono::steady_clock::now();
  const auto scanPeriod = std::chrono::microseconds(config_.scanPeriodUs);
  auto nextScan = start;
  while (running_) {
    const auto now = std::chrono::steady_clock::now();
    const auto nowMs = static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::milliseconds>(now - start).count());
    pollfd pfd{master_, POLLIN, 0};
    if (!muted_ && ::poll(&pfd, 1, 1) > 0 && (pfd.revents & POLLIN)) {
      std::array<std::uint8_t, 256> buffer{};
      const ssize_t n = ::read(master_, buffer.data(), buffer.size());
      for (ssize_t i = 0; i < n; ++i) {
        const wire::DecodeResult seen = tap.feed(buffer[static_cast<std::size_t>(i)]);
        if (seen.kind == wire::DecodeResult::Kind::Frame) {
          std::lock_guard lock(mutex_);
          ++framesReceived_[static_cast<std::uint8_t>(seen.frame.type)];
        }
        board.receive(buffer[static_cast<std::size_t>(i)], nowMs);
      }
    } else if (muted_) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    if (!muted_ && now >= nextScan) {
      board.scan(nowMs);
      nextScan += scanPeriod;
    }
  }
}

}  // namespace tessera::testing
