#include "uci.hpp"

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "move_text.hpp"
#include "position_text.hpp"
#include "search.hpp"

namespace tessera {
namespace {

std::string uciScore(int score) {
  return isMateScore(score) ? "mate " + std::to_string(movesToMate(score)) : "cp " + std::to_string(score);
}

class UciSession {
 public:
  UciSession(std::ostream& out) : out_(out), variant_(&builtinVariant("chess")), position_(startPosition(*variant_)) {}

  bool handle(const std::string& line) {
    std::istringstream words(line);
    std::string command;
    words >> command;
    if (command.empty()) return true;
    if (command == "quit") return false;
    try {
      if (command == "uci") {
        out_ << "id name Tessera\nid author the Tessera team\n";
        out_ << "option name UCI_Variant type combo default chess";
        for (const std::string& name : builtinVariantNames()) out_ << " var " << name;
        out_ << "\noption name MultiPV type spin default 1 min 1 max 64\n";
        out_ << "option name Hash type spin default 16 min 1 max 1024\nuciok\n";
      } else if (command == "isready") {
        out_ << "readyok\n";
      } else if (command == "setoption") {
        setOption(words);
      } else if (command == "ucinewgame") {
        searcher_.clearHash();
        position_ = startPosition(*variant_);
      } else if (command == "position") {
        setPosition(words);
      } else if (command == "go") {
        go(words);
      } else {
        out_ << "info string unknown command '" << command << "'\n";
      }
    } catch (const std::exception& e) {
      out_ << "info string " << command << ": " << e.what() << "\n";
    }
    out_.flush();
    return true;
  }

 private:
  void setOption(std::istringstream& words) {
    std::string word, name, value;
    words >> word;  // "name"
    while (words >> word && word != "value") name += (name.empty() ? "" : " ") + word;
    std::getline(words >> std::ws, value);
    if (name == "UCI_Variant") {
      variant_ = &builtinVariant(value);
      position_ = startPosition(*variant_);
    } else if (name == "MultiPV") {
      multiPv_ = std::max(1, std::stoi(value));
    } else if (name == "Hash") {
      searcher_ = Searcher(std::clamp(std::stoi(value), 1, 1024));
    } else {
      out_ << "info string unknown option '" << name << "'\n";
    }
  }

  void setPosition(std::istringstream& words) {
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
  }

  void go(std::istringstream& words) {
    SearchLimits limits;
    limits.multiPv = multiPv_;
    int ourTime = 0, ourIncrement = 0, movesToGo = 30;
    const bool white = position_.sideToMove() == 0;
    for (std::string word; words >> word;) {
      long value = 0;
      if (word == "infinite") {
        limits.depth = 12;
        continue;
      }
      if (!(words >> value)) throw std::invalid_argument("'" + word + "' needs a number");
      if (word == "depth") limits.depth = static_cast<int>(value);
      else if (word == "nodes") limits.nodes = value;
      else if (word == "movetime") limits.millis = static_cast<int>(value);
      else if (word == (white ? "wtime" : "btime")) ourTime = static_cast<int>(value);
      else if (word == (white ? "winc" : "binc")) ourIncrement = static_cast<int>(value);
      else if (word == "movestogo") movesToGo = std::max(1, static_cast<int>(value));
    }
    if (ourTime > 0 && limits.millis == 0)
      limits.millis = std::max(1, std::min(ourTime / 2, ourTime / movesToGo + ourIncrement / 2));
    const SearchReport report = searcher_.search(position_, limits, [&](const SearchReport& r) {
      for (std::size_t i = 0; i < r.lines.size(); ++i) {
        out_ << "info depth " << r.depth << " multipv " << i + 1 << " score " << uciScore(r.lines[i].score)
             << " nodes " << r.nodes << " time " << static_cast<long>(r.seconds * 1000) << " pv";
        Position walk = position_;
        for (const Move& m : r.lines[i].moves) {
          out_ << ' ' << longAlgebraic(walk, m);
          walk.make(m);
        }
        out_ << "\n";
      }
    });
    out_ << "bestmove " << (report.lines.empty() ? "(none)" : longAlgebraic(position_, report.lines.front().moves.front()))
         << "\n";
  }

  std::ostream& out_;
  const Variant* variant_;
  Position position_;
  Searcher searcher_;
  int multiPv_ = 1;
};

}  // namespace

void runUci(std::istream& in, std::ostream& out) {
  UciSession session(out);
  for (std::string line; std::getline(in, line);)
    if (!session.handle(line)) break;
}

}  // namespace tessera
