#include "action_text.hpp"

#include <algorithm>
#include <cctype>

#include "core/referee/sensor_view.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"

namespace tessera::session {
namespace {

// "yellow", "light blue": a surface as a word of a sentence.
std::string colourWords(Surface s) {
  std::string name(surfaceName(s));
  std::replace(name.begin(), name.end(), '-', ' ');
  return name;
}

// "Pawn", "Rook": a piece's type as the player calls it.
std::string pieceTypeName(const Variant& v, PieceCode p) {
  std::string name = v.pieces[static_cast<std::size_t>(pieceType(p))].name;
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  return name;
}

}  // namespace

std::optional<Position> positionAfter(const Position& before, const Move& m) {
  Position after = before;
  MoveList legal;
  generateLegal(after, legal);
  if (std::find(legal.begin(), legal.end(), m) == legal.end()) return std::nullopt;
  after.make(m);
  return after;
}

std::vector<Square> squaresChanged(const Position& before, const Move& m) {
  std::vector<Square> out;
  if (m.kind != MoveKind::Elimination) {
    if (m.from != m.to) out.push_back(m.from);
    out.push_back(m.to);
  }
  const std::optional<Position> after = positionAfter(before, m);
  if (!after) return out;
  const BoardSize size = before.variant().size;
  for (int r = 0; r < size.ranks; ++r)
    for (int f = 0; f < size.files; ++f) {
      const Square sq = makeSquare(f, r);
      if (std::find(out.begin(), out.end(), sq) != out.end()) continue;
      if (before.at(sq) != after->at(sq) || surfaceAt(before, sq) != surfaceAt(*after, sq)) out.push_back(sq);
    }
  return out;
}

std::string howToCarryOut(const Position& before, const Move& m) {
  const Variant& v = before.variant();
  const std::string to = squareName(m.to);
  switch (m.kind) {
    case MoveKind::ColourDrop:
      if (const auto after = positionAfter(before, m))
        return "put a " + colourWords(surfaceAt(*after, m.to)) + " square on " + to;
      return "";
    case MoveKind::ColourShift:
      return "move the " + colourWords(surfaceAt(before, m.from)) + " square on " + squareName(m.from) + " to " + to;
    case MoveKind::TileDrop: return "put a Tile on " + to;
    case MoveKind::AntiTileDrop: return "put an Anti-Tile on " + to;
    case MoveKind::TileRemove: return "take the Tile off " + to;
    case MoveKind::Elimination: {
      std::vector<Square> pieces = squaresChanged(before, m);
      std::sort(pieces.begin(), pieces.end(), [](Square a, Square b) {
        return fileOf(a) != fileOf(b) ? fileOf(a) < fileOf(b) : rankOf(a) < rankOf(b);
      });
      return "take its pieces off (" + squareList(pieces) + ")";
    }
    case MoveKind::EnPassant:
      for (Square sq : squaresChanged(before, m))
        if (sq != m.from && sq != m.to)
          return "move the " + pieceTypeName(v, before.at(m.from)) + " " + squareName(m.from) + "-" + to +
                 " and take the " + pieceTypeName(v, before.at(sq)) + " on " + squareName(sq) + " off";
      return "";
    case MoveKind::Castle: {
      Square partnerFrom = kNoSquare, partnerTo = kNoSquare;
      for (Square sq : squaresChanged(before, m)) {
        if (sq == m.from || sq == m.to) continue;
        (before.at(sq) ? partnerFrom : partnerTo) = sq;
      }
      if (partnerFrom == kNoSquare || partnerTo == kNoSquare) return "";
      return "move the " + pieceTypeName(v, before.at(m.from)) + " " + squareName(m.from) + "-" + to + " and the " +
             pieceTypeName(v, before.at(partnerFrom)) + " " + squareName(partnerFrom) + "-" + squareName(partnerTo);
    }
    case MoveKind::Normal:
    case MoveKind::SectorShift: break;
  }
  return "";
}

std::optional<Move> onlyActionIsOut(const Position& pos) {
  Position copy = pos;
  MoveList moves;
  generateLegal(copy, moves);
  if (moves.size() == 1 && moves[0].kind == MoveKind::Elimination) return moves[0];
  return std::nullopt;
}

std::string engineActionText(const Position& before, const Move& m, const std::string& who) {
  const std::string action = who + " plays " + numberedSan(before, m) + ": ";
  if (m.kind == MoveKind::Elimination)
    return action + sideFullName(before.variant(), before.sideToMove()) + " has no legal action, " +
           howToCarryOut(before, m);
  const std::string how = howToCarryOut(before, m);
  return action + (how.empty() ? "carry it out on the board" : how);
}

std::string hintsText(const Position& before, const std::vector<Move>& hints, const std::string& adviser) {
  std::string text = "suggested:";
  for (std::size_t i = 0; i < hints.size(); ++i) {
    const std::string how = howToCarryOut(before, hints[i]);
    text += (i ? ", " : " ") + numberedSan(before, hints[i]) + (how.empty() ? "" : " (" + how + ")");
  }
  if (!adviser.empty()) text += " (advice of " + adviser + ")";
  return text;
}

std::string numberedSan(const Position& before, const Move& m) {
  Position pos = before;
  const std::string text = san(pos, m);
  const std::string number = std::to_string(before.fullmoveNumber());
  if (before.variant().sides != 2) return number + ". " + text;
  return number + (before.sideToMove() == 0 ? ". " : "... ") + text;
}

std::string squareList(const std::vector<Square>& squares) {
  std::string out;
  for (Square sq : squares) out += (out.empty() ? "" : " ") + squareName(sq);
  return out;
}

std::string explanationText(const Position& pos, const Explanation& e) {
  switch (e.kind) {
    case Explanation::Kind::Nothing: return "no change";
    case Explanation::Kind::Action: return numberedSan(pos, e.move);
    case Explanation::Kind::Takeback:
      return "take back " + std::to_string(e.plies) + (e.plies == 1 ? " action" : " actions");
    case Explanation::Kind::Amend: {
      Position before = pos;
      before.unmake();
      return "instead of the last action: " + numberedSan(before, e.move);
    }
    case Explanation::Kind::Sequence: {
      Position after = pos;
      std::string text;
      for (const Move& m : e.moves) {
        text += (text.empty() ? "" : " ") + numberedSan(after, m);
        after.make(m);
      }
      return text;
    }
  }
  return "?";
}

std::vector<std::string> recordSan(const Game& game) {
  std::vector<std::string> out;
  Position pos = parsePosition(game.variant(), game.startPosition());
  for (const Move& m : game.actions()) {
    out.push_back(san(pos, m));
    pos.make(m);
  }
  return out;
}

std::string correctionText(const Variant& variant, const Correction& c, CorrectionGoal goal) {
  const auto piece = [&] {
    if (!c.piece) return std::string("the piece");
    return "the " + sideFullName(variant, pieceSide(c.piece)) + " " +
           std::string(1, variant.pieces[static_cast<std::size_t>(pieceType(c.piece))].letter);
  };
  switch (c.kind) {
    case Correction::Kind::Place: return "put " + piece() + " on " + squareName(c.to);
    case Correction::Kind::Remove: return "take the piece off " + squareName(c.from);
    case Correction::Kind::Move:
      return "move the piece on " + squareName(c.from) + (goal == CorrectionGoal::PutBack ? " back to " : " to ") + squareName(c.to);
    case Correction::Kind::Replace: return "put " + piece() + " on " + squareName(c.to) + " instead";
    case Correction::Kind::Surface:
      return squareName(c.to) + " should show " + std::string(surfaceName(c.surface));
  }
  return "";
}

}  // namespace tessera::session
