#pragma once
// The page's review (review_json.hpp) searched on a thread of its own, so that the event loop goes
// on reading the board, ticking the clocks and serving the page and its WebSocket while the
// positions are evaluated (169-498 ms for 80 positions on the development machine, seconds on a Pi).
//
// reviewJson() is called on the loop's thread and never waits for a search: it answers with the
// review of the game as it stands when one is ready, and otherwise with how far the review is
// ({"ready":false,...}), beginning it unless it is already under way. One search at a time: asking
// again while it runs begins none; a game changed meanwhile (an action, a takeback, a new game) has
// its own review begun, the stale one given up between two positions (those already searched are
// remembered and not searched again).
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "core/rules/game.hpp"
#include "host/web/review_json.hpp"

namespace tessera::web {

class BackgroundReview {
 public:
  explicit BackgroundReview(std::int64_t nodesPerPosition = 3000);
  ~BackgroundReview();
  BackgroundReview(const BackgroundReview&) = delete;
  BackgroundReview& operator=(const BackgroundReview&) = delete;

  // GameReviewer's JSON ("ready":true) for `game` as it is now; or, while that is being computed,
  // {"ready":false,"evaluated":K,"positions":N} (K of the N positions searched so far).
  std::string reviewJson(const Game& game);
  // How many reviews were begun (a test's way to see that asking twice begins one).
  int reviewsBegun() const { return begun_; }

 private:
  struct Done {
    Game game;
    std::string json;
  };
  void work();

  GameReviewer reviewer_;  // the worker's only
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Game> next_;     // the review asked for and not begun
  std::optional<Game> running_;  // the review under way
  std::optional<Done> done_;     // the last review finished
  std::atomic<bool> giveUp_{false};  // a newer review is waiting, or the program ends
  bool quit_ = false;
  std::atomic<int> evaluated_{0}, positions_{0};
  std::atomic<int> begun_{0};
  std::thread worker_;
};

}  // namespace tessera::web
