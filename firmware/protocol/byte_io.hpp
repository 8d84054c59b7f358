#pragma once
// Little-endian field access for message bodies; both sides of the link use these.
#include <cstddef>
#include <cstdint>
#include <span>

namespace tessera::wire {

class ByteWriter {
 public:
  explicit ByteWriter(std::span<std::uint8_t> out) : out_(out) {}
  void u8(std::uint8_t v) { put(v); }
  void u16(std::uint16_t v) {
    put(static_cast<std::uint8_t>(v));
    put(static_cast<std::uint8_t>(v >> 8));
  }
  void u32(std::uint32_t v) {
    u16(static_cast<std::uint16_t>(v));
    u16(static_cast<std::uint16_t>(v >> 16));
  }
  void bytes(std::span<const std::uint8_t> data) {
    for (std::uint8_t b : data) put(b);
  }
  std::size_t size() const { return size_; }
  bool overflowed() const { return overflowed_; }

 private:
  void put(std::uint8_t v) {
    if (size_ < out_.size()) {
      out_[size_++] = v;
    } else {
      overflowed_ = true;
    }
  }
  std::span<std::uint8_t> out_;
  std::size_t size_ = 0;
  bool overflowed_ = false;
};

class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> in) : in_(in) {}
  std::uint8_t u8() { return take(); }
  std::uint16_t u16() {
    const std::uint16_t lo = take();
    return static_cast<std::uint16_t>(lo | (take() << 8));
  }
  std::uint32_t u32() {
    const std::uint32_t lo = u16();
    return lo | (static_cast<std::uint32_t>(u16()) << 16);
  }
  std::size_t remaining() const { return in_.size() - at_; }
  // True when every read so far was inside the body.
  bool ok() const { return !underflowed_; }

 private:
  std::uint8_t take() {
    if (at_ < in_.size()) return in_[at_++];
    underflowed_ = true;
    return 0;
  }
  std::span<const std::uint8_t> in_;
  std::size_t at_ = 0;
  bool underflowed_ = false;
};

}  // namespace tessera::wire
