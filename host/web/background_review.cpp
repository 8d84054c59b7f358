#include "background_review.hpp"

#include <nlohmann/json.hpp>

namespace tessera::web {
namespace {

bool sameGame(const Game& a, const Game& b) {
  return &a.variant() == &b.variant() && a.startPosition() == b.startPosition() && a.actions() == b.actions();
}

}  // namespace

BackgroundReview::BackgroundReview(std::int64_t nodesPerPosition)
    : reviewer_(nodesPerPosition), worker_([this] { work(); }) {}

BackgroundReview::~BackgroundReview() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
    giveUp_ = true;
  }
  wake_.notify_one();
  worker_.join();
}

std::string BackgroundReview::reviewJson(const Game& game) {
  {
    std::lock_guard lock(mutex_);
    if (done_ && sameGame(done_->game, game)) return done_->json;
    const bool underWay = (running_ && sameGame(*running_, game)) || (next_ && sameGame(*next_, game));
    if (!underWay) {
      next_.emplace(game);
      giveUp_ = running_.has_value();
      ++begun_;
      evaluated_ = 0;
      positions_ = static_cast<int>(game.actions().size()) + 1;
    }
  }
  wake_.notify_one();
  const nlohmann::ordered_json pending = {{"ready", false}, {"evaluated", evaluated_.load()}, {"positions", positions_.load()}};
  return pending.dump();
}

void BackgroundReview::work() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return quit_ || next_; });
    if (quit_) return;
    running_ = std::move(next_);
    next_.reset();
    giveUp_ = false;
    evaluated_ = 0;
    positions_ = static_cast<int>(running_->actions().size()) + 1;
    lock.unlock();
    const std::string json = reviewer_.reviewJson(*running_, [this](int evaluated) {
      if (giveUp_) return false;
      evaluated_ = evaluated;
      return true;
    });
    lock.lock();
    if (!json.empty()) done_ = Done{std::move(*running_), json};
    running_.reset();
  }
}

}  // namespace tessera::web
