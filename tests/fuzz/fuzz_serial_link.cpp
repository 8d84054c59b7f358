// The serial link, both ends. The input is a run of chunks: a control byte, a length byte, then
// that many bytes. An odd control byte makes the chunk a frame as the host would send it (first
// byte its type, two its sequence number, the rest its body), stuffed with its true CRC, so that
// the fuzzer reaches the messages themselves; an even one sends the bytes as they are, as line
// noise would. The firmware gets every chunk, and between chunks scans its (changing) sensors.
// Promises: no crash; every frame the firmware writes is well formed and its body reads as its
// type; and the host's receiver, fed the same bytes as if they came from the board, reads each
// body it accepts back to the same bytes.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "protocol/frame_receiver.hpp"
#include "protocol/messages.hpp"
#include "tests/firmware/support/fake_board_ports.hpp"
#include "tests/firmware/support/forged_frames.hpp"

namespace {

using namespace tessera;
using wire::MessageType;

// Reads `body` as a message of `type` and writes it back: false when it does not read; when it
// does, the bytes written must be the bytes read.
template <class Message>
bool readsBack(std::span<const std::uint8_t> body) {
  Message m;
  if (!wire::readBody(body, m)) return false;
  std::vector<std::uint8_t> again(wire::kMaxBodySize);
  const std::size_t n = wire::writeBody(m, again);
  if (n != body.size() || !std::equal(body.begin(), body.end(), again.begin())) std::abort();
  return true;
}

bool bodyReadsAsItsType(MessageType type, std::span<const std::uint8_t> body) {
  switch (type) {
    case MessageType::HelloAck: return readsBack<wire::HelloAck>(body);
    case MessageType::Snapshot: return readsBack<wire::SnapshotReport>(body);
    case MessageType::Changes: return readsBack<wire::ChangesReport>(body);
    case MessageType::LedAck: return readsBack<wire::LedAck>(body);
    case MessageType::HeartbeatAck: return readsBack<wire::HeartbeatAck>(body);
    case MessageType::Error: return readsBack<wire::ErrorReport>(body);
    case MessageType::LedFrame: return readsBack<wire::LedFrameCommand>(body);
    default: return body.empty();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  testing::FakeSensors sensors;
  testing::RecordingLeds leds;
  testing::RecordingUart uart;
  firmware::FirmwareConfig config;
  config.size = {8, 8};
  config.debounceScans = 2;
  firmware::BoardFirmware board(config, sensors, leds, uart);
  wire::FrameReceiver host(wire::Direction::ToHost);
  std::uint32_t nowMs = 0;
  std::size_t at = 0;
  while (at + 2 <= size) {
    const std::uint8_t control = data[at];
    const std::size_t length = std::min<std::size_t>(data[at + 1], size - at - 2);
    const std::vector<std::uint8_t> chunk(data + at + 2, data + at + 2 + length);
    at += 2 + length;
    std::vector<std::uint8_t> bytes = chunk;
    if (control % 2 && chunk.size() >= 3) {
      const std::vector<std::uint8_t> body(chunk.begin() + 3, chunk.end());
      bytes = testing::stuffed(testing::plainFrame(wire::kProtocolVersion, chunk[0],
                                                   static_cast<std::uint16_t>(chunk[1] | chunk[2] << 8), body));
    }
    for (std::uint8_t b : bytes) {
      board.receive(b, nowMs);
      const wire::ReceiveResult r = host.feed(b);
      if (r.kind == wire::ReceiveResult::Kind::Accepted) (void)bodyReadsAsItsType(r.frame.type, r.frame.body);
    }
    sensors.set(control % 8, (control / 8) % 8, control & 0x40);
    board.scan(nowMs += 2);
    board.checkLink(nowMs += control & 0x80 ? 700 : 3);
  }
  for (const testing::WrittenFrame& frame : testing::framesIn(uart.bytes))
    if (!bodyReadsAsItsType(frame.type, frame.body)) std::abort();
  return 0;
}
