#include "support/gpio_sim_chip.hpp"

#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tessera::testing {
namespace {

namespace fs = std::filesystem;
const fs::path kConfigRoot = "/sys/kernel/config";
const fs::path kGpioSim = kConfigRoot / "gpio-sim";

std::string kernelRelease() {
  utsname name{};
  ::uname(&name);
  return name.release;
}

bool kernelHasFilesystem(const std::string& type) {
  std::ifstream filesystems("/proc/filesystems");
  std::string line;
  while (std::getline(filesystems, line))
    if (line.size() >= type.size() && line.substr(line.size() - type.size()) == type) return true;
  return false;
}

bool configfsMounted() {
  std::ifstream mounts("/proc/mounts");
  std::string device, mountPoint, type;
  std::string rest;
  while (mounts >> device >> mountPoint >> type && std::getline(mounts, rest))
    if (mountPoint == kConfigRoot.string() && type == "configfs") return true;
  return false;
}

// Tries to load the module; returns what happened, for the skip message.
std::string tryModprobe() {
  const std::string modules = "/lib/modules/" + kernelRelease();
  if (!fs::exists(modules)) return "and no modules can be loaded (" + modules + " is missing)";
  FILE* out = ::popen("modprobe gpio-sim 2>&1", "r");
  if (!out) return "modprobe could not be run";
  std::string said;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, out)) said += buffer;
  const int status = ::pclose(out);
  while (!said.empty() && said.back() == '\n') said.pop_back();
  if (status == 0) return "";
  return "modprobe gpio-sim failed: " + (said.empty() ? "exit status " + std::to_string(status) : said);
}

void writeFile(const fs::path& path, const std::string& value) {
  std::ofstream file(path);
  file << value;
  file.flush();
  if (!file) throw std::runtime_error("gpio-sim: writing '" + value + "' to " + path.string() + " failed");
}

std::string readFile(const fs::path& path) {
  std::ifstream file(path);
  std::string value;
  if (!file || !std::getline(file, value)) throw std::runtime_error("gpio-sim: cannot read " + path.string());
  return value;
}

}  // namespace

std::optional<std::string> GpioSimChip::unavailableReason() {
  const std::string kernel = "kernel " + kernelRelease();
  if (!fs::exists(kGpioSim)) {
    // gpio-sim may be a module (it pulls in configfs if that is one too).
    const std::string loading = tryModprobe();
    const std::string loadNote = loading.empty() ? "" : "; " + loading;
    if (!kernelHasFilesystem("configfs"))
      return kernel + " has no configfs (not in /proc/filesystems), which gpio-sim needs" + loadNote;
    if (!configfsMounted())
      return "configfs is not mounted at /sys/kernel/config (as root: mount -t configfs none /sys/kernel/config)" +
             loadNote;
    if (!fs::exists(kGpioSim))
      return kernel + " has no gpio-sim (CONFIG_GPIO_SIM): /sys/kernel/config/gpio-sim is missing" + loadNote;
  }
  if (::access(kGpioSim.c_str(), W_OK) != 0)
    return "making gpio-sim chips needs write access to /sys/kernel/config/gpio-sim (run as root)";
  return std::nullopt;
}

GpioSimChip::GpioSimChip(const std::string& label, int lineCount, const std::vector<std::string>& names) {
  device_ = (kGpioSim / (label + "-" + std::to_string(::getpid()))).string();
  const fs::path bank = fs::path(device_) / "bank0";
  try {
    fs::create_directory(device_);
    fs::create_directory(bank);
    writeFile(bank / "num_lines", std::to_string(lineCount));
    writeFile(bank / "label", label);
    for (std::size_t i = 0; i < names.size(); ++i) {
      if (names[i].empty()) continue;
      const fs::path line = bank / ("line" + std::to_string(i));
      fs::create_directory(line);
      lineDirectories_.push_back(line.string());
      writeFile(line / "name", names[i]);
    }
    writeFile(fs::path(device_) / "live", "1");
    chipName_ = readFile(bank / "chip_name");
    platformDevice_ = readFile(fs::path(device_) / "dev_name");
  } catch (const fs::filesystem_error& e) {
    takeDown();
    throw std::runtime_error(std::string("gpio-sim: ") + e.what());
  } catch (...) {
    takeDown();
    throw;
  }
}

GpioSimChip::~GpioSimChip() { takeDown(); }

void GpioSimChip::takeDown() {
  std::error_code ignored;
  if (fs::exists(fs::path(device_) / "live", ignored)) {
    std::ofstream(fs::path(device_) / "live") << "0";
  }
  for (auto it = lineDirectories_.rbegin(); it != lineDirectories_.rend(); ++it) fs::remove(*it, ignored);
  lineDirectories_.clear();
  fs::remove(fs::path(device_) / "bank0", ignored);
  fs::remove(device_, ignored);
}

std::string GpioSimChip::lineFile(unsigned offset, const char* attribute) const {
  return "/sys/devices/platform/" + platformDevice_ + "/" + chipName_ + "/sim_gpio" + std::to_string(offset) + "/" +
         attribute;
}

void GpioSimChip::pull(unsigned offset, bool up) { writeFile(lineFile(offset, "pull"), up ? "pull-up" : "pull-down"); }

int GpioSimChip::level(unsigned offset) const { return std::stoi(readFile(lineFile(offset, "value"))); }

}  // namespace tessera::testing
