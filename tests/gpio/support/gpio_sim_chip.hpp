#pragma once
// A simulated GPIO chip from the kernel's gpio-sim driver, made and taken down through configfs
// (/sys/kernel/config/gpio-sim, Documentation/admin-guide/gpio/gpio-sim.rst). The test plays the
// world outside the chip: it pulls input lines up or down and reads what outputs drive.
#include <optional>
#include <string>
#include <vector>

namespace tessera::testing {

class GpioSimChip {
 public:
  // Why no gpio-sim chip can be made on this machine (kernel, module, permissions), or nothing.
  static std::optional<std::string> unavailableReason();

  // A live chip with `lineCount` lines labelled `label`; names[i], when not empty, names line i.
  // Throws std::runtime_error saying which configfs step failed.
  GpioSimChip(const std::string& label, int lineCount, const std::vector<std::string>& names);
  ~GpioSimChip();
  GpioSimChip(const GpioSimChip&) = delete;
  GpioSimChip& operator=(const GpioSimChip&) = delete;

  const std::string& chipName() const { return chipName_; }  // gpiochipN
  // What an outside pull-up or pull-down makes an input line read (physical level).
  void pull(unsigned offset, bool up);
  // The physical level of the line: what an output drives, or the pull of an input.
  int level(unsigned offset) const;

 private:
  std::string lineFile(unsigned offset, const char* attribute) const;
  void takeDown();

  std::string device_;  // the configfs directory
  std::vector<std::string> lineDirectories_;
  std::string chipName_;
  std::string platformDevice_;  // gpio-sim.N
};

}  // namespace tessera::testing
