#include "engine_advisor.hpp"

#include "core/rules/movegen.hpp"

namespace tessera::session {

EngineAdvisor::EngineAdvisor(Post post) : post_(std::move(post)) {
  if (post_) worker_ = std::thread([this] { work(); });
}

EngineAdvisor::~EngineAdvisor() {
  ++shared_->generation;  // answers still queued on the loop are dropped
  if (!worker_.joinable()) return;
  {
    std::lock_guard lock(shared_->mutex);
    shared_->quit = true;
    shared_->next.reset();
    shared_->cancel = true;
  }
  shared_->wake.notify_all();
  worker_.join();
}

EngineAdvisor::Advice EngineAdvisor::advise(Searcher& searcher, Position& pos, int millis, int lines,
                                            const std::atomic<bool>* cancel) {
  MoveList legal;
  generateLegal(pos, legal);
  if (legal.empty()) return {};
  SearchLimits limits;
  limits.millis = millis;
  limits.multiPv = lines;
  limits.cancel = cancel;
  const SearchReport report = searcher.search(pos, limits);
  Advice out;
  for (const PvLine& line : report.lines)
    if (!line.moves.empty()) out.actions.push_back(line.moves.front());
  if (out.actions.empty()) out.actions.push_back(legal[0]);
  if (!report.lines.empty()) out.score = report.lines.front().score;
  return out;
}

void EngineAdvisor::ask(const Position& pos, int millis, int lines, Answer answer) {
  const unsigned generation = ++shared_->generation;
  if (!post_) {
    Position copy = pos;
    answer(advise(searcher_, copy, millis, lines, nullptr));
    return;
  }
  waiting_ = true;
  auto shared = shared_;
  // Wrapped so that an answer arriving after a newer question or cancel() is dropped.
  Answer current = [this, shared, generation, answer = std::move(answer)](Advice advice) {
    if (shared->generation != generation) return;
    waiting_ = false;
    answer(std::move(advice));
  };
  {
    std::lock_guard lock(shared->mutex);
    shared->cancel = true;  // the search under way, if any, is for an older question
    shared->next = Job{pos, millis, lines, generation, std::move(current)};
  }
  shared->wake.notify_all();
}

void EngineAdvisor::cancel() {
  ++shared_->generation;
  waiting_ = false;
  std::lock_guard lock(shared_->mutex);
  shared_->next.reset();
  shared_->cancel = true;
}

void EngineAdvisor::work() {
  const std::shared_ptr<Shared> shared = shared_;
  for (;;) {
    std::optional<Job> job;
    {
      std::unique_lock lock(shared->mutex);
      shared->wake.wait(lock, [&] { return shared->quit || shared->next.has_value(); });
      if (shared->quit) return;
      job.swap(shared->next);
      shared->cancel = false;
    }
    Advice advice = advise(searcher_, job->position, job->millis, job->lines, &shared->cancel);
    {
      std::lock_guard lock(shared->mutex);
      if (shared->quit) return;
    }
    // The task holds only the shared state and the answer; it checks the generation on arrival.
    post_([answer = std::move(job->answer), advice = std::move(advice)]() mutable { answer(std::move(advice)); });
  }
}

}  // namespace tessera::session
