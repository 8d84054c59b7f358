#include "core/rules/variant.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/rules/move_tables.hpp"
#include "core/rules/piece_values.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/zobrist.hpp"
#include "core/text/ini_lines.hpp"

namespace tessera {
namespace {

std::string trim(std::string_view s) {
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1]))) --b;
  return std::string(s.substr(a, b - a));
}

std::vector<std::string> words(std::string_view s) {
  std::istringstream in{std::string(s)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

class TextParser {
 public:
  TextParser(std::string_view source) : source_(source) {}

  [[noreturn]] void fail(int line, const std::string& what) const {
    throw VariantError(std::string(source_) + ", line " + std::to_string(line) + ": " + what);
  }

  // A whole number from `least` to `most`, nothing else.
  int parseCount(int line, const std::string& key, const std::string& value, int least, int most) const {
    const bool digits = !value.empty() && value.size() <= 6 && value.find_first_not_of("0123456789") == std::string::npos;
    const int n = digits ? std::stoi(value) : -1;
    if (n < least || n > most)
      fail(line, key + " must be a whole number from " + std::to_string(least) + " to " + std::to_string(most) + ", got '" +
                     value + "'");
    return n;
  }

  bool parseYesNo(int line, const std::string& value) const {
    if (value == "yes" || value == "true") return true;
    if (value == "no" || value == "false") return false;
    fail(line, "expected yes or no, got '" + value + "'");
  }

  // Ranks from the last to the first, separated by '/', one colour letter per square.
  void parseBoardColours(Variant& v, int line, const std::string& value) const {
    v.squareColour.fill(-1);
    int rank = v.size.ranks - 1, file = 0;
    for (char c : value) {
      if (c == '/') {
        if (file != v.size.files) fail(line, "board-colours rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares");
        --rank;
        file = 0;
        continue;
      }
      if (!std::isupper(static_cast<unsigned char>(c))) fail(line, std::string("colour letters are upper case, got '") + c + "'");
      if (rank < 0 || file >= v.size.files) fail(line, "board-colours do not fit the board");
      std::size_t index = v.colourLetters.find(c);
      if (index == std::string::npos) {
        if (v.colourLetters.size() >= 8) fail(line, "more than 8 colours");
        v.colourLetters += c;
        index = v.colourLetters.size() - 1;
      }
      v.squareColour[makeSquare(file, rank)] = static_cast<std::int8_t>(index);
      ++file;
    }
    if (rank != 0 || file != v.size.files) fail(line, "board-colours must cover every square of the board");
  }

  std::vector<int> parseLetters(int line, const Variant& v, const std::string& value) const {
    std::vector<int> types;
    for (const std::string& w : words(value)) {
      if (w.size() != 1) fail(line, "expected single piece letters, got '" + w + "'");
      const int t = v.typeByLetter(w[0]);
      if (t < 0) fail(line, "no piece with letter '" + w + "'");
      if (std::find(types.begin(), types.end(), t) != types.end()) fail(line, "piece letter '" + w + "' listed twice");
      types.push_back(t);
    }
    return types;
  }

  void applyKey(Variant& v, int line, const std::string& key, const std::string& value) const {
    if (key == "title") {
      v.title = value;
    } else if (key == "board") {
      int f = 0, r = 0;
      char x = 0;
      std::istringstream in(value);
      if (!(in >> f >> x >> r) || x != 'x' || !(in >> std::ws).eof() || f < 1 || r < 1 || f > kMaxFiles || r > kMaxRanks)
        fail(line, "board must be FILESxRANKS with both between 1 and 16, got '" + value + "'");
      v.size = {f, r};
    } else if (key == "sides") {
      const int n = parseCount(line, key, value, 2, 4);
      if (n == 3) fail(line, "sides must be 2 or 4");
      v.sides = n;
    } else if (key == "piece") {
      const auto w = words(value);
      if (w.size() < 3 || w.size() > 4) fail(line, "piece needs: name LETTER betza [royal]");
      PieceType p;
      p.name = w[0];
      if (w[1].size() != 1 || !std::isupper(static_cast<unsigned char>(w[1][0])))
        fail(line, "piece letter must be one upper-case letter, got '" + w[1] + "'");
      p.letter = w[1][0];
      const int existing = v.typeByLetter(p.letter);
      if (existing >= 0 && v.pieces[existing].name != p.name) fail(line, std::string("letter ") + p.letter + " used twice");
      p.betza = w[2];
      try {
        p.moves = parseXBetza(p.betza);
      } catch (const XBetzaError& e) {
        fail(line, e.what());
      }
      if (w.size() == 4) {
        if (w[3] != "royal") fail(line, "unknown piece flag '" + w[3] + "'");
        p.royal = true;
      }
      if (existing >= 0) {
        v.pieces[existing] = std::move(p);  // a variant built on another redefines the piece
      } else {
        if (static_cast<int>(v.pieces.size()) >= kMaxPieceTypes) fail(line, "too many piece types");
        v.pieces.push_back(std::move(p));
      }
    } else if (key == "start") {
      v.startPosition = value;
    } else if (key == "promotion-zone") {
      v.promotionZone = parseCount(line, key, value, 1, kMaxRanks);
    } else if (key == "promotion-pieces") {
      v.promoting = {};
      for (int type : parseLetters(line, v, value)) v.promoting[static_cast<std::size_t>(type)] = true;
    } else if (key == "promotion-choices") {
      v.promotionChoices = parseLetters(line, v, value);
    } else if (key == "promotion-from-holdings") {
      v.holdingsChoices = parseLetters(line, v, value);
    } else if (key == "promotion-optional") {
      v.promotionCompulsory = !parseYesNo(line, value);
    } else if (key == "captured-to-owner-holdings") {
      v.capturedToOwnerHoldings = parseYesNo(line, value);
    } else if (key == "castling") {
      v.castling = parseYesNo(line, value);
    } else if (key == "board-colours") {
      parseBoardColours(v, line, value);
    } else if (key == "colour-types") {
      for (const std::string& w : words(value)) {
        if (w.size() != 3 || w[1] != ':') fail(line, "colour-types entries are COLOUR:PIECE, got '" + w + "'");
        const auto c = v.colourLetters.find(w[0]);
        if (c == std::string::npos) fail(line, std::string("colour '") + w[0] + "' is not on the board-colours");
        const int t = v.typeByLetter(w[2]);
        if (t < 0) fail(line, std::string("no piece with letter '") + w[2] + "'");
        v.typeForColour[c] = t;
        v.changesWithColour[t] = true;
      }
    } else if (key == "empty-slots") {
      v.sectors = true;
      v.startEmptySlots = value;
    } else if (key == "initial-move-ranks") {
      v.initialMoveRanks = parseCount(line, key, value, 1, v.size.ranks);
    } else if (key == "paper-colours") {
      for (const std::string& w : words(value)) {
        if (w.size() != 3 || w[1] != ':') fail(line, "paper-colours entries are COLOUR:PIECE or COLOUR:-, got '" + w + "'");
        if (v.paperColours.size() >= v.typeForPaper.size()) fail(line, "more than 8 paper colours");
        v.paperColours += w[0];
        if (w[2] != '-') {
          const int t = v.typeByLetter(w[2]);
          if (t < 0) fail(line, std::string("no piece with letter '") + w[2] + "'");
          v.typeForPaper[v.paperColours.size() - 1] = t;
        }
      }
    } else if (key == "colour-pool") {
      for (char c : value) {
        const auto i = v.paperColours.find(c);
        if (i == std::string::npos) fail(line, std::string("'") + c + "' is not one of the paper-colours");
        if (++v.pool[i] > kMaxPoolCount)
          fail(line, "more than " + std::to_string(kMaxPoolCount) + " of one colour in the colour-pool");
      }
    } else if (key == "plain-square-piece") {
      v.plainSquareType = v.typeByLetter(value.empty() ? '?' : value[0]);
      if (v.plainSquareType < 0) fail(line, "no piece with letter '" + value + "'");
    } else if (key == "opening-drops") {
      v.openingDrops = parseCount(line, key, value, 0, 100);
    } else if (key == "queen-from-colour") {
      if (value.size() != 3 || value[1] != ':') fail(line, "queen-from-colour is COLOUR:PIECE");
      const auto i = v.paperColours.find(value[0]);
      if (i == std::string::npos) fail(line, "unknown paper colour");
      v.queenFromPaper = static_cast<int>(i);
      v.queenType = v.typeByLetter(value[2]);
      if (v.queenType < 0) fail(line, std::string("no piece with letter '") + value[2] + "'");
    } else if (key == "tiles") {
      v.startTiles = value;
    } else if (key == "promotion-by-colour") {
      v.promotionByColour = parseYesNo(line, value);
    } else if (key == "fifty-move-limit") {
      v.fiftyMoveLimit = parseCount(line, key, value, 1, 999);
    } else {
      fail(line, "unknown key '" + key + "'");
    }
  }

 private:
  std::string_view source_;
};

}  // namespace

int Variant::typeByLetter(char upper) const {
  for (std::size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].letter == upper) return static_cast<int>(i);
  return -1;
}

int Variant::typeByName(std::string_view n) const {
  for (std::size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].name == n) return static_cast<int>(i);
  return -1;
}

int Variant::royalType() const {
  for (std::size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i].royal) return static_cast<int>(i);
  return -1;
}

std::vector<Variant> parseVariantText(std::string_view text, std::string_view sourceName) {
  TextParser parser(sourceName);
  std::vector<Variant> out;
  std::vector<int> startLine;
  for (const IniLine& line : iniLines(text, "#")) {
    if (line.kind == IniLine::Kind::OpenHeader || (line.kind == IniLine::Kind::Section && line.text.size() < 3))
      parser.fail(line.number, "a section header is [name] or [name : base]");
    if (line.kind == IniLine::Kind::Section) {
      const std::string& header = line.name;
      const std::size_t colon = header.find(':');
      Variant next;
      if (colon != std::string::npos) {
        // [name : base] starts from an earlier section of the same text.
        const std::string base = trim(std::string_view(header).substr(colon + 1));
        auto it = std::find_if(out.begin(), out.end(), [&](const Variant& v) { return v.name == base; });
        if (it == out.end()) parser.fail(line.number, "no earlier variant '" + base + "' to start from");
        next = *it;
        next.title.clear();
      }
      next.name = trim(std::string_view(header).substr(0, colon));
      out.push_back(std::move(next));
      startLine.push_back(line.number);
      continue;
    }
    if (line.kind == IniLine::Kind::NoEquals) parser.fail(line.number, "expected key = value");
    if (out.empty()) parser.fail(line.number, "a key before the first [variant] header");
    parser.applyKey(out.back(), line.number, line.name, line.value);
  }
  for (std::size_t i = 0; i < out.size(); ++i) {
    Variant& v = out[i];
    if (v.pieces.empty()) parser.fail(startLine[i], "variant '" + v.name + "' has no pieces");
    if (v.startPosition.empty()) parser.fail(startLine[i], "variant '" + v.name + "' has no start position");
    if (v.royalType() < 0) parser.fail(startLine[i], "variant '" + v.name + "' has no royal piece");
    // Either a choice is free or it needs a piece in hand; both would be two actions with one name.
    for (int type : v.holdingsChoices)
      if (std::find(v.promotionChoices.begin(), v.promotionChoices.end(), type) != v.promotionChoices.end())
        parser.fail(startLine[i], "variant '" + v.name + "': piece letter '" + std::string(1, v.pieces[type].letter) +
                                      "' is in both promotion-choices and promotion-from-holdings");
    // A piece that takes its type from the square's colour needs a type for every colour.
    if (std::find(v.changesWithColour.begin(), v.changesWithColour.end(), true) != v.changesWithColour.end())
      for (std::size_t c = 0; c < v.colourLetters.size(); ++c)
        if (v.typeForColour[c] < 0)
          parser.fail(startLine[i], "variant '" + v.name + "': colour '" + v.colourLetters[c] + "' of the board-colours has no colour-types entry");
    try {
      v.tables = buildMoveTables(v);
    } catch (const std::exception& e) {
      parser.fail(startLine[i], "variant '" + v.name + "': " + e.what());
    }
    try {
      v.material = deriveMaterialValues(v);  // reads the start position
    } catch (const PositionError& e) {
      parser.fail(startLine[i], "variant '" + v.name + "', start: " + e.what());
    }
  }
  return out;
}

}  // namespace tessera
