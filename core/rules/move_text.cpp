#include "core/rules/move_text.hpp"

#include <cctype>

#include "core/rules/attacks.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/sectors.hpp"
#include "core/text/visible_text.hpp"

namespace tessera {
namespace {

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool isPawnLetter(const Variant& v, int type) { return v.pieces[type].letter == 'P'; }

std::string stripSuffixes(std::string_view text) {
  std::string s(text);
  while (!s.empty() && (s.back() == '+' || s.back() == '#' || s.back() == '!' || s.back() == '?')) s.pop_back();
  return s;
}

}  // namespace

// Tiled Squares actions read the same in both forms: T@e4, X@e4, -T@e4.
std::string tileActionText(const Move& m) {
  switch (m.kind) {
    case MoveKind::TileDrop: return "T@" + squareName(m.to);
    case MoveKind::AntiTileDrop: return "X@" + squareName(m.to);
    default: return "-T@" + squareName(m.to);
  }
}

// Shifting Chess: "CIII-BIII", "=Q" when it promotes.
std::string sectorShiftText(const Position& pos, const Move& m) {
  std::string s = slotName(m.from) + "-" + slotName(m.to);
  if (m.promotion) s += std::string("=") + pos.variant().pieces[m.promotion - 1].letter;
  return s;
}

// Shifting Sands: a drop "Y@c3", a shift "Yc3-d4" (the colour's letter, as in the position string).
std::string paperActionText(const Position& pos, const Move& m) {
  const char letter = pos.variant().paperColours[m.colour];
  if (m.kind == MoveKind::ColourDrop) return std::string(1, letter) + "@" + squareName(m.to);
  return std::string(1, letter) + squareName(m.from) + "-" + squareName(m.to);
}

bool isPaperAction(MoveKind k) { return k == MoveKind::ColourDrop || k == MoveKind::ColourShift; }

std::string longAlgebraic(const Position& pos, const Move& m) {
  if (m.kind == MoveKind::Elimination) return "out";
  if (isTileAction(m.kind)) return tileActionText(m);
  if (isPaperAction(m.kind)) return paperActionText(pos, m);
  if (m.kind == MoveKind::SectorShift) return sectorShiftText(pos, m);
  if (m.kind == MoveKind::Castle) {
    const CastlingRule& rule = pos.tables().castling[pos.sideToMove()][m.wing];
    if (rule.kingAlsoMovesThere) return squareName(m.from) + squareName(rule.partnerFrom);
  }
  std::string s = squareName(m.from) + squareName(m.to);
  if (m.promotion) s += lower(pos.variant().pieces[m.promotion - 1].letter);
  return s;
}

std::string longAlgebraicLine(const Position& pos, const std::vector<Move>& line) {
  std::string text;
  Position walk = pos;
  for (const Move& m : line) {
    text += (text.empty() ? "" : " ") + longAlgebraic(walk, m);
    walk.make(m);
  }
  return text;
}

std::string san(Position& pos, const Move& m) {
  const Variant& v = pos.variant();
  std::string s;
  if (m.kind == MoveKind::Elimination) {
    s = "out";
  } else if (isTileAction(m.kind)) {
    s = tileActionText(m);
  } else if (m.kind == MoveKind::SectorShift) {
    s = sectorShiftText(pos, m);
  } else if (isPaperAction(m.kind)) {
    s = paperActionText(pos, m);
  } else if (m.kind == MoveKind::Castle) {
    s = m.wing == 0 ? "O-O" : "O-O-O";
  } else {
    const int type = pieceType(pos.at(m.from));
    const bool capture = m.kind == MoveKind::EnPassant || pos.at(m.to) != kEmpty;
    MoveList legal;
    generateLegal(pos, legal);
    bool clash = false, sameFile = false, sameRank = false;
    for (const Move& o : legal) {
      if (!isPieceMove(o.kind) || o.to != m.to || o.from == m.from || pieceType(pos.at(o.from)) != type) continue;
      clash = true;
      sameFile = sameFile || fileOf(o.from) == fileOf(m.from);
      sameRank = sameRank || rankOf(o.from) == rankOf(m.from);
    }
    std::string origin;
    if (clash) {
      if (!sameFile) origin = std::string(1, fileLetter(fileOf(m.from)));
      else if (!sameRank) origin = std::to_string(rankOf(m.from) + 1);
      else origin = squareName(m.from);
    }
    if (isPawnLetter(v, type)) {
      // A Pawn capture names its file; Pawns that can reach the same square (four-player Pawns step
      // sideways) are told apart like pieces.
      if (capture && (origin.empty() || std::isdigit(static_cast<unsigned char>(origin[0])))) origin = std::string(1, fileLetter(fileOf(m.from))) + origin;
      s += origin;
    } else {
      s += v.pieces[type].letter + origin;
    }
    if (capture) s += 'x';
    s += squareName(m.to);
    if (m.promotion) s += std::string("=") + v.pieces[m.promotion - 1].letter;
  }
  pos.make(m);
  if (inCheck(pos, pos.sideToMove())) {
    MoveList replies;
    generateLegal(pos, replies);
    s += replies.empty() ? '#' : '+';
  }
  pos.unmake();
  return s;
}

namespace {

// Whether `wanted` is the piece move `written` (our SAN of a move from `from` to `to`) with its
// file, its rank or both named between the piece letter and the capture mark or destination.
bool isOverDisambiguated(const std::string& wanted, const std::string& written, Square from, Square to) {
  if (written.empty() || !std::isupper(static_cast<unsigned char>(written[0])) || written[0] == 'O') return false;
  std::size_t rest = written.rfind(squareName(to));
  if (rest == std::string::npos || rest == 0) return false;
  if (written[rest - 1] == 'x') --rest;
  const std::string letter = written.substr(0, 1), tail = written.substr(rest);
  const std::string file(1, fileLetter(fileOf(from))), rank = std::to_string(rankOf(from) + 1);
  for (const std::string& named : {file, rank, file + rank})
    if (wanted == letter + named + tail) return true;
  return false;
}

}  // namespace

Move parseMove(Position& pos, std::string_view text) {
  if (text.empty()) throw MoveTextError("empty move text");
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '=' && c != '+' && c != '#' && c != 'x' &&
        c != '!' && c != '?' && c != '@')
      throw MoveTextError("move text '" + excerpt(text) + "' has an unexpected character '" + std::string(1, c) + "'");
  const std::string wanted = stripSuffixes(text);
  // SAN is costly to write (it tests ambiguity and check), so only moves to the square named last
  // in the text are written out; castling has no square.
  Square named = kNoSquare;
  for (std::size_t i = 0; i < wanted.size(); ++i) {
    if (wanted[i] < 'a' || wanted[i] > 'p') continue;
    std::size_t j = i + 1;
    while (j < wanted.size() && std::isdigit(static_cast<unsigned char>(wanted[j]))) ++j;
    if (j > i + 1)
      if (auto sq = parseSquare(std::string_view(wanted).substr(i, j - i), pos.variant().size)) named = *sq;
  }
  MoveList legal;
  generateLegal(pos, legal);
  const Move* found = nullptr;
  int matches = 0;
  for (const Move& m : legal) {
    const std::string lan = longAlgebraic(pos, m);
    bool match = lan == wanted || ((m.to == named || m.kind == MoveKind::Castle) && stripSuffixes(san(pos, m)) == wanted);
    // Castling may also be written 0-0 / 0-0-0.
    if (!match && m.kind == MoveKind::Elimination) match = wanted == "out";
    if (!match && isPaperAction(m.kind)) match = stripSuffixes(san(pos, m)) == wanted;
    if (!match && m.kind == MoveKind::SectorShift) match = stripSuffixes(san(pos, m)) == wanted;
    if (!match && m.kind == MoveKind::Castle) match = wanted == (m.wing == 0 ? "0-0" : "0-0-0");
    // A promotion letter may be upper case in long algebraic.
    if (!match && m.promotion && wanted.size() == lan.size() && lower(wanted.back()) == lan.back() &&
        wanted.substr(0, wanted.size() - 1) == lan.substr(0, lan.size() - 1))
      match = true;
    // Where the square decides the promotion there is no choice to name.
    if (!match && m.promotion && pos.variant().promotionByColour && lan.substr(0, lan.size() - 1) == wanted)
      match = true;
    if (match) {
      found = &m;
      ++matches;
    }
  }
  // SAN naming the piece's file, rank or both where fewer would do ("Nge2" for "Ne2"), as some
  // programs write it: read once nothing matched as written.
  if (matches == 0 && named != kNoSquare)
    for (const Move& m : legal)
      if (m.to == named && isOverDisambiguated(wanted, stripSuffixes(san(pos, m)), m.from, m.to)) {
        found = &m;
        ++matches;
      }
  if (matches == 1) return *found;
  if (matches > 1) throw MoveTextError("move text '" + excerpt(text) + "' is ambiguous here");
  // Tell a malformed text from an illegal one.
  bool looksLikeLan = false;
  {
    std::size_t i = 0;
    auto square = [&]() {
      if (i >= wanted.size() || wanted[i] < 'a' || wanted[i] > 'p') return false;
      ++i;
      const std::size_t d = i;
      while (i < wanted.size() && std::isdigit(static_cast<unsigned char>(wanted[i]))) ++i;
      return i > d;
    };
    looksLikeLan = square() && square();
  }
  const bool looksLikeSan = std::isupper(static_cast<unsigned char>(wanted[0])) || wanted[0] == 'O' ||
                            (wanted[0] >= 'a' && wanted[0] <= 'p');
  if (!looksLikeLan && !looksLikeSan) throw MoveTextError("move text '" + excerpt(text) + "' is not a move");
  throw MoveTextError("'" + excerpt(text) + "' is not a legal move in this position");
}

}  // namespace tessera
