#include "host/files/atomic_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tessera::files {

AtomicFile::AtomicFile(std::filesystem::path path) : path_(std::move(path)), part_(path_.string() + ".part") {
  out_.open(part_, std::ios::binary | std::ios::trunc);
  if (!out_) throw FileError("cannot write '" + path_.string() + "'");
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  out_.close();
  std::error_code ignored;
  std::filesystem::remove(part_, ignored);
}

void AtomicFile::fail(const std::string& why) {
  out_.close();
  std::error_code ignored;
  std::filesystem::remove(part_, ignored);
  committed_ = true;  // nothing left to remove
  throw FileError("cannot write '" + path_.string() + "'" + (why.empty() ? "" : ": " + why));
}

void AtomicFile::commit() {
  out_.close();  // a full disk may show only now
  if (out_.fail()) fail("");
  // The bytes reach the disk before the name does: after a power cut the name holds the whole file.
  const int fd = ::open(part_.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 || ::fsync(fd) != 0) {
    const std::string why = std::strerror(errno);
    if (fd >= 0) ::close(fd);
    fail(why);
  }
  ::close(fd);
  std::error_code ec;
  std::filesystem::rename(part_, path_, ec);
  if (ec) fail(ec.message());
  committed_ = true;
  syncFolderOf(path_);
}

void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes) {
  AtomicFile file(path);
  file.stream().write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  file.commit();
}

void syncFolderOf(const std::filesystem::path& path) {
  const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : std::filesystem::path(".");
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace tessera::files
