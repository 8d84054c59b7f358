#include "core/record/pgn.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <sstream>
#include <vector>

#include "core/record/pgn_text.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"

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

std::string lineLabel(int line) { return "line " + std::to_string(line); }

bool isMoveNumber(const std::string& t) {
  std::size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  while (i < t.size() && t[i] == '.') ++i;
  return i == t.size();
}

// The results a game of this variant can end with: "1-0", "0-1", "1/2-1/2" and "*"; four players
// "1/2-1/2", "*" and the finishing order of two or more sides, winner first ("w>n>e>s").
bool isResult(const Variant& v, std::string_view word) {
  if (word == "*" || word == "1/2-1/2") return true;
  if (v.sides == 2) return word == "1-0" || word == "0-1";
  std::vector<bool> named(static_cast<std::size_t>(v.sides), false);
  int sides = 0;
  for (std::size_t start = 0; start <= word.size(); ++sides) {
    const std::size_t end = std::min(word.find('>', start), word.size());
    int side = 0;
    while (side < v.sides && sideLetter(v, side) != word.substr(start, end - start)) ++side;
    if (side == v.sides || named[static_cast<std::size_t>(side)]) return false;
    named[static_cast<std::size_t>(side)] = true;
    start = end + 1;
  }
  return sides >= 2;
}

const Variant& variantOf(const PgnGameText& text, const VariantLookup& lookup) {
  const auto tag = text.tags.find("Variant");
  const std::string name = tag == text.tags.end() ? "chess" : tag->second;
  try {
    return lookup ? lookup(name) : builtinVariant(name);
  } catch (const std::exception& e) {
    const std::string line = tag == text.tags.end() ? "" : lineLabel(text.tagLines.at("Variant")) + ": ";
    throw PgnError(line + "Variant tag '" + excerpt(name) + "': " + e.what());
  }
}

// The words on the same line from `from` on, as they stood: what follows a result.
std::string restOfLine(const std::vector<PgnWord>& words, std::size_t from) {
  std::string text;
  for (std::size_t i = from; i < words.size() && words[i].line == words[from].line && text.size() <= 60; ++i)
    text += (text.empty() ? "" : " ") + words[i].text;
  return text;
}

// The Result tag, the result closing the movetext and the final position must agree; "*" claims
// nothing about how the game ended.
void checkResults(PgnGame& record, const PgnGameText& text, const PgnWord* closing) {
  const auto tag = record.tags.find("Result");
  const std::string tagLine = tag == record.tags.end() ? "" : lineLabel(text.tagLines.at("Result"));
  if (tag != record.tags.end() && closing && tag->second != closing->text)
    throw PgnError(tagLine + ": the Result tag gives " + excerpt(tag->second) + " but the movetext ends with " +
                   closing->text + " (" + lineLabel(closing->line) + ")");
  const GameResult ended = record.game->result();
  if (!ended.finished()) return;
  const std::string denied = " but the final position ends the game " + ended.token + " (" + ended.reason + ")";
  if (closing && closing->text != "*" && closing->text != ended.token)
    throw PgnError(lineLabel(closing->line) + ": the record gives the result " + closing->text + denied);
  if (!closing && tag != record.tags.end() && tag->second != "*" && tag->second != ended.token)
    throw PgnError(tagLine + ": the Result tag gives " + excerpt(tag->second) + denied);
}

PgnGame replayGame(const PgnGameText& text, const VariantLookup& lookup) {
  if (!text.tagFault.empty()) throw PgnError(text.tagFault);
  if (text.movetext.empty())
    throw PgnError(lineLabel(text.line) + ": tags with no movetext after them (no action and no result)");
  PgnGame out;
  out.tags = text.tags;
  const Variant& variant = variantOf(text, lookup);
  const auto fen = text.tags.find("FEN");
  try {
    out.game = fen == text.tags.end() ? std::make_unique<Game>(variant) : std::make_unique<Game>(variant, fen->second);
  } catch (const std::exception& e) {
    throw PgnError(lineLabel(text.tagLines.at("FEN")) + ": FEN tag: " + std::string(e.what()));
  }

  const PgnWord* closing = nullptr;
  int played = 0;
  for (std::size_t i = 0; i < text.movetext.size(); ++i) {
    const PgnWord& w = text.movetext[i];
    if (!w.fault.empty()) throw PgnError(w.fault);
    if (closing)
      throw PgnError(lineLabel(w.line) + ": '" + excerpt(restOfLine(text.movetext, i)) + "' after the result " +
                     closing->text + " (a new game starts with its tags)");
    if (isMoveNumber(w.text) || w.text[0] == '$') continue;
    if (isResult(variant, w.text)) {
      closing = &w;
      continue;
    }
    Position& pos = out.game->position();
    const std::string where = lineLabel(w.line) + ", action " + std::to_string(played + 1) + " (" +
                              std::to_string(pos.fullmoveNumber()) + (pos.sideToMove() == 0 ? ". " : "... ") +
                              excerpt(w.text) + ", " + sideFullName(variant, pos.sideToMove()) + " to act)";
    if (const GameResult ended = out.game->result(); ended.finished())
      throw PgnError(where + ": the game is over (" + ended.reason + ")");
    std::string san = w.text;
    while (!san.empty() && (san.back() == '!' || san.back() == '?')) san.pop_back();
    try {
      out.game->play(parseMove(pos, san));
    } catch (const std::exception& e) {
      throw PgnError(where + ": " + e.what());
    }
    ++played;
  }
  out.recordedResult = closing ? closing->text : "";
  checkResults(out, text, closing);
  return out;
}

}  // namespace

PgnGame readPgn(std::string_view text, const VariantLookup& lookup) {
  const std::vector<PgnGameText> games = splitPgnGames(text);
  if (games.empty()) throw PgnError("no game record");
  if (games.size() > 1) throw PgnError(lineLabel(games[1].line) + ": a second game starts here where one was expected");
  return replayGame(games[0], lookup);
}

std::vector<PgnGameInFile> readPgnGames(std::string_view text, const VariantLookup& lookup) {
  std::vector<PgnGameInFile> out;
  for (const PgnGameText& game : splitPgnGames(text)) {
    PgnGameInFile& entry = out.emplace_back();
    entry.line = game.line;
    try {
      entry.read = replayGame(game, lookup);
    } catch (const PgnError& e) {
      entry.fault = e.what();
    }
  }
  return out;
}

}  // namespace tessera
