#include "core/protocol/xboard_notation.hpp"

#include <cctype>
#include <cmath>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/engine/search.hpp"
#include "core/rules/position_text.hpp"

namespace tessera {
namespace {

// XBoard's piece types in the order of its piece-to-char table, the King last.
constexpr std::string_view kXboardPieceTypes = "PNBRQFEACWMOHIJGDVLSUK";

}  // namespace

std::string xboardVariantName(const std::string& name) { return name == "chess" ? "normal" : name; }

bool xboardCanShow(const Variant& v) {
  return v.sides == 2 && !v.hasSquareColours() && !v.hasTiles() && !v.hasSectors() && !v.hasPaperColours();
}

std::string xboardBetza(const std::string& betza) {
  std::string out;
  for (std::size_t i = 0; i < betza.size(); ++i) {
    out += betza[i];
    if (std::isupper(static_cast<unsigned char>(betza[i])) && i + 1 < betza.size() && betza[i + 1] == betza[i]) {
      out += '0';
      ++i;
    }
  }
  return out;
}

// Each piece takes the XBoard type of its letter where there is one, the others the types left
// over; '.' for the types the variant does not use. The royal piece takes XBoard's King, and the
// King's castling partner (Desert Dust's Grand Vizier) XBoard's Rook, for XBoard finds castling
// rights (KQkq) by its Rooks in the corners.
std::string xboardPieceTable(const Variant& v) {
  std::string white(kXboardPieceTypes.size(), '.');
  int partner = -1;
  if (v.castling) {
    const Position start = startPosition(v);
    const CastlingRule& rule = start.tables().castling[0][0];
    if (rule.exists && start.at(rule.partnerFrom)) partner = pieceType(start.at(rule.partnerFrom));
  }
  std::vector<char> leftOver;
  for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type) {
    const PieceType& piece = v.pieces[type];
    const std::size_t slot = piece.royal ? kXboardPieceTypes.size() - 1
                             : type == partner ? kXboardPieceTypes.find('R')
                                               : kXboardPieceTypes.find(piece.letter);
    if (slot != std::string_view::npos && white[slot] == '.') white[slot] = piece.letter;
    else leftOver.push_back(piece.letter);
  }
  for (char letter : leftOver) {
    const std::size_t slot = white.find('.');
    if (slot == std::string::npos || slot == white.size() - 1)
      throw std::invalid_argument(v.name + " has more piece types than XBoard knows");
    white[slot] = letter;
  }
  std::string black = white;
  for (char& c : black) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return white + black;
}

int xboardScore(int score) {
  if (!isMateScore(score)) return score;
  const int n = movesToMate(score);
  return n > 0 ? 100000 + n : -100000 + n;
}

double xboardSignedNumber(const std::string& text, const std::string& what) {
  try {
    std::size_t used = 0;
    const double value = std::stod(text, &used);
    if (used == text.size() && std::isfinite(value)) return value;
  } catch (const std::exception&) {
  }
  throw std::invalid_argument(what + " must be a number, got '" + text + "'");
}

double xboardNumber(const std::string& text, const std::string& what) {
  const double value = xboardSignedNumber(text, what);
  if (value < 0) throw std::invalid_argument(what + " must be at least 0, got '" + text + "'");
  return value;
}

}  // namespace tessera
