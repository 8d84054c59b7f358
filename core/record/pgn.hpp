#pragma once
// The game record as PGN: the usual seven tags plus Variant (and FEN/SetUp when the game did not
// start from the variant's start), actions in SAN, the result. Reading replays every action and
// names the first one that is not legal; a file may hold several games.
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/game.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {

class PgnError : public std::runtime_error {
 public:
  explicit PgnError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

// Tags the caller may set (Event, Site, Date, Round, White, Black, ...); missing ones get "?".
// Result, Variant, SetUp, FEN and Termination are always the game's own.
using PgnTags = std::map<std::string, std::string>;

// `comments[i]`, if there and not empty, follows the i-th action in braces.
std::string writePgn(Game& game, const PgnTags& tags = {}, const std::vector<std::string>& comments = {});

// The actions in SAN with their numbers, as the record writes them ("1.", "e4", "c5", "2.", ...;
// a round of four actions per number with four players; "1..." when Black acts first or after a
// comment), and the comments in braces.
std::vector<std::string> movetextWords(const Game& game, const std::vector<std::string>& comments = {});

// How long each action took, as the comment game databases read: "[%emt 0:01:05]" (to the second),
// or "" where it is not known.
std::vector<std::string> elapsedTimeComments(const std::vector<std::optional<long>>& millis);

struct PgnGame {
  PgnTags tags;
  std::unique_ptr<Game> game;
  std::string recordedResult;  // the result token closing the movetext as written, "" when none
};

// Finds a variant by the name in the Variant tag (built-ins by default).
using VariantLookup = std::function<const Variant&(std::string_view name)>;

// Reads a record of one game. Throws PgnError naming the line and the action (number, side, text)
// that cannot be read or played, a result the Result tag, the movetext and the final position do
// not agree on, words after the result, or text that holds no game or more than one.
PgnGame readPgn(std::string_view text, const VariantLookup& lookup = {});

// One game of a file that may hold many (as `tessera match --pgn` writes): the game read, or why
// it cannot be, in the words of PgnError.
struct PgnGameInFile {
  int line = 0;  // where its record starts
  std::optional<PgnGame> read;
  std::string fault;
};

// Every game in the text, each read on its own (a bad one does not stop the next); none when the
// text holds no movetext at all.
std::vector<PgnGameInFile> readPgnGames(std::string_view text, const VariantLookup& lookup = {});

}  // namespace tessera
