#include "game_record.hpp"

#include <filesystem>
#include <stdexcept>

#include "core/text/counted_noun.hpp"

namespace tessera::session {
namespace {

// How often the thinking of the side to act goes into the journal: the most a power cut gives back.
constexpr std::chrono::seconds kJournalThinkingEvery{5};

// The name `path` is kept under when a new game takes its place: FILE.previous, then FILE.previous.2,
// .3..., a name no later game takes.
std::string keptName(const std::string& path) {
  std::string kept = path + ".previous";
  for (int n = 2; std::filesystem::exists(kept); ++n) kept = path + ".previous." + std::to_string(n);
  return kept;
}

std::unique_ptr<Game> freshGame(const Variant& variant, const std::string& start) {
  return start.empty() ? std::make_unique<Game>(variant) : std::make_unique<Game>(variant, start);
}

long millisOf(GameClock::Clock::duration d) {
  return static_cast<long>(std::chrono::duration_cast<std::chrono::milliseconds>(d).count());
}

}  // namespace

GameRecord::GameRecord(const Variant& variant, const SessionOptions& options)
    : variant_(variant),
      journalPath_(options.journalPath),
      recordPath_(options.recordPath),
      startPosition_(options.startPosition),
      control_(options.timeControl),
      recordTimes_(options.recordTimes),
      game_(freshGame(variant, options.startPosition)),
      clock_(variant.sides, options.timeControl) {}

GameRecord::Opening GameRecord::open() {
  Opening opening{"new game", {}, std::nullopt, std::nullopt};
  bool resumed = false;
  if (!journalPath_.empty()) {
    const bool cutOffAtStart = GameJournal::cutOffAtItsStart(journalPath_);
    if (std::filesystem::exists(journalPath_) && !cutOffAtStart) {
      // The board, the camera and the display are the chosen variant's: a game of another cannot go on.
      RecoveredGame recovered = GameJournal::recover(journalPath_, [&](std::string_view name) -> const Variant& {
        if (name == variant_.fullName || name == variant_.name) return variant_;
        throw std::invalid_argument("its game is " + std::string(name) + ", not the " +
                                    (variant_.fullName.empty() ? variant_.name : variant_.fullName) +
                                    " chosen: choose that variant to go on with it, or another journal for a new game");
      });
      game_ = std::move(recovered.game);
      journal_.emplace(std::move(recovered.journal));
      for (const std::string& w : recovered.warnings) opening.warnings.push_back("journal: " + w);
      resumed = true;
      // The game goes on with the time control it was played with, whatever this start was given.
      if (recovered.timeControl) {
        const TimeControl played = parseTimeControl(*recovered.timeControl);
        if (played.base != control_.base || played.increment != control_.increment)
          opening.warnings.push_back("journal: its game is played with the time control " + *recovered.timeControl +
                                     ", which it goes on with (not " + timeControlText(control_) + ")");
        control_ = played;
        clock_ = GameClock(variant_.sides, played);
      }
      for (const auto& t : recovered.thinking) clock_.addTurn(t.side, std::chrono::milliseconds(t.millis));
      actionMillis_ = recovered.actionMillis;
      opening.engineAction = recovered.engineAction;
      opening.lastTurn = recovered.lastTurn;
      opening.how = "resumed from " + journalPath_ + " after " + countedNoun(game_->actions().size(), "action", "actions");
    } else {
      if (cutOffAtStart && std::filesystem::file_size(journalPath_) > 0)
        opening.warnings.push_back("journal: " + journalPath_ +
                                   " was cut off while its game was being started (no action in it): a new game starts in it");
      startJournal();
    }
  }
  // A new game: the record it will be written over is another game's, kept as New game keeps it.
  if (!resumed && !recordPath_.empty() && std::filesystem::exists(recordPath_) && std::filesystem::file_size(recordPath_) > 0) {
    const std::string kept = keptName(recordPath_);
    std::error_code ec;
    std::filesystem::rename(recordPath_, kept, ec);
    opening.warnings.push_back(ec ? "cannot keep " + recordPath_ + " as " + kept + ": " + ec.message()
                                  : recordPath_ + " held a game already: it is kept as " + kept);
  }
  lastResult_ = game_->result().token;
  return opening;
}

void GameRecord::takeUpLastTurn(const std::optional<RecoveredGame::Thought>& lastTurn) {
  if (!lastTurn) return;
  const auto thought = std::chrono::milliseconds(lastTurn->millis);
  if (game_->result().finished()) clock_.addThinking(lastTurn->side, thought);
  else if (lastTurn->side == clock_.running()) clock_.extendTurn(thought);
}

void GameRecord::startJournal() {
  journal_.reset();
  journal_.emplace(GameJournal::create(journalPath_, *game_));
  journal_->recordTimeControl(timeControlText(control_));
}

std::vector<std::string> GameRecord::keepFinishedGame() {
  std::vector<std::string> said;
  std::string kept;
  for (const std::string* path : {&journalPath_, &recordPath_}) {
    if (path->empty() || !std::filesystem::exists(*path)) continue;
    const std::string name = keptName(*path);
    std::error_code ec;
    std::filesystem::rename(*path, name, ec);
    if (ec) said.push_back("cannot keep " + *path + " as " + name + ": " + ec.message());
    else kept += (kept.empty() ? "" : " and ") + name;
  }
  if (!kept.empty()) said.push_back("the last game is kept as " + kept);
  return said;
}

void GameRecord::startNewGame() {
  game_ = freshGame(variant_, startPosition_);
  clock_ = GameClock(variant_.sides, control_);
  actionMillis_.clear();
  if (!journalPath_.empty()) startJournal();
  lastResult_ = "*";
}

void GameRecord::play(const Move& action) {
  const auto thought = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.finishTurn(Clock::now()));
  // A recording replayed faster than real time: its clocks measure the program, not the players.
  if (journal_) journal_->recordAction(game_->position(), action, recordTimes_ ? std::optional<long>(thought.count()) : std::nullopt);
  game_->play(action);
  actionMillis_.push_back(thought.count());
}

void GameRecord::amend(const Move& action) {
  game_->takeBack(1);
  if (journal_) {
    journal_->recordTakeback(1);
    journal_->recordAction(game_->position(), action);
  }
  game_->play(action);
}

void GameRecord::takeBack(int plies) {
  game_->takeBack(plies);
  actionMillis_.resize(game_->actions().size());
  if (journal_) journal_->recordTakeback(plies);
}

void GameRecord::resign(int side) {
  if (journal_) journal_->recordResignation(side, thinkingSoFar(Clock::now()));
  game_->resign(side);
}

void GameRecord::agreeDraw() {
  if (journal_) journal_->recordDrawAgreed(thinkingSoFar(Clock::now()));
  game_->agreeDraw();
}

void GameRecord::loseOnTime(int side, Clock::time_point now) {
  if (journal_) journal_->recordLossOnTime(side, thinkingSoFar(now));
  game_->loseOnTime(side);
}

void GameRecord::withdrawResignationOrDraw() {
  if (journal_) journal_->recordWithdrawal();
  game_->withdrawResignationOrDraw();
}

// The engine has chosen: its clock stops and the player's runs while the player carries the action
// out, as if the engine had pressed its clock.
void GameRecord::engineChose(const Move& action, bool journaled) {
  Position after = game_->position();
  after.make(action);
  const auto thought = std::chrono::duration_cast<std::chrono::milliseconds>(clock_.handOver(Clock::now(), after.sideToMove()));
  if (journal_ && !journaled)
    journal_->recordEngineAction(game_->position(), action, recordTimes_ ? std::optional<long>(thought.count()) : std::nullopt);
}

bool GameRecord::moveOn(Clock::time_point now) {
  journaledThinking_ = {};
  const GameResult r = game_->result();
  if (r.finished()) clock_.stop(now);
  else clock_.turnTo(game_->position().sideToMove(), now);
  if (r.token == lastResult_) return false;
  lastResult_ = r.token;
  return true;
}

std::optional<long> GameRecord::thinkingSoFar(Clock::time_point now) const {
  // The player's clock runs while the engine's action is carried out: that is no turn of the side to act.
  if (clock_.running() != game_->position().sideToMove() || !recordTimes_) return std::nullopt;
  return millisOf(clock_.turnSoFar(now));
}

void GameRecord::journalThinking(Clock::time_point now) {
  // A recording replayed fast: its clocks measure the program, not the players.
  if (!journal_ || !recordTimes_ || clock_.running() != game_->position().sideToMove() || game_->result().finished()) return;
  const Clock::duration soFar = clock_.turnSoFar(now);
  if (soFar - journaledThinking_ < kJournalThinkingEvery) return;
  journaledThinking_ = soFar;
  journal_->recordThinking(clock_.running(), millisOf(soFar));
}

std::string GameRecord::pgn(PgnTags tags) const {
  // PGN's TimeControl: seconds for the game, '+', seconds added per action.
  if (control_.counting())
    tags["TimeControl"] = std::to_string(control_.base.count() / 1000) + "+" + std::to_string(control_.increment.count() / 1000);
  return recordTimes_ ? writePgn(*game_, tags, elapsedTimeComments(actionMillis_)) : writePgn(*game_, tags);
}

}  // namespace tessera::session
