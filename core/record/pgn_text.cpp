#include "core/record/pgn_text.hpp"

#include <algorithm>
#include <cctype>

#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

std::string lineLabel(int line) { return "line " + std::to_string(line); }

// As the PGN standard has it: a letter, then letters, digits or underscores.
bool isTagName(std::string_view name) {
  return !name.empty() && std::isalpha(static_cast<unsigned char>(name[0])) &&
         std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

// `[Name "value"]`, with \" and \\ in the value; false when the line is no such tag.
bool readTag(std::string_view line, std::string& name, std::string& value) {
  const auto space = line.find(' ');
  const auto open = line.find('"'), close = line.rfind('"');
  if (space == std::string_view::npos || open == std::string_view::npos || open < space || close <= open ||
      line.back() != ']' || !isTagName(line.substr(1, space - 1)))
    return false;
  name = line.substr(1, space - 1);
  value.clear();
  for (std::size_t i = open + 1; i < close; ++i) {
    if (line[i] == '\\' && i + 1 < close) ++i;
    value += line[i];
  }
  return true;
}

// The length of a move number written against its action: 2 in "1.c4", 5 in "12...Nf6"; else 0.
std::size_t numberInFrontLength(std::string_view word) {
  std::size_t digits = 0;
  while (digits < word.size() && std::isdigit(static_cast<unsigned char>(word[digits]))) ++digits;
  std::size_t end = digits;
  while (end < word.size() && word[end] == '.') ++end;
  return digits > 0 && end > digits && end < word.size() ? end : 0;
}

class GameSplitter {
 public:
  void read(std::string_view line, int lineNo) {
    if (commentLine_ == 0 && line.starts_with('[')) return tag(line, lineNo);
    if (commentLine_ == 0 && line.starts_with('%')) return;
    std::string word;
    for (const char c : line) {
      if (commentLine_ != 0) {
        if (c == '}') commentLine_ = 0;
      } else if (c == '{') {
        endWord(word, lineNo);
        commentLine_ = lineNo;
      } else if (c == ';') {
        break;
      } else if (c == '(' || c == ')') {
        endWord(word, lineNo);
        add({std::string(1, c), lineNo, lineLabel(lineNo) + ": variations in parentheses are not read; take them out to check the main line"});
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        endWord(word, lineNo);
      } else {
        word += c;
      }
    }
    endWord(word, lineNo);
  }

  std::vector<PgnGameText> finish() {
    if (commentLine_ != 0)
      add({"{", commentLine_, "comment opened on line " + std::to_string(commentLine_) + " is never closed"});
    const bool noGame = std::all_of(games_.begin(), games_.end(),
                                    [](const PgnGameText& g) { return g.movetext.empty() && g.tagFault.empty(); });
    if (noGame) games_.clear();
    return std::move(games_);
  }

 private:
  void tag(std::string_view line, int lineNo) {
    while (line.ends_with(' ') || line.ends_with('\t')) line.remove_suffix(1);
    if (games_.empty() || !games_.back().movetext.empty()) startGame(lineNo);
    PgnGameText& game = games_.back();
    std::string name, value;
    if (!readTag(line, name, value)) {
      if (game.tagFault.empty()) game.tagFault = lineLabel(lineNo) + ": malformed tag: " + excerpt(line);
      return;
    }
    game.tags[name] = value;
    game.tagLines[name] = lineNo;
  }

  void endWord(std::string& word, int lineNo) {
    if (word.empty()) return;
    if (const std::size_t number = numberInFrontLength(word); number > 0) {
      add({word.substr(0, number), lineNo, {}});
      word.erase(0, number);
    }
    add({std::move(word), lineNo, {}});
    word.clear();
  }

  void startGame(int lineNo) { games_.emplace_back().line = lineNo; }

  void add(PgnWord word) {
    if (games_.empty()) startGame(word.line);
    games_.back().movetext.push_back(std::move(word));
  }

  std::vector<PgnGameText> games_;
  int commentLine_ = 0;  // the line a '{' comment still open began on, or 0
};

}  // namespace

std::vector<PgnGameText> splitPgnGames(std::string_view text) {
  constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";  // some Windows editors start a file with it
  if (text.starts_with(kByteOrderMark)) text.remove_prefix(kByteOrderMark.size());
  GameSplitter splitter;
  for (int lineNo = 1; !text.empty(); ++lineNo) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    if (line.ends_with('\r')) line.remove_suffix(1);
    splitter.read(line, lineNo);
  }
  return splitter.finish();
}

}  // namespace tessera
