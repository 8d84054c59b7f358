#include "engine_advisor.hpp"

#include <algorithm>
#include <iostream>

#include "core/rules/movegen.hpp"

namespace tessera::session {

EngineAdvisor::EngineAdvisor(Post post, std::optional<UciEngineSpec> external)
    : post_(std::move(post)), externalSpec_(std::move(external)) {
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

std::optional<EngineAdvisor::Advice> EngineAdvisor::askExternal(const Position& pos, int millis, int lines,
                                                               const std::atomic<bool>* cancel) {
  try {
    if (!external_) external_ = std::make_unique<UciEngine>(*externalSpec_);
    SearchLimits limits;
    limits.millis = millis;
    const UciEngine::Thought thought = external_->think(uciPositionCommand(pos), limits, lines, cancel);
    // Its advice is refereed by our rules: an action that is not legal here is left out.
    Advice out;
    out.adviser = external_->name();
    const auto add = [&](const std::string& text) {
      const auto m = uciMoveIn(pos, text);
      if (m && std::find(out.actions.begin(), out.actions.end(), *m) == out.actions.end()) out.actions.push_back(*m);
    };
    if (thought.best) add(*thought.best);
    for (const UciInfo& line : thought.lines) add(line.pv.front());
    if (out.actions.empty()) {
      std::cerr << external_->name() << " gave no legal action; Tessera's engine answers" << std::endl;
      return std::nullopt;
    }
    if (static_cast<int>(out.actions.size()) > lines) out.actions.resize(static_cast<std::size_t>(lines));
    if (!thought.lines.empty()) out.score = thought.lines.front().score;
    return out;
  } catch (const UciEngineError& e) {
    std::cerr << "external engine: " << e.what() << "; Tessera's engine answers" << std::endl;
    external_.reset();
    return std::nullopt;
  }
}

EngineAdvisor::Advice EngineAdvisor::advise(Position& pos, int millis, int lines, const std::atomic<bool>* cancel) {
  MoveList legal;
  generateLegal(pos, legal);
  if (legal.empty()) return {};
  if (externalSpec_ && uciEnginesKnow(pos.variant()))
    if (auto advice = askExternal(pos, millis, lines, cancel)) return *advice;
  Searcher& searcher = searcher_;
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
    answer(advise(copy, millis, lines, nullptr));
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
    Advice advice = advise(job->position, job->millis, job->lines, &shared->cancel);
    {
      std::lock_guard lock(shared->mutex);
      if (shared->quit) return;
    }
    // The task holds only the shared state and the answer; it checks the generation on arrival.
    post_([answer = std::move(job->answer), advice = std::move(advice)]() mutable { answer(std::move(advice)); });
  }
}

}  // namespace tessera::session
