#include "frame_decoder.hpp"

#include <span>

#include "crc16.hpp"

namespace tessera::wire {

DecodeResult FrameDecoder::feed(std::uint8_t byte) {
  if (byte != kDelimiter) {
    if (encodedSize_ < encoded_.size()) {
      encoded_[encodedSize_++] = byte;
    } else {
      overflowed_ = true;  // keep discarding until the delimiter resynchronises the stream
    }
    return {};
  }
  DecodeResult result = finishFrame();
  encodedSize_ = 0;
  overflowed_ = false;
  return result;
}

DecodeResult FrameDecoder::finishFrame() {
  DecodeResult dropped;
  dropped.kind = DecodeResult::Kind::Dropped;
  if (overflowed_) {
    dropped.reason = DropReason::Oversize;
    return dropped;
  }
  if (encodedSize_ == 0) return {};  // back-to-back delimiters are idle line, not a frame
  const CobsDecodeResult unstuffed =
      cobsDecode(std::span<const std::uint8_t>(encoded_.data(), encodedSize_), plain_);
  if (!unstuffed.ok) {
    // A well-stuffed frame that only fails because it is too large is still oversize.
    dropped.reason = encodedSize_ > cobsMaxEncodedSize(kMaxFrameSize) - 1 ? DropReason::Oversize
                                                                          : DropReason::BadStuffing;
    return dropped;
  }
  const std::size_t size = unstuffed.size;
  if (size < kMinFrameSize) {
    dropped.reason = DropReason::Truncated;
    return dropped;
  }
  const std::uint16_t expectedCrc = crc16Ccitt(std::span<const std::uint8_t>(plain_.data(), size - kCrcSize));
  const std::uint16_t receivedCrc = static_cast<std::uint16_t>((plain_[size - 2] << 8) | plain_[size - 1]);
  if (expectedCrc != receivedCrc) {
    dropped.reason = DropReason::BadCrc;
    return dropped;
  }
  const std::size_t declaredBody = static_cast<std::size_t>(plain_[4] | (plain_[5] << 8));
  if (size - kMinFrameSize != declaredBody) {
    dropped.reason = size - kMinFrameSize < declaredBody ? DropReason::Truncated : DropReason::BadLength;
    return dropped;
  }
  if (plain_[0] != kProtocolVersion) {
    dropped.reason = DropReason::WrongVersion;
    dropped.receivedVersion = plain_[0];
    return dropped;
  }
  if (!isMessageTypeFor(direction_, plain_[1])) {
    dropped.reason = DropReason::UnknownType;
    dropped.receivedType = plain_[1];
    return dropped;
  }
  DecodeResult accepted;
  accepted.kind = DecodeResult::Kind::Frame;
  accepted.frame.version = plain_[0];
  accepted.frame.type = static_cast<MessageType>(plain_[1]);
  accepted.frame.sequence = static_cast<std::uint16_t>(plain_[2] | (plain_[3] << 8));
  accepted.frame.body = std::span<const std::uint8_t>(plain_.data() + kHeaderSize, size - kMinFrameSize);
  return accepted;
}

}  // namespace tessera::wire
