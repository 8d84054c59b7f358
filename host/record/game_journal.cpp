#include "game_journal.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "core/rules/move_text.hpp"
#include "host/files/atomic_file.hpp"

namespace tessera {
namespace {

constexpr const char* kHeader = "tessera-journal 1";

// FNV-1a over the payload: enough to tell a whole line from a torn or garbled one.
std::string checksum(const std::string& payload) {
  std::uint32_t h = 2166136261u;
  for (unsigned char c : payload) {
    h ^= c;
    h *= 16777619u;
  }
  char text[9];
  std::snprintf(text, sizeof text, "%08x", h);
  return text;
}

std::string systemError(const std::string& what, const std::string& path) {
  return what + " " + path + ": " + std::strerror(errno);
}

void writeAll(int fd, const std::string& bytes, const std::string& path) {
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      throw JournalError(systemError("cannot write the journal", path));
    }
    done += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) throw JournalError(systemError("cannot flush the journal", path));
}

// Takes a trailing " t=MILLIS" off `text`: how long the side to act thought.
std::optional<long> cutThinkingTime(std::string& text) {
  const auto t = text.find(" t=");
  if (t == std::string::npos) return std::nullopt;
  std::size_t used = 0;
  const long millis = std::stol(text.substr(t + 3), &used);
  if (millis < 0 || t + 3 + used != text.size()) throw JournalError("bad thinking time");
  text.resize(t);
  return millis;
}

std::string timeSuffix(std::optional<long> millis) { return millis ? " t=" + std::to_string(*millis) : ""; }

// A side or a count, written as a number and nothing else (the game says whether it is one).
int integerOf(const std::string& text) {
  std::size_t used = 0;
  const int n = std::stoi(text, &used);
  if (used != text.size()) throw JournalError("'" + text + "' is not a number");
  return n;
}

// One program at a time writes a journal: two would interleave their lines. The lock belongs to the
// open file, so it is given up when the journal is closed or the program ends, however it ends.
void lockForWriting(int fd, const std::string& path) {
  if (::flock(fd, LOCK_EX | LOCK_NB) == 0) return;
  if (errno == EWOULDBLOCK)
    throw JournalError("the journal " + path + " is in use by another tessera play (or demo): one game at a time writes a journal");
  throw JournalError(systemError("cannot lock the journal", path));
}

}  // namespace

std::string journalLine(const std::string& payload) { return payload + " #" + checksum(payload) + "\n"; }

GameJournal GameJournal::create(const std::string& path, const Game& game) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) throw JournalError(systemError("cannot create the journal", path));
  GameJournal journal(path, fd);
  // Emptied only once locked, so that a journal another game is writing stays whole.
  lockForWriting(fd, path);
  if (::ftruncate(fd, 0) != 0) throw JournalError(systemError("cannot empty the journal", path));
  const Variant& v = game.variant();
  writeAll(fd,
           journalLine(kHeader) + journalLine("variant " + (v.fullName.empty() ? v.name : v.fullName)) +
               journalLine("start " + game.startPosition()),
           path);
  files::syncFolderOf(path);  // the new file's name must reach the disk too
  return journal;
}

GameJournal::GameJournal(GameJournal&& other) noexcept : path_(std::move(other.path_)), fd_(other.fd_) { other.fd_ = -1; }

GameJournal& GameJournal::operator=(GameJournal&& other) noexcept {
  if (this != &other) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(other.path_);
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

GameJournal::~GameJournal() {
  if (fd_ >= 0) ::close(fd_);
}

void GameJournal::append(const std::string& payload) { writeAll(fd_, journalLine(payload), path_); }

void GameJournal::recordAction(const Position& before, const Move& m, std::optional<long> thoughtMillis) {
  append("action " + longAlgebraic(before, m) + (thoughtMillis ? " t=" + std::to_string(*thoughtMillis) : ""));
}
void GameJournal::recordLossOnTime(int side, std::optional<long> thoughtMillis) {
  append("flag " + std::to_string(side) + timeSuffix(thoughtMillis));
}
void GameJournal::recordTakeback(int plies) { append("takeback " + std::to_string(plies)); }
void GameJournal::recordEngineAction(const Position& before, const Move& m, std::optional<long> thoughtMillis) {
  append("engine " + longAlgebraic(before, m) + timeSuffix(thoughtMillis));
}
void GameJournal::recordResignation(int side, std::optional<long> thoughtMillis) {
  append("resign " + std::to_string(side) + timeSuffix(thoughtMillis));
}
void GameJournal::recordDrawAgreed(std::optional<long> thoughtMillis) { append("draw" + timeSuffix(thoughtMillis)); }
void GameJournal::recordWithdrawal() { append("withdraw"); }
void GameJournal::recordThinking(int side, long millis) {
  append("thinking " + std::to_string(side) + " t=" + std::to_string(millis));
}
void GameJournal::recordTimeControl(const std::string& text) { append("timecontrol " + text); }

bool GameJournal::cutOffAtItsStart(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in || std::filesystem::is_directory(path)) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();
  const std::string_view starts[] = {kHeader, "variant ", "start "};
  std::size_t at = 0;
  for (const std::string_view expected : starts) {
    const std::size_t end = bytes.find('\n', at);
    const std::string_view text = std::string_view(bytes).substr(at, end == std::string::npos ? std::string::npos : end - at);
    if (end == std::string::npos)  // the torn line: the beginning of what was being written
      return text.size() < expected.size() ? expected.substr(0, text.size()) == text : text.substr(0, expected.size()) == expected;
    const auto mark = text.rfind(" #");
    const bool intact = mark != std::string::npos && checksum(std::string(text.substr(0, mark))) == text.substr(mark + 2);
    if (!intact || text.substr(0, expected.size()) != expected) return false;
    at = end + 1;
  }
  return false;  // all three lines are whole: the game began
}

RecoveredGame GameJournal::read(const std::string& path, const VariantLookup& lookup, Damage damage) {
  std::size_t intactBytes = 0;
  return parse(path, lookup, damage, intactBytes);
}

RecoveredGame GameJournal::parse(const std::string& path, const VariantLookup& lookup, Damage damage,
                                 std::size_t& intactBytes) {
  if (std::filesystem::is_directory(path)) throw JournalError(path + " is a folder, not a journal");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw JournalError(systemError("cannot read the journal", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string bytes = buffer.str();

  // Whole, intact lines; the last one may be torn (no newline) or garbled (bad checksum).
  std::vector<std::string> payloads;
  std::size_t goodBytes = 0;
  std::vector<std::string> warnings;
  bool endedAtDamage = false;
  std::size_t at = 0;
  int lineNo = 0;
  while (at < bytes.size()) {
    ++lineNo;
    const std::size_t end = bytes.find('\n', at);
    const bool last = end == std::string::npos || end + 1 == bytes.size();
    const std::string text = bytes.substr(at, end == std::string::npos ? std::string::npos : end - at);
    const auto mark = text.rfind(" #");
    const bool intact = end != std::string::npos && mark != std::string::npos && checksum(text.substr(0, mark)) == text.substr(mark + 2);
    if (!intact) {
      if (!last && damage == Damage::Refuse)
        throw JournalError(path + " line " + std::to_string(lineNo) +
                           " is damaged and is not the last line: the journal cannot be trusted past it");
      if (!last) {
        warnings.push_back(path + " line " + std::to_string(lineNo) +
                           " is damaged and is not the last line: it and every line after it are left out, so the "
                           "record ends before it: '" + text.substr(0, 60) + "'");
        endedAtDamage = true;
        break;
      }
      warnings.push_back(path + " line " + std::to_string(lineNo) + " was cut off (power cut mid-write?) and is dropped: '" +
                         text.substr(0, 60) + "'");
      break;
    }
    payloads.push_back(text.substr(0, mark));
    goodBytes = end + 1;
    at = end + 1;
  }
  if (payloads.size() < 3 || payloads[0] != kHeader || payloads[1].rfind("variant ", 0) != 0 || payloads[2].rfind("start ", 0) != 0)
    throw JournalError(path + " is not a Tessera journal (it must begin with the header, the variant and the start)");

  const std::string variantName = payloads[1].substr(8);
  const Variant* variant = nullptr;
  try {
    variant = lookup ? &lookup(variantName) : &builtinVariant(variantName);
  } catch (const std::exception& e) {
    throw JournalError(path + ": variant '" + variantName + "': " + e.what());
  }
  RecoveredGame out{nullptr, std::move(warnings), endedAtDamage, {}, {}, {}, {}, {}, GameJournal(path, -1)};
  intactBytes = goodBytes;
  try {
    out.game = std::make_unique<Game>(*variant, payloads[2].substr(6));
  } catch (const std::exception& e) {
    throw JournalError(path + ": start position: " + e.what());
  }
  // An amended action is journaled as "takeback 1" and the action without a time: it keeps the time
  // of the action it replaced.
  std::optional<long> justTakenBack;
  for (std::size_t i = 3; i < payloads.size(); ++i) {
    const std::string& p = payloads[i];
    const std::optional<long> amendedFrom = std::exchange(justTakenBack, std::nullopt);
    const std::string where = path + " line " + std::to_string(i + 1) + " '" + p + "': ";
    try {
      std::string text = p;
      const std::optional<long> thought = cutThinkingTime(text);
      const auto turnOfTheSideToAct = [&] {
        if (thought) out.lastTurn = RecoveredGame::Thought{out.game->position().sideToMove(), *thought};
      };
      // Whatever comes after an announcement settles it: the action carried out, or the game moved on.
      if (text.rfind("timecontrol ", 0) != 0) out.engineAction.reset();
      if (text.rfind("action ", 0) == 0) {
        if (thought) out.thinking.push_back({out.game->position().sideToMove(), *thought});
        out.game->play(parseMove(out.game->position(), text.substr(7)));
        out.actionMillis.push_back(thought ? thought : amendedFrom);
        out.lastTurn.reset();
      } else if (text.rfind("takeback ", 0) == 0) {
        const int plies = integerOf(text.substr(9));
        if (plies == 1 && !out.actionMillis.empty()) justTakenBack = out.actionMillis.back();
        out.game->takeBack(plies);
        out.actionMillis.resize(out.game->actions().size());
        out.lastTurn.reset();
      } else if (text.rfind("resign ", 0) == 0) {
        out.game->resign(integerOf(text.substr(7)));
        turnOfTheSideToAct();
      } else if (text.rfind("flag ", 0) == 0) {
        out.game->loseOnTime(integerOf(text.substr(5)));
        turnOfTheSideToAct();
      } else if (text == "draw") {
        out.game->agreeDraw();
        turnOfTheSideToAct();
      } else if (text == "withdraw") {
        // The turn the resignation or draw ended goes on: its thinking stays the last turn's.
        if (thought) throw JournalError("a withdrawal takes no thinking time");
        out.game->withdrawResignationOrDraw();
      } else if (text.rfind("thinking ", 0) == 0) {
        if (!thought) throw JournalError("no thinking time");
        if (integerOf(text.substr(9)) != out.game->position().sideToMove()) throw JournalError("not the side to act");
        turnOfTheSideToAct();
      } else if (text.rfind("engine ", 0) == 0) {
        out.engineAction = RecoveredGame::Announced{parseMove(out.game->position(), text.substr(7)), thought};
      } else if (text.rfind("timecontrol ", 0) == 0) {
        out.timeControl = text.substr(12);
      } else {
        throw JournalError("unknown entry");
      }
    } catch (const std::exception& e) {
      throw JournalError(where + e.what());
    }
  }

  return out;
}

RecoveredGame GameJournal::recover(const std::string& path, const VariantLookup& lookup) {
  if (std::filesystem::is_directory(path)) throw JournalError(path + " is a folder, not a journal");
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
  if (fd < 0) throw JournalError(systemError("cannot open the journal to go on with it", path));
  GameJournal journal(path, fd);
  // Locked before it is read, so that no other game writes it between the reading and the cut.
  lockForWriting(fd, path);
  std::size_t goodBytes = 0;
  RecoveredGame out = parse(path, lookup, Damage::Refuse, goodBytes);
  // Cut the torn tail off so that new lines follow the last good one.
  struct stat file {};
  if (::fstat(fd, &file) == 0 && static_cast<off_t>(goodBytes) < file.st_size &&
      ::ftruncate(fd, static_cast<off_t>(goodBytes)) != 0)
    throw JournalError(systemError("cannot drop the torn line of", path));
  out.journal = std::move(journal);
  return out;
}

}  // namespace tessera
