#pragma once
// A PGN file taken apart into its games before any action is read: each game's tags and the words
// of its movetext, with their lines. A game starts at its tags, so tags that follow movetext start
// the next game.
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tessera {

struct PgnWord {
  std::string text;  // a move number, an action, a NAG ($1) or a result, as written
  int line = 0;
  std::string fault;  // not empty: the text cannot be read here, and why (line included)
};

struct PgnGameText {
  int line = 0;  // where the game starts: its first tag, or its first word when it has no tags
  std::map<std::string, std::string> tags;
  std::map<std::string, int> tagLines;
  std::string tagFault;  // the first malformed tag, with its line
  std::vector<PgnWord> movetext;
};

// Leaves out a UTF-8 byte order mark, comments ({...}, ';' to the end of the line, '%' lines) and
// splits a number written against its action ("1.c4", "5...Nf6"). A variation in parentheses and
// a comment never closed become faults. Text with no movetext and no fault (nothing, or tags alone)
// holds no game: the list is empty.
std::vector<PgnGameText> splitPgnGames(std::string_view text);

}  // namespace tessera
