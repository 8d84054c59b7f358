#include "output_path.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "options.hpp"

namespace tessera::cli {

void checkWritable(const std::string& path, const std::string& option) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw UsageError(option + ": '" + path + "' is a folder, not a file");
  const bool existed = std::filesystem::exists(path, ec);
  {
    // Opened to append, so that a file already there keeps what it holds.
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe) throw UsageError(option + ": cannot write '" + path + "': " + std::strerror(errno));
  }
  if (!existed) std::filesystem::remove(path, ec);
}

}  // namespace tessera::cli
