#include "core/protocol/uci.hpp"

#include <algorithm>
#include <cctype>
#include <mutex>
#include <sstream>
#include <string>
#include <vector>

#include "core/engine/search.hpp"
#include "core/engine/search_thread.hpp"
#include "core/protocol/uci_go.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

std::string lowerCase(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

std::string uciScore(int score) {
  return isMateScore(score) ? "mate " + std::to_string(movesToMate(score)) : "cp " + std::to_string(score);
}

// The search runs on its own thread so that the reader stays free for `stop`, `isready` and `quit`
// while it thinks, as a GUI expects.
class UciSession {
 public:
  UciSession(std::ostream& out) : out_(out), variant_(&builtinVariant("chess")), position_(startPosition(*variant_)) {}

  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty()) return true;
    if (command == "isready") {
      say("readyok\n");
      return true;
    }
    if (command == "stop") {
      thinking_.stop();
      return true;
    }
    // Anything else that changes the session ends a search still running first (it still answers
    // with its bestmove).
    thinking_.stop();
    if (command == "quit") return false;
    try {
      if (command == "uci") {
        std::string text = "id name Tessera\nid author the Tessera team\n";
        text += "option name UCI_Variant type combo default chess";
        for (const std::string& name : builtinVariantNames()) text += " var " + name;
        text += "\noption name MultiPV type spin default 1 min 1 max 64\n";
        text += "option name Hash type spin default 16 min 1 max 1024\nuciok\n";
        say(text);
      } else if (command == "setoption") {
        setOption(words);
      } else if (command == "ucinewgame") {
        searcher_.clearHash();
        position_ = startPosition(*variant_);
        refusedPosition_.clear();
      } else if (command == "position") {
        setPosition(words);
      } else if (command == "go") {
        go(words);
      } else {
        say("info string unknown command '" + visibleText(command) + "'\n");
      }
    } catch (const std::exception& e) {
      say("info string " + visibleText(command) + ": " + visibleText(e.what()) + "\n");
    }
    return true;
  }

  // The input has ended: a search with limits is let finish, an infinite one is stopped.
  void finish() {
    if (infinite_) thinking_.stop();
    else thinking_.join();
  }

 private:
  void say(const std::string& text) {
    const std::lock_guard lock(outGuard_);
    out_ << text;
    out_.flush();
  }

  void setOption(std::istringstream& words) {
    std::string word, name, value;
    words >> word;  // "name"
    while (words >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(words >> std::ws, value);
    // The protocol has option names read without regard to case.
    const std::string key = lowerCase(name);
    if (key == "uci_variant") {
      variant_ = &builtinVariant(value);
      position_ = startPosition(*variant_);
      refusedPosition_.clear();
    } else if (key == "multipv") {
      multiPv_ = static_cast<int>(std::clamp(uciNumber(value, "MultiPV"), 1LL, 64LL));
    } else if (key == "hash") {
      searcher_ = Searcher(static_cast<int>(std::clamp(uciNumber(value, "Hash"), 1LL, 1024LL)));
    } else {
      say("info string unknown option '" + name + "'\n");
    }
  }

  // A refused `position` leaves no position to search: the GUI's game and ours differ, and an
  // answer for the position before it would be an action for a game the GUI is not playing.
  void setPosition(std::istringstream& words) {
    refusedPosition_ = "the last position command was refused";
    std::string kind, word;
    words >> kind;
    Position pos = startPosition(*variant_);
    std::vector<std::string> rest;
    while (words >> word) rest.push_back(word);
    std::size_t i = 0;
    if (kind == "fen") {
      std::string fen;
      for (; i < rest.size() && rest[i] != "moves"; ++i) fen += (fen.empty() ? "" : " ") + rest[i];
      pos = parsePosition(*variant_, fen);
    } else if (kind != "startpos") {
      throw std::invalid_argument("expected 'startpos' or 'fen', got '" + kind + "'");
    }
    if (i < rest.size() && rest[i] == "moves") ++i;
    for (; i < rest.size(); ++i) pos.make(parseMove(pos, rest[i]));
    position_ = pos;
    refusedPosition_.clear();
  }

  void go(std::istringstream& words) {
    if (!refusedPosition_.empty()) {
      say("info string " + refusedPosition_ + "; no position to search\nbestmove (none)\n");
      return;
    }
    std::vector<std::string> rest;
    for (std::string word; words >> word;) rest.push_back(word);
    GoRequest request = readGo(rest, position_, multiPv_);
    SearchLimits& limits = request.limits;
    limits.cancel = thinking_.cancelFlag();
    infinite_ = request.infinite;
    thinking_.start([this, limits, infinite = request.infinite, root = position_]() mutable {
      think(root, limits, infinite);
    });
  }

  void think(Position& root, const SearchLimits& limits, bool infinite) {
    const SearchReport report = searcher_.search(root, limits, [&](const SearchReport& r) {
      std::string text;
      for (std::size_t i = 0; i < r.lines.size(); ++i) {
        text += "info depth " + std::to_string(r.depth) + " multipv " + std::to_string(i + 1) + " score " +
                uciScore(r.lines[i].score) + " nodes " + std::to_string(r.nodes) + " time " +
                std::to_string(static_cast<long>(r.seconds * 1000)) + " pv " + longAlgebraicLine(root, r.lines[i].moves) +
                "\n";
      }
      say(text);
    });
    // Four players: the modelled rounds that chose among the leading actions, since the action
    // played need not be the last pv's first.
    for (const ModelledRound& round : report.modelled) {
      const std::string score = round.score == -kMateScore ? "out"
                                : round.score == kMateScore ? "last side in"
                                                            : "cp " + std::to_string(round.score);
      say("info string modelled round " + longAlgebraicLine(root, round.line()) + " score " + score + "\n");
    }
    // After `go infinite` the answer waits for `stop`, even when the search has nothing left to do.
    if (infinite) thinking_.waitForStop();
    say("bestmove " + (report.lines.empty() ? std::string("(none)") : longAlgebraic(root, report.lines.front().moves.front())) +
        "\n");
  }

  std::ostream& out_;
  std::mutex outGuard_;
  const Variant* variant_;
  Position position_;
  Searcher searcher_;
  int multiPv_ = 1;
  bool infinite_ = false;
  std::string refusedPosition_;  // why there is no position to search; empty when there is one
  SearchThread thinking_;  // last, so that it stops before the rest goes
};

}  // namespace

void runUci(std::istream& in, std::ostream& out) {
  UciSession session(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // a GUI on Windows ends lines so
    if (!session.handle(line)) return;
  }
  session.finish();
}

}  // namespace tessera
