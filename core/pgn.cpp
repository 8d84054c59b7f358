#include "pgn.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <sstream>
#include <vector>

#include "move_text.hpp"
#include "position_text.hpp"

namespace tessera {
namespace {

std::string quoted(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

std::vector<std::string> playerTags(const Variant& v) {
  std::vector<std::string> names;
  for (int s = 0; s < v.sides; ++s) names.push_back(sideFullName(v, s));
  return names;
}

// Appends words to lines no longer than 79 characters, as PGN asks.
class MovetextWriter {
 public:
  void word(const std::string& w) {
    if (!line_.empty() && line_.size() + 1 + w.size() > 79) flush();
    if (!line_.empty()) line_ += ' ';
    line_ += w;
  }
  std::string finish() {
    flush();
    return text_;
  }

 private:
  void flush() {
    if (!line_.empty()) text_ += line_ + "\n";
    line_.clear();
  }
  std::string line_, text_;
};

}  // namespace

std::vector<std::string> movetextWords(const Game& game, const std::vector<std::string>& comments) {
  std::vector<std::string> words;
  Position replay = parsePosition(game.variant(), game.startPosition());
  bool numberNext = true;  // the first action, and one after a comment, carries its number
  for (std::size_t i = 0; i < game.actions().size(); ++i) {
    const Move& m = game.actions()[i];
    const int side = replay.sideToMove();
    if (side == 0 || numberNext) words.push_back(std::to_string(replay.fullmoveNumber()) + (side == 0 ? "." : "..."));
    words.push_back(san(replay, m));
    numberNext = i < comments.size() && !comments[i].empty();
    if (numberNext) words.push_back("{" + comments[i] + "}");
    replay.make(m);
  }
  return words;
}

std::vector<std::string> elapsedTimeComments(const std::vector<std::optional<long>>& millis) {
  std::vector<std::string> comments;
  for (const std::optional<long>& ms : millis) {
    if (!ms) {
      comments.emplace_back();
      continue;
    }
    const long seconds = (std::max(0L, *ms) + 500) / 1000;
    char text[48];
    std::snprintf(text, sizeof text, "[%%emt %ld:%02ld:%02ld]", seconds / 3600, seconds / 60 % 60, seconds % 60);
    comments.emplace_back(text);
  }
  return comments;
}

std::string writePgn(Game& game, const PgnTags& tags, const std::vector<std::string>& comments) {
  const Variant& v = game.variant();
  const GameResult result = game.result();
  std::ostringstream out;
  const auto tag = [&](const std::string& name, const std::string& value) {
    out << '[' << name << " \"" << quoted(value) << "\"]\n";
  };
  const auto given = [&](const std::string& name, const std::string& fallback) {
    const auto it = tags.find(name);
    tag(name, it != tags.end() ? it->second : fallback);
  };
  given("Event", "?");
  given("Site", "?");
  given("Date", "????.??.??");
  given("Round", "?");
  for (const std::string& side : playerTags(v)) given(side, "?");
  // The game's own facts, whatever the caller's tags say (a record read back passes its tags on).
  tag("Result", result.token);
  tag("Variant", v.fullName.empty() ? v.name : v.fullName);
  if (!game.startsFromDefault()) {
    tag("SetUp", "1");
    tag("FEN", game.startPosition());
  }
  if (result.finished()) tag("Termination", result.reason);
  for (const auto& [name, value] : tags) {
    static const std::vector<std::string> written{"Event", "Site", "Date", "Round", "Result", "Variant", "SetUp", "FEN", "Termination"};
    bool done = false;
    for (const auto& w : written) done = done || w == name;
    for (const auto& p : playerTags(v)) done = done || p == name;
    if (!done) tag(name, value);
  }
  out << '\n';

  MovetextWriter text;
  for (const std::string& word : movetextWords(game, comments)) text.word(word);
  text.word(result.token);
  out << text.finish() << '\n';
  return out.str();
}

namespace {

struct Token {
  std::string text;
  int line;
};

bool isMoveNumber(const std::string& t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  while (i < t.size() && t[i] == '.') ++i;
  return i == t.size();
}

bool isResultToken(const std::string& t) {
  return t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*" || t.find('>') != std::string::npos;
}

// As the PGN standard has it: a letter, then letters, digits or underscores.
bool isTagName(const std::string& name) {
  return !name.empty() && std::isalpha(static_cast<unsigned char>(name[0])) &&
         std::all_of(name.begin(), name.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; });
}

}  // namespace

PgnGame readPgn(std::string_view text, const VariantLookup& lookup) {
  PgnGame out;
  std::vector<Token> movetext;
  std::istringstream in{std::string(text)};
  int lineNo = 0;
  bool inComment = false;
  for (std::string line; std::getline(in, line);) {
    ++lineNo;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!inComment && !line.empty() && line[0] == '[') {
      const auto space = line.find(' ');
      const auto open = line.find('"'), close = line.rfind('"');
      if (space == std::string::npos || open == std::string::npos || open < space || close <= open || line.back() != ']' ||
          !isTagName(line.substr(1, space - 1)))
        throw PgnError("line " + std::to_string(lineNo) + ": malformed tag: " + line);
      std::string value;
      for (std::size_t i = open + 1; i < close; ++i) {
        if (line[i] == '\\' && i + 1 < close) ++i;
        value += line[i];
      }
      out.tags[line.substr(1, space - 1)] = value;
      continue;
    }
    if (!line.empty() && line[0] == '%') continue;
    std::string word;
    const auto endWord = [&] {
      if (!word.empty()) movetext.push_back({word, lineNo});
      word.clear();
    };
    for (std::size_t i = 0; i < line.size(); ++i) {
      const char c = line[i];
      if (inComment) {
        inComment = c != '}';
      } else if (c == '{') {
        endWord();
        inComment = true;
      } else if (c == ';') {
        break;
      } else if (std::isspace(static_cast<unsigned char>(c))) {
        endWord();
      } else {
        word += c;
      }
    }
    endWord();
  }

  const auto variantTag = out.tags.find("Variant");
  const std::string variantName = variantTag == out.tags.end() ? "chess" : variantTag->second;
  const Variant* variant = nullptr;
  try {
    variant = lookup ? &lookup(variantName) : &builtinVariant(variantName);
  } catch (const std::exception& e) {
    throw PgnError("Variant tag '" + variantName + "': " + e.what());
  }
  const auto fen = out.tags.find("FEN");
  try {
    out.game = fen == out.tags.end() ? std::make_unique<Game>(*variant) : std::make_unique<Game>(*variant, fen->second);
  } catch (const std::exception& e) {
    throw PgnError("FEN tag: " + std::string(e.what()));
  }

  int played = 0;
  for (const Token& t : movetext) {
    if (isMoveNumber(t.text) || (t.text[0] == '$')) continue;
    if (isResultToken(t.text)) {
      out.recordedResult = t.text;
      break;
    }
    Position& pos = out.game->position();
    const std::string where = "line " + std::to_string(t.line) + ", action " + std::to_string(played + 1) + " (" +
                              std::to_string(pos.fullmoveNumber()) + (pos.sideToMove() == 0 ? ". " : "... ") +
                              t.text + ", " + sideFullName(*variant, pos.sideToMove()) + " to act)";
    std::string san = t.text;
    while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.pop_back();
    try {
      out.game->play(parseMove(pos, san));
    } catch (const std::exception& e) {
      throw PgnError(where + ": " + e.what());
    }
    ++played;
  }
  return out;
}

}  // namespace tessera
