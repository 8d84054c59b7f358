#include "host/hub/background_writer.hpp"

#include "host/files/atomic_file.hpp"

namespace tessera::hub {

BackgroundWriter::BackgroundWriter(std::function<void(const std::string&)> onError)
    : onError_(std::move(onError)), thread_([this] { run(); }) {}

BackgroundWriter::~BackgroundWriter() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  thread_.join();
}

void BackgroundWriter::write(const std::filesystem::path& path, std::string content) {
  {
    std::lock_guard lock(mutex_);
    pending_[path] = std::move(content);
  }
  wake_.notify_one();
}

void BackgroundWriter::waitUntilWritten() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return pending_.empty() && !writing_; });
}

void BackgroundWriter::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return stopping_ || !pending_.empty(); });
    if (pending_.empty() && stopping_) return;
    std::map<std::filesystem::path, std::string> batch;
    batch.swap(pending_);
    writing_ = true;
    lock.unlock();
    for (const auto& [path, content] : batch) {
      try {
        files::writeFileAtomically(path, content);
      } catch (const files::FileError& e) {
        onError_(e.what());
      }
    }
    lock.lock();
    writing_ = false;
    idle_.notify_all();
  }
}

}  // namespace tessera::hub
