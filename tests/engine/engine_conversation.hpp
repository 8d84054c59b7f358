#pragma once
// Talking to an engine protocol's session (runUci, runXboard) as a GUI does: lines typed while the
// session runs on its own thread, and the answers watched as they arrive.
#include <chrono>
#include <condition_variable>
#include <functional>
#include <istream>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <thread>
#include <utility>

namespace tessera::testing {

class EngineConversation {
 public:
  using Session = std::function<void(std::istream&, std::ostream&)>;
  // `farewell` is typed as the conversation ends (a failed check included), before the input
  // closes: "quit", so that a search that was never stopped does not hold the test up.
  explicit EngineConversation(Session session, std::string farewell = "")
      : farewell_(std::move(farewell)), in_(&typed_), out_(&answers_), session_([this, session] {
    session(in_, out_);
    out_.flush();
    const std::lock_guard lock(answers_.guard);
    ended_ = true;
    answers_.arrived.notify_all();
  }) {}
  ~EngineConversation() {
    if (!farewell_.empty()) type(farewell_);
    typed_.close();
    session_.join();
  }

  void type(const std::string& line) { typed_.add(line + "\n"); }
  // No more input, as when the GUI closes the pipe.
  void close() { typed_.close(); }

  // Waits until the answers hold `text` after position `from`; returns where it starts, or
  // std::string::npos after `seconds`.
  std::size_t waitFor(const std::string& text, double seconds, std::size_t from = 0) {
    std::unique_lock lock(answers_.guard);
    std::size_t at = std::string::npos;
    answers_.arrived.wait_for(lock, std::chrono::duration<double>(seconds), [&] {
      at = answers_.text.find(text, from);
      return at != std::string::npos;
    });
    return at;
  }
  bool waitForEnd(double seconds) {
    std::unique_lock lock(answers_.guard);
    return answers_.arrived.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return ended_; });
  }
  std::string answers() {
    const std::lock_guard lock(answers_.guard);
    return answers_.text;
  }

 private:
  // Input that blocks the reader until a line is typed or the input is closed.
  struct Typed : std::streambuf {
    std::mutex guard;
    std::condition_variable more;
    std::string pending, current;
    bool closed = false;
    void add(const std::string& text) {
      const std::lock_guard lock(guard);
      pending += text;
      more.notify_all();
    }
    void close() {
      const std::lock_guard lock(guard);
      closed = true;
      more.notify_all();
    }
    int_type underflow() override {
      std::unique_lock lock(guard);
      more.wait(lock, [&] { return !pending.empty() || closed; });
      if (pending.empty()) return traits_type::eof();
      current.swap(pending);
      pending.clear();
      setg(current.data(), current.data(), current.data() + current.size());
      return traits_type::to_int_type(current[0]);
    }
  };
  // Like standard output on a pipe to a GUI, the answers arrive only when the session flushes
  // them (or when it ends, as a program's output does at exit): one that is written but never
  // flushed is never seen, and a test waiting for it fails.
  struct Answers : std::streambuf {
    std::mutex guard;
    std::condition_variable arrived;
    std::string text;
    std::string unflushed;
    int_type overflow(int_type c) override {
      if (c == traits_type::eof()) return c;
      const std::lock_guard lock(guard);
      unflushed += traits_type::to_char_type(c);
      return c;
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      const std::lock_guard lock(guard);
      unflushed.append(s, static_cast<std::size_t>(n));
      return n;
    }
    int sync() override {
      const std::lock_guard lock(guard);
      text += unflushed;
      unflushed.clear();
      arrived.notify_all();
      return 0;
    }
  };

  std::string farewell_;
  Typed typed_;
  Answers answers_;
  std::istream in_;
  std::ostream out_;
  bool ended_ = false;
  std::thread session_;
};

}  // namespace tessera::testing
