#pragma once
// Files written off the event loop: the hub's round PGN, its boards' files and its store are each
// written whole (host/files/atomic_file.hpp, flushed to the disk), which takes milliseconds a file;
// done on the loop, a busy round kept the pages waiting for the disk. write() hands the newest
// content of a file to a thread that writes it; content handed over for a file not yet written
// replaces the older one (only the newest is worth writing).
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace tessera::hub {

class BackgroundWriter {
 public:
  // `onError` is called on the writer's thread with what failed.
  explicit BackgroundWriter(std::function<void(const std::string&)> onError);
  // Writes what is still pending, then stops.
  ~BackgroundWriter();
  void write(const std::filesystem::path& path, std::string content);
  // Waits until everything handed over is on the disk.
  void waitUntilWritten();

 private:
  void run();
  std::function<void(const std::string&)> onError_;
  std::mutex mutex_;
  std::condition_variable wake_, idle_;
  std::map<std::filesystem::path, std::string> pending_;
  bool writing_ = false;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace tessera::hub
