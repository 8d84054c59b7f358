#pragma once
// A board on the far end of a pseudo-terminal: the firmware's portable core, run on its own thread
// with sensors the test sets. The link driver opens `devicePath()`, a symlink to the pty's slave
// (as udev names a USB serial device), so that unplugging (closing the pty) and plugging back in
// (a new pty, the symlink moved) look to the driver like a real cable.
#include <array>
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "portable/board_firmware.hpp"

namespace tessera::testing {

// An 8x8 board that settles in three scans of 1 ms and calls a link quiet after half a second.
inline firmware::FirmwareConfig quickBoardConfig() {
  firmware::FirmwareConfig config;
  config.size = {8, 8};
  config.debounceScans = 3;
  config.scanPeriodUs = 1000;
  config.quietTimeoutMs = 500;
  return config;
}

class SimulatedBoard {
 public:
  SimulatedBoard(std::filesystem::path devicePath, firmware::FirmwareConfig config);
  ~SimulatedBoard();

  void plugIn();   // a new pty and a fresh firmware (it rebooted when powered from the cable)
  void unplug();   // closes the pty: the driver's port disappears
  void setMuted(bool muted);  // the firmware hangs: reads nothing, answers nothing

  void setOccupied(int file, int rank, bool occupied);
  std::string devicePath() const { return devicePath_.string(); }

  // What the firmware received and did, since the board was created.
  int framesReceived(wire::MessageType type) const;
  std::vector<std::vector<std::uint8_t>> ledFramesShown() const;

 private:
  class Sensors;
  class Leds;
  class Uart;
  void run();

  std::filesystem::path devicePath_;
  firmware::FirmwareConfig config_;
  std::array<std::atomic<std::uint16_t>, wire::kMaxRanks> grid_{};
  std::atomic<bool> muted_{false};
  std::atomic<bool> running_{false};
  int master_ = -1;
  int slave_ = -1;
  std::thread thread_;
  mutable std::mutex mutex_;
  std::array<int, 256> framesReceived_{};
  std::vector<std::vector<std::uint8_t>> ledFramesShown_;
};

}  // namespace tessera::testing
