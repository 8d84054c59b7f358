#pragma once
// A file written whole or not at all: written to FILE.part beside it, flushed to the disk (fsync),
// then renamed over FILE, and the folder's entry flushed too. A reader (the web page, a person, the
// program after a power cut) finds the old file or the new one under FILE, never half of one; a
// failure leaves the old one as it was and no FILE.part behind. The PGN record, the display's
// latest.png, the printed sheets and the files named on the command line are written this way.
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace tessera::files {

// "cannot write 'FILE'", and why when it is known ("...: No space left on device").
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class AtomicFile {
 public:
  // Opens FILE.part. Throws FileError naming `path` when it cannot.
  explicit AtomicFile(std::filesystem::path path);
  // Unless committed, FILE.part is removed and FILE left as it was.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ofstream& stream() { return out_; }
  // Puts the file under its name. Throws FileError naming `path` when what was written cannot
  // reach the disk whole, or the name cannot be given.
  void commit();

 private:
  [[noreturn]] void fail(const std::string& why);

  std::filesystem::path path_;
  std::filesystem::path part_;
  std::ofstream out_;
  bool committed_ = false;
};

// `bytes` as the whole of the file at `path`, by an AtomicFile. Throws FileError.
void writeFileAtomically(const std::filesystem::path& path, std::string_view bytes);

// Flushes the folder holding `path` to the disk, so that a file just made or renamed there keeps
// its name after a power cut. Best effort: a folder that cannot be opened is left alone.
void syncFolderOf(const std::filesystem::path& path);

}  // namespace tessera::files
