#include "output_path.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "host/cli/options.hpp"
#include "host/files/atomic_file.hpp"

namespace tessera::cli {
namespace {

// The file's one name: links followed and `..` taken out, as far as the path exists.
std::filesystem::path resolved(const std::string& path) {
  std::error_code ec;
  const std::filesystem::path canonical = std::filesystem::weakly_canonical(path, ec);
  return ec ? std::filesystem::absolute(path, ec).lexically_normal() : canonical;
}

}  // namespace

void writeWholeFile(const std::string& path, const std::string& text) {
  try {
    files::writeFileAtomically(path, text);
  } catch (const files::FileError& e) {
    throw UsageError(e.what());
  }
}

std::string lowerCaseExtension(const std::string& path) {
  std::string extension = std::filesystem::path(path).extension().string();
  std::transform(extension.begin(), extension.end(), extension.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return extension;
}

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

void checkNotTheSameFile(const std::string& path, const std::string& option, const std::string& otherPath,
                         const std::string& otherOption) {
  std::error_code ec;
  if (std::filesystem::equivalent(path, otherPath, ec) || resolved(path) == resolved(otherPath))
    throw UsageError(option + " '" + path + "' and " + otherOption + " '" + otherPath + "' are the same file: one would overwrite the other");
}

}  // namespace tessera::cli
