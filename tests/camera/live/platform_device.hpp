#pragma once
// A virtual camera's platform device (vivid.0, vimc.0) unplugged and plugged back in: its driver is
// unbound from it through sysfs, which removes its /dev nodes while programs still hold them open, as
// pulling a USB camera's cable does, and bound again, which makes them anew.
#include <filesystem>
#include <fstream>
#include <string>

namespace tessera::testing {

inline bool platformDeviceExists(const std::string& device) {
  return std::filesystem::exists("/sys/bus/platform/devices/" + device);
}

// Whether the driver is bound to the device now.
inline bool platformDeviceBound(const std::string& driver, const std::string& device) {
  return std::filesystem::exists("/sys/bus/platform/drivers/" + driver + "/" + device);
}

inline bool writeSysfs(const std::string& path, const std::string& text) {
  std::ofstream file(path);
  file << text;
  file.flush();
  return static_cast<bool>(file);
}

inline bool unplugPlatformDevice(const std::string& driver, const std::string& device) {
  return writeSysfs("/sys/bus/platform/drivers/" + driver + "/unbind", device);
}

inline bool plugPlatformDevice(const std::string& driver, const std::string& device) {
  return writeSysfs("/sys/bus/platform/drivers/" + driver + "/bind", device);
}

}  // namespace tessera::testing
