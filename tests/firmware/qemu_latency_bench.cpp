// End-to-end latency with the real firmware image in QEMU: from a sensor change injected on the
// test port to the host's link driver delivering the snapshot that shows it, and from sending an
// LED frame to its acknowledgement. Prints median, 95th percentile and maximum.
#include <boost/asio/io_context.hpp>

#include <algorithm>
#include <cstdlib>
#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "hardware/link/firmware_link.hpp"
#include "support/qemu_board.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

void printSummary(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("%s: %zu samples, median %.2f ms, p95 %.2f ms, max %.2f ms\n", what, ms.size(), ms[ms.size() / 2],
              ms[ms.size() * 95 / 100], ms.back());
}

}  // namespace

int main(int argc, char** argv) {
  const int samples = argc > 1 ? std::atoi(argv[1]) : 50;
  if (auto reason = testing::QemuBoard::unavailableReason(TESSERA_QEMU_IMAGE)) {
    std::fprintf(stderr, "cannot measure: %s\n", reason->c_str());
    return 1;
  }
  testing::QemuBoard board(TESSERA_QEMU_IMAGE);
  board.waitUntilReady();
  boost::asio::io_context io;
  std::optional<Observation> latest;
  int acks = 0;
  link::LinkOptions options;
  options.devicePath = board.protocolDevice();
  link::LinkHandlers handlers;
  handlers.onObservation = [&](const Observation& o) { latest = o; };
  handlers.onLedAck = [&](std::uint16_t, bool) { ++acks; };
  link::FirmwareLink firmwareLink(io, options, handlers);
  firmwareLink.start();
  const auto runUntil = [&](const std::function<bool()>& done) {
    const auto end = Clock::now() + 5s;
    while (!done()) {
      if (Clock::now() > end) throw std::runtime_error("timed out waiting for the firmware");
      io.restart();
      io.run_for(1ms);
    }
  };
  runUntil([&] { return latest.has_value(); });

  std::vector<double> changeMs;
  testing::SensorRows rows{};
  for (int i = 0; i < samples; ++i) {
    const bool occupied = i % 2 == 0;
    rows[3] = occupied ? 0x10 : 0;  // e4 placed, lifted, placed...
    const auto injected = Clock::now();
    board.sendSensors(rows);
    runUntil([&] { return (latest->at(4, 3).occupant == Occupant::Occupied) == occupied; });
    changeMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - injected).count());
    while (board.nextLine(0ms)) {  // the test port's OKs
    }
  }
  std::vector<double> ledMs;
  std::vector<link::Rgb> colours(64, link::Rgb{10, 20, 30});
  for (int i = 0; i < samples; ++i) {
    const int before = acks;
    const auto sent = Clock::now();
    firmwareLink.sendLedFrame(colours);
    runUntil([&] { return acks > before; });
    ledMs.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
    while (board.nextLine(0ms)) {  // the LED lines
    }
  }
  std::printf("firmware in QEMU netduinoplus2, 8x8 board, debounce 3 scans of 1 ms:\n");
  printSummary("  injected change -> host snapshot", changeMs);
  printSummary("  LED frame (64 cells) -> acknowledgement", ledMs);
  return 0;
}
