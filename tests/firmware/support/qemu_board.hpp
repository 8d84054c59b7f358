#pragma once
// The real firmware image running in qemu-system-arm (netduinoplus2): USART1 (the protocol) and
// USART2 (the test port, firmware/ports/qemu_netduinoplus2/test_port.hpp) on pseudo-terminals.
#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tessera::testing {

using SensorRows = std::array<std::uint16_t, 12>;  // bit f of row r: file f of rank r closed

class QemuBoard {
 public:
  // Why the image cannot run here (no qemu-system-arm, image not built), or nothing.
  static std::optional<std::string> unavailableReason(const std::string& image);

  // Starts QEMU; throws std::runtime_error with QEMU's own words if it does not come up (and then
  // leaves no QEMU behind). QEMU dies with the process that started it.
  explicit QemuBoard(const std::string& image);
  // Stops QEMU: SIGTERM, then SIGKILL if it has not exited within two seconds (a guest blocked
  // on a full pty cannot act on SIGTERM).
  ~QemuBoard();
  QemuBoard(const QemuBoard&) = delete;
  QemuBoard& operator=(const QemuBoard&) = delete;

  const std::string& protocolDevice() const { return protocolDevice_; }

  // Waits until the test port answers (QEMU notices a pty reader within a second or so).
  void waitUntilReady(std::chrono::milliseconds limit = std::chrono::milliseconds(5000));
  // Writes a sensor state; the firmware answers "OK" (see nextLine()).
  void sendSensors(const SensorRows& rows);
  // The next complete line from the test port, waiting at most `limit`; with a zero limit, what
  // has already arrived. Read the test port often: QEMU stops the guest while the pty is full.
  std::optional<std::string> nextLine(std::chrono::milliseconds limit);

 private:
  void readPtyNames();
  std::string qemuOutput() const;
  void stop();

  pid_t pid_ = -1;
  int outputFile_ = -1;  // QEMU's stdout and stderr (a file: QEMU never blocks on it)
  int testPort_ = -1;
  std::string protocolDevice_;
  std::string testPortDevice_;
  std::string pending_;
};

}  // namespace tessera::testing
