#include "test_port.hpp"

namespace tessera::firmware::qemu {
namespace {

constexpr std::size_t kSensorDigits = wire::kMaxRanks * 3;

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void TestPort::receive(std::uint8_t byte) {
  if (byte == '\r') return;
  if (byte != '\n') {
    if (lineLength_ < line_.size()) {
      line_[lineLength_++] = static_cast<char>(byte);
    } else {
      lineTooLong_ = true;
    }
    return;
  }
  if (lineTooLong_) {
    uart_.writeText("ERR line longer than 64 characters\n");
  } else {
    handleLine();
  }
  lineLength_ = 0;
  lineTooLong_ = false;
}

void TestPort::handleLine() {
  if (lineLength_ == 0) return;
  if (line_[0] != 'S') {
    uart_.writeText("ERR unknown command (expected S<36 hex digits>)\n");
    return;
  }
  if (lineLength_ != 1 + kSensorDigits) {
    uart_.writeText("ERR S needs exactly 36 hex digits (12 ranks x 3)\n");
    return;
  }
  OccupancyGrid parsed{};
  for (std::size_t rank = 0; rank < wire::kMaxRanks; ++rank) {
    int value = 0;
    for (std::size_t digit = 0; digit < 3; ++digit) {
      const int v = hexValue(line_[1 + rank * 3 + digit]);
      if (v < 0) {
        uart_.writeText("ERR S takes hex digits only\n");
        return;
      }
      value = value * 16 + v;
    }
    parsed[rank] = static_cast<std::uint16_t>(value);
  }
  sensors_ = parsed;
  uart_.writeText("OK\n");
}

void TestPort::show(std::span<const std::uint8_t> grb) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  uart_.writeText("LED ");
  for (std::uint8_t byte : grb) {
    const std::uint8_t pair[2] = {static_cast<std::uint8_t>(kDigits[byte >> 4]), static_cast<std::uint8_t>(kDigits[byte & 0xF])};
    uart_.write(pair);
  }
  uart_.writeText("\n");
}

}  // namespace tessera::firmware::qemu
