#pragma once
// The engine as the session uses it: its action for engine mode, the best few lines as hints, and
// its score of a position (to weigh a draw offer), each within a time limit so the table never
// waits long.
//
// At the table the search runs on a worker thread, so that the event loop keeps reading the board,
// serving the web page and ticking the clocks while the engine thinks; the answer comes back
// through `post` onto the loop's thread. Without `post` (a recording replayed faster than real
// time, unit tests) the answer is computed at once, before ask() returns.
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include "core/engine/search.hpp"
#include "core/protocol/uci_client.hpp"
#include "host/session/uci_engine.hpp"

namespace tessera::session {

class EngineAdvisor {
 public:
  using Task = std::function<void()>;
  using Post = std::function<void(Task)>;  // runs a task on the session's thread
  // What a search gives: the first move of each best line, best first (empty when there is no
  // action), and the best line's score in centipawns for the side to act (mate scores near
  // kMateScore; 0 when it has no action).
  struct Advice {
    std::vector<Move> actions;
    int score = 0;
    std::string adviser = "Tessera";  // whose advice: Tessera's engine, or the external engine's name
  };
  using Answer = std::function<void(Advice)>;

  // With `external`, that UCI engine (started on the first question, and again after it fails)
  // answers where it knows the game; Tessera's own engine everywhere else, and for a question the
  // external engine failed to answer.
  explicit EngineAdvisor(Post post = {}, std::optional<UciEngineSpec> external = {});
  ~EngineAdvisor();
  EngineAdvisor(const EngineAdvisor&) = delete;
  EngineAdvisor& operator=(const EngineAdvisor&) = delete;

  // The advice on `pos` from a search of its best `lines` lines, given to `answer` on the session's
  // thread. A newer ask() or cancel() drops the answer of an older one: it is never delivered.
  void ask(const Position& pos, int millis, int lines, Answer answer);
  void cancel();
  bool thinking() const { return waiting_; }

 private:
  struct Job {
    Position position;
    int millis = 0;
    int lines = 1;
    unsigned generation = 0;
    Answer answer;
  };
  // What the worker thread and the session share; the worker holds it alive while it posts.
  struct Shared {
    std::mutex mutex;
    std::condition_variable wake;
    std::optional<Job> next;
    bool quit = false;
    std::atomic<bool> cancel{false};
    unsigned generation = 0;  // the session's thread only
  };
  Advice advise(Position& pos, int millis, int lines, const std::atomic<bool>* cancel);
  // The external engine's advice; none when it cannot give it (then it is started again next time).
  std::optional<Advice> askExternal(const Position& pos, int millis, int lines, const std::atomic<bool>* cancel);
  void work();

  Post post_;
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  Searcher searcher_{16};
  std::optional<UciEngineSpec> externalSpec_;
  std::unique_ptr<UciEngine> external_;  // used on the worker thread only (or at once, without `post`)
  bool waiting_ = false;
  std::thread worker_;
};

}  // namespace tessera::session
