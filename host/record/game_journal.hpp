#pragma once
// The live game's journal: one line per event (action with its thinking time, takeback,
// resignation, loss on time, draw, a resignation or draw withdrawn), written and
// flushed to the disk before the program goes on, so that a power cut loses at most the event in
// flight. Each line carries a checksum; on restart a torn or garbled last line is dropped with a
// warning and the game is rebuilt from everything before it. A journal open to be written is
// locked (flock): a second game, in this program or another, is refused it.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {

class JournalError : public std::runtime_error {
 public:
  explicit JournalError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

struct RecoveredGame;

// One journal line as written: the payload, " #", its checksum, a newline.
std::string journalLine(const std::string& payload);

class GameJournal {
 public:
  // Starts a journal for a new game at `path` (replacing any file there). Throws JournalError when
  // the file cannot be written, or when another game has it open to write (the file is then left
  // as it is).
  static GameJournal create(const std::string& path, const Game& game);

  // Rebuilds the game from the journal at `path` to go on with it: the journal is opened for
  // appending after its last good line, a torn last line cut off. Throws JournalError when the file
  // cannot be read or is damaged before its last line (nothing is dropped silently), or when another
  // game has it open to write.
  static RecoveredGame recover(const std::string& path, const VariantLookup& lookup = {});

  // What reading does with a damaged line that is not the last (a torn last line is always dropped
  // with a warning).
  enum class Damage {
    Refuse,            // throws: the journal cannot be trusted past it
    EndTheRecordThere  // warns, and the game is what the lines before it give
  };
  // Rebuilds the game without writing to the journal (a game going on may still be writing it, or
  // it may be read-only); `journal` in the result is not open.
  static RecoveredGame read(const std::string& path, const VariantLookup& lookup = {}, Damage damage = Damage::Refuse);

  // Whether the file at `path` is empty or a journal cut off while its first lines (header, variant,
  // start) were being written: a power cut at a game's very start, before any action.
  static bool cutOffAtItsStart(const std::string& path);

  GameJournal(GameJournal&& other) noexcept;
  GameJournal& operator=(GameJournal&& other) noexcept;
  GameJournal(const GameJournal&) = delete;
  GameJournal& operator=(const GameJournal&) = delete;
  ~GameJournal();

  // Call with the position before the action; `thoughtMillis`, if known, is how long its side
  // thought (the clocks are rebuilt from it).
  void recordAction(const Position& before, const Move& m, std::optional<long> thoughtMillis = std::nullopt);
  // The game ends: `thoughtMillis`, if known, is how long the side to act had thought in its turn.
  void recordLossOnTime(int side, std::optional<long> thoughtMillis = std::nullopt);
  void recordTakeback(int plies);
  // The engine's chosen action, announced for the player to carry out (`thoughtMillis`: how long the
  // engine thought), so that a restart announces the same one rather than thinking again.
  void recordEngineAction(const Position& before, const Move& m, std::optional<long> thoughtMillis = std::nullopt);
  void recordResignation(int side, std::optional<long> thoughtMillis = std::nullopt);
  void recordDrawAgreed(std::optional<long> thoughtMillis = std::nullopt);
  // The resignation or agreed draw that ended the game is withdrawn: the game goes on, the side to
  // act's turn with it.
  void recordWithdrawal();
  // The side to act has thought this long in its turn so far: written now and then, so that a power
  // cut does not give it that time back.
  void recordThinking(int side, long millis);
  // The game's time control as `tessera play --time-control` takes it ("5+3", "none"), right after
  // the start: a resumed game goes on with its own.
  void recordTimeControl(const std::string& text);

  const std::string& path() const { return path_; }

 private:
  friend struct RecoveredGame;
  GameJournal(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  static RecoveredGame parse(const std::string& path, const VariantLookup& lookup, Damage damage, std::size_t& intactBytes);
  void append(const std::string& payload);

  std::string path_;
  int fd_ = -1;
};

struct RecoveredGame {
  std::unique_ptr<Game> game;
  std::vector<std::string> warnings;  // what was dropped, and why
  bool endedAtDamage = false;         // a damaged line before the last ended it (Damage::EndTheRecordThere)
  struct Thought {
    int side = 0;
    long millis = 0;
  };
  std::vector<Thought> thinking;      // every journaled action's thinking time, taken back or not
  // The thinking time of each action of `game` (those not taken back), where the journal has it.
  std::vector<std::optional<long>> actionMillis;
  // The side to act's thinking in the turn the journal ends in, unfinished (a resignation or draw
  // withdrawn too) or ended by a resignation, a loss on time or an agreed draw (none when no line
  // gives it).
  std::optional<Thought> lastTurn;
  std::optional<std::string> timeControl;  // as journaled ("5+3", "none"); none in older journals
  // The engine's action announced last and not carried out yet, with the engine's thinking time.
  struct Announced {
    Move move;
    std::optional<long> millis;
  };
  std::optional<Announced> engineAction;
  GameJournal journal;                // open for appending after the last good line
};

}  // namespace tessera
