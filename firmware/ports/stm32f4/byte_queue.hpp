#pragma once
// A single-producer (interrupt), single-consumer (main loop) byte ring without locks.
#include <array>
#include <cstddef>
#include <cstdint>

namespace tessera::firmware::stm32f4 {

template <std::size_t Capacity>
class ByteQueue {
  static_assert((Capacity & (Capacity - 1)) == 0, "capacity must be a power of two");

 public:
  // Returns false (byte lost) when full.
  bool push(std::uint8_t byte) {
    const std::uint32_t head = head_;
    if (head - tail_ == Capacity) return false;
    bytes_[head % Capacity] = byte;
    head_ = head + 1;
    return true;
  }
  bool empty() const { return head_ == tail_; }
  std::uint8_t pop() {
    const std::uint8_t byte = bytes_[tail_ % Capacity];
    tail_ = tail_ + 1;
    return byte;
  }

 private:
  std::array<std::uint8_t, Capacity> bytes_{};
  volatile std::uint32_t head_ = 0;
  volatile std::uint32_t tail_ = 0;
};

}  // namespace tessera::firmware::stm32f4
