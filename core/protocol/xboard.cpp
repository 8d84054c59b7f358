#include "core/protocol/xboard.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/engine/search.hpp"
#include "core/engine/search_thread.hpp"
#include "core/protocol/xboard_clock.hpp"
#include "core/protocol/xboard_notation.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

class XboardSession {
 public:
  explicit XboardSession(std::ostream& out) : out_(out), game_(builtinVariant("chess")) {}

  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty()) return true;
    // Heard while the engine thinks, without disturbing it.
    if (command == "ping") {
      std::string n;
      words >> n;
      say("pong " + n + "\n");
      return true;
    }
    if (command == "post" || command == "nopost") {
      post_ = command == "post";
      return true;
    }
    if (command == "?") {  // move now: the search ends and its action is played
      if (!analyzing_) thinking_.stop();
      return true;
    }
    if (isIgnored(command)) return true;
    try {
      if (command == "hint") {
        sayHint();
        return true;
      }
      if (command == "time" || command == "otim") {
        std::string value;
        words >> value;
        // Hundredths of a second. The opponent's clock is read only to answer a wrong one.
        if (command == "time") clock_.setEngineClock(value);
        else xboardSignedNumber(value, "'otim'");
        return true;
      }
    } catch (const std::exception& e) {
      sayError(e, line);
      return true;
    }
    // Anything else changes the game or the way the engine plays it: thinking ends first, and
    // the action it was thinking about is not played.
    stopThinking();
    if (command == "quit") return false;
    try {
      dispatch(command, words, line);
    } catch (const std::exception& e) {
      sayError(e, line);
      // Refused after thinking was stopped: the game is as it was, so the analysis goes on, or
      // the engine thinks again if it is its turn, rather than falling silent.
      afterChange();
    }
    return true;
  }

  // The input has ended: the engine's action is let finish, an analysis is stopped.
  void finish() {
    if (analyzing_) stopThinking();
    else thinking_.join();
  }

 private:
  static bool isIgnored(const std::string& command) {
    // Facts about the opponent and the GUI the engine has no use for, and pondering (it never
    // ponders).
    for (const char* c : {"xboard", "accepted", "rejected", "hard", "easy", "computer", "name", "rating", "ics",
                          "random", ".", "draw", "cores"})
      if (command == c) return true;
    return false;
  }

  void dispatch(const std::string& command, std::istringstream& words, const std::string& line) {
    if (command == "protover") {
      sayFeatures();
    } else if (command == "new") {
      game_ = Game(builtinVariant("chess"));
      searcher_.clearHash();
      force_ = false;
      engineSide_ = 1;
      clock_.newGame();
      afterChange();
    } else if (command == "variant") {
      std::string name;
      words >> name;
      const Variant& v = builtinVariant(name == "normal" ? "chess" : name);
      if (v.sides != 2) throw std::invalid_argument(name + " has " + std::to_string(v.sides) + " sides; the XBoard protocol knows two");
      if (!xboardCanShow(v)) throw std::invalid_argument(name + "'s board has terrain XBoard cannot show; use tessera uci");
      game_ = Game(v);
      if (name != "normal" && name != "chess") saySetup(v);
      afterChange();
    } else if (command == "force") {
      force_ = true;
    } else if (command == "go") {
      force_ = false;
      engineSide_ = game_.position().sideToMove();
      // Asked to act in a game that is over (a finished position set up, say): the result, so that
      // the GUI does not wait for an action that cannot come.
      if (game_.result().finished()) sayResultIfOver();
      else afterChange();
    } else if (command == "playother") {
      force_ = false;
      engineSide_ = 1 - game_.position().sideToMove();
    } else if (command == "level") {
      std::string mps, base, increment;
      if (!(words >> mps >> base >> increment)) throw std::invalid_argument("'level' needs MPS BASE INC");
      clock_.setLevel(mps, base, increment);
    } else if (command == "st") {
      std::string value;
      words >> value;
      clock_.setSecondsPerAction(value);
    } else if (command == "sd") {
      std::string value;
      words >> value;
      clock_.setDepth(value);
    } else if (command == "usermove") {
      std::string text;
      words >> text;
      playUserAction(text);
    } else if (command == "setboard") {
      std::string text;
      std::getline(words >> std::ws, text);
      try {
        game_ = Game(game_.variant(), text);
      } catch (const std::exception& e) {
        // Refused: the game goes on as it was.
        say("tellusererror Illegal position: " + std::string(e.what()) + "\n");
      }
      afterChange();
    } else if (command == "undo" || command == "remove") {
      const int plies = command == "undo" ? 1 : 2;
      if (static_cast<int>(game_.actions().size()) < plies) throw std::invalid_argument("no action to take back");
      game_.takeBack(plies);
      afterChange();
    } else if (command == "result") {
      force_ = true;
    } else if (command == "analyze") {
      analyzing_ = true;
      afterChange();
    } else if (command == "exit") {
      analyzing_ = false;
    } else if (command == "memory") {
      std::string value;
      words >> value;
      searcher_ = Searcher(static_cast<int>(std::clamp(xboardNumber(value, "'memory'"), 1.0, 1024.0)));
    } else {
      playBareAction(command, line);
    }
  }

  // The board size, the pieces and the start of a variant XBoard does not know: "setup
  // (PNBRQ..pnbrq..) 12x12+0_fairy FEN".
  void saySetup(const Variant& v) {
    std::string start = v.startPosition;
    const auto hand = start.find("[]");
    if (hand != std::string::npos) start.erase(hand, 2);  // holdings XBoard has no place for
    std::string text = "setup (" + xboardPieceTable(v) + ") " + std::to_string(v.size.files) + "x" +
                       std::to_string(v.size.ranks) + "+0_fairy " + start + "\n";
    // How each piece moves, in the Betza notation both we and XBoard read, so that XBoard's own
    // legality test knows our pieces.
    for (const PieceType& piece : v.pieces) text += "piece " + std::string(1, piece.letter) + "& " + xboardBetza(piece.betza) + "\n";
    say(text);
  }

  void sayFeatures() {
    std::string variants;
    for (const std::string& name : builtinVariantNames())
      if (xboardCanShow(builtinVariant(name))) variants += (variants.empty() ? "" : ",") + xboardVariantName(name);
    say("feature myname=\"Tessera\" variants=\"" + variants +
        "\" setboard=1 usermove=1 ping=1 playother=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 colors=0 "
        "san=0 name=0 memory=1 done=1\n");
  }

  void playUserAction(const std::string& text) {
    Move m{};
    try {
      m = parseMove(game_.position(), text);
    } catch (const MoveTextError&) {
      say("Illegal move: " + visibleText(text) + "\n");
      afterChange();  // as after a refused command
      return;
    }
    if (game_.result().finished()) {
      say("Illegal move (the game is over): " + visibleText(text) + "\n");
      return;
    }
    game_.play(m);
    sayResultIfOver();
    afterChange();
  }

  // A version 1 GUI sends actions without `usermove`.
  void playBareAction(const std::string& command, const std::string& line) {
    try {
      parseMove(game_.position(), command);
    } catch (const MoveTextError&) {
      say("Error (unknown command): " + visibleText(line) + "\n");
      afterChange();  // as after a refused command
      return;
    }
    playUserAction(command);
  }

  void sayResultIfOver() {
    const GameResult r = game_.result();
    if (!r.finished()) return;
    const int winner = r.token == "1-0" ? 0 : r.token == "0-1" ? 1 : -1;
    const std::string why =
        winner < 0 ? r.reason : sideFullName(game_.variant(), winner) + " wins by " + r.reason;
    say(r.token + " {" + why + "}\n");
  }

  // The action the engine would play for the side to act, found in a second's search (no deeper
  // than `sd`); not while the engine thinks about its own.
  void sayHint() {
    std::optional<Position> root;
    {
      // The engine's own search may be playing its action into the game just now.
      const std::lock_guard lock(playGuard_);
      if (!force_ && !analyzing_ && game_.position().sideToMove() == engineSide_)
        throw std::invalid_argument("command not legal now");
      if (game_.result().finished()) return;
      root = game_.position();
    }
    const SearchReport report = hintSearcher_.search(*root, clock_.limitsForHint());
    if (!report.lines.empty() && !report.lines.front().moves.empty())
      say("Hint: " + longAlgebraic(*root, report.lines.front().moves.front()) + "\n");
  }

  void sayError(const std::exception& e, const std::string& line) {
    say("Error (" + visibleText(e.what()) + "): " + visibleText(line) + "\n");
  }

  // After the game or the engine's part in it changed: analyse again, or think if it is the
  // engine's turn.
  void afterChange() {
    if (analyzing_) return analyse();
    if (force_ || game_.result().finished() || game_.position().sideToMove() != engineSide_) return;
    think();
  }

  void think() {
    SearchLimits limits = clock_.limitsForAction(static_cast<int>(game_.actions().size()));
    limits.cancel = thinking_.cancelFlag();
    {
      const std::lock_guard lock(playGuard_);
      discard_ = false;
    }
    thinking_.start([this, limits, root = game_.position()]() mutable {
      const SearchReport report = searcher_.search(root, limits, [&](const SearchReport& r) {
        if (post_) sayThinking(root, r);
      });
      // Played under the lock, so that a `force` or `new` arriving now either comes after the
      // action was played and said, or keeps it from being played at all.
      const std::lock_guard lock(playGuard_);
      if (discard_ || report.lines.empty() || report.lines.front().moves.empty()) return;
      const Move m = report.lines.front().moves.front();
      const std::string text = longAlgebraic(root, m);
      game_.play(m);
      say("move " + text + "\n");
      sayResultIfOver();
    });
  }

  void analyse() {
    if (game_.result().finished()) return;
    SearchLimits limits;
    limits.cancel = thinking_.cancelFlag();
    {
      const std::lock_guard lock(playGuard_);
      discard_ = true;  // analysis plays nothing
    }
    thinking_.start([this, limits, root = game_.position()]() mutable {
      searcher_.search(root, limits, [&](const SearchReport& r) { sayThinking(root, r); });
    });
  }

  // Stops the engine thinking without playing what it found.
  void stopThinking() {
    {
      const std::lock_guard lock(playGuard_);
      discard_ = true;
    }
    thinking_.stop();
  }

  // "depth score time nodes pv": the score in centipawns for the side to act, the time in
  // hundredths of a second.
  void sayThinking(const Position& root, const SearchReport& r) {
    if (r.lines.empty()) return;
    const PvLine& best = r.lines.front();
    std::string text = std::to_string(r.depth) + " " + std::to_string(xboardScore(best.score)) + " " +
                       std::to_string(static_cast<long>(r.seconds * 100)) + " " + std::to_string(r.nodes) + " " +
                       longAlgebraicLine(root, best.moves);
    say(text + "\n");
  }

  void say(const std::string& text) {
    const std::lock_guard lock(outGuard_);
    out_ << text;
    out_.flush();
  }

  std::ostream& out_;
  std::mutex outGuard_;
  Game game_;
  Searcher searcher_;
  Searcher hintSearcher_{1};  // its own, as the analysis may be using searcher_
  bool force_ = false;
  bool analyzing_ = false;
  int engineSide_ = 1;  // after `new` the engine plays Black
  std::atomic<bool> post_{false};
  XboardClock clock_;
  std::mutex playGuard_;
  bool discard_ = false;  // under playGuard_: the search's action is not to be played
  SearchThread thinking_;  // last, so that it stops before the rest goes
};

}  // namespace

void runXboard(std::istream& in, std::ostream& out) {
  XboardSession session(out);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // WinBoard's line ends
    if (!session.handle(line)) return;
  }
  session.finish();
}

}  // namespace tessera
