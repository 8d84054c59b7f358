// What the engine tells XBoard, and the numbers XBoard sends it, checked directly: the variants
// XBoard can show and their names, the piece table and move sets of `setup`, and mate scores.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <string>

#include "core/engine/search.hpp"
#include "core/protocol/xboard_notation.hpp"
#include "core/rules/variant.hpp"

using namespace tessera;

namespace {

std::string numberRefusal(const std::string& text, bool signedToo = false) {
  try {
    signedToo ? xboardSignedNumber(text, "'x'") : xboardNumber(text, "'x'");
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(XboardNotation, OnlyTwoSidedVariantsWithoutTerrainAreOfferedChessAsNormal) {
  EXPECT_EQ(xboardVariantName("chess"), "normal");
  EXPECT_EQ(xboardVariantName("desert-dust"), "desert-dust");
  EXPECT_TRUE(xboardCanShow(builtinVariant("chess")));
  EXPECT_TRUE(xboardCanShow(builtinVariant("desert-dust")));
  // Four sides; board colours; Tiles; sectors; paper colours.
  for (const char* name : {"chameleon-redux-4p", "chameleon-redux", "tiled-squares", "shifting-chess", "shifting-sands"})
    EXPECT_FALSE(xboardCanShow(builtinVariant(name))) << name;
}

TEST(XboardNotation, ARiderIsItsAtomAndZero) {
  EXPECT_EQ(xboardBetza("RNN"), "RN0");
  EXPECT_EQ(xboardBetza("FCDD"), "FCD0");
  EXPECT_EQ(xboardBetza("WW"), "W0");
  EXPECT_EQ(xboardBetza("WWW"), "W0W");
  EXPECT_EQ(xboardBetza("mWmDcFcA"), "mWmDcFcA");  // modifiers and different atoms stay
  EXPECT_EQ(xboardBetza("ifmnDfmWfceF"), "ifmnDfmWfceF");
  EXPECT_EQ(xboardBetza(""), "");
}

TEST(XboardNotation, ThePieceTableNamesChessPiecesByXBoardsOwnTypes) {
  const std::string half = "PNBRQ" + std::string(16, '.') + "K";
  std::string lower = half;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  EXPECT_EQ(xboardPieceTable(builtinVariant("chess")), half + lower);
}

// Desert Dust's 21 piece types fill all but one of XBoard's; its Grand Vizier, the King's
// castling partner, takes the Rook's place so that XBoard finds the castling rights.
TEST(XboardNotation, DesertDustsPiecesEachTakeOneTypeTheVizierTheRooks) {
  const Variant& v = builtinVariant("desert-dust");
  const std::string table = xboardPieceTable(v);
  ASSERT_EQ(table.size(), 44u);
  const std::string white = table.substr(0, 22);
  for (const PieceType& piece : v.pieces) {
    EXPECT_EQ(std::count(white.begin(), white.end(), piece.letter), 1) << piece.letter << " in " << white;
    EXPECT_NE(table.find(static_cast<char>(std::tolower(piece.letter)), 22), std::string::npos) << piece.letter;
  }
  EXPECT_EQ(std::count(white.begin(), white.end(), '.'), 1) << white;
  EXPECT_EQ(white.back(), 'K');  // the royal piece
  EXPECT_EQ(white[3], 'V') << white;  // the Rook's place: the Grand Vizier
  // One more type still fits; two more do not, and the variant is refused by name.
  Variant more = v;
  more.castling = false;
  PieceType extra = v.pieces.front();
  extra.royal = false;
  extra.letter = 'X';
  more.pieces.push_back(extra);
  EXPECT_EQ(xboardPieceTable(more).find('.'), std::string::npos);
  extra.letter = 'Z';
  more.pieces.push_back(extra);
  try {
    xboardPieceTable(more);
    ADD_FAILURE() << "23 types taken";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()), "desert-dust has more piece types than XBoard knows");
  }
  // Without a royal piece XBoard's King stays free: no other piece may take it, for XBoard would
  // make that piece royal.
  Variant noRoyal = v;
  noRoyal.castling = false;
  for (PieceType& piece : noRoyal.pieces)
    if (piece.royal) {
      piece.royal = false;
      piece.letter = 'X';
    }
  EXPECT_EQ(xboardPieceTable(noRoyal).substr(21, 1), ".");
  extra.letter = 'Z';
  noRoyal.pieces.push_back(extra);
  EXPECT_THROW(xboardPieceTable(noRoyal), std::invalid_argument);
}

TEST(XboardNotation, MatesAreAHundredThousandAndTheMovesToMate) {
  EXPECT_EQ(xboardScore(35), 35);
  EXPECT_EQ(xboardScore(-120), -120);
  EXPECT_EQ(xboardScore(kMateBound), kMateBound);  // the largest score that is no mate
  EXPECT_EQ(xboardScore(kMateScore - 1), 100001);
  EXPECT_EQ(xboardScore(kMateScore - 3), 100002);
  EXPECT_EQ(xboardScore(-(kMateScore - 2)), -100001);
  EXPECT_EQ(xboardScore(-(kMateScore - 4)), -100002);
  EXPECT_EQ(xboardScore(-kMateScore), -100000);  // mated now
}

TEST(XboardNotation, NumbersAreWholeAndFiniteAndTheUnsignedOnesAtLeastZero) {
  EXPECT_EQ(xboardNumber("5", "'x'"), 5);
  EXPECT_EQ(xboardNumber("0", "'x'"), 0);
  EXPECT_EQ(xboardNumber("2.5", "'x'"), 2.5);
  EXPECT_EQ(xboardSignedNumber("-30", "'x'"), -30);
  EXPECT_EQ(numberRefusal("-30"), "'x' must be at least 0, got '-30'");
  for (const char* text : {"5x", "", "x5", "inf", "nan", "1e400", "5 "}) {
    EXPECT_EQ(numberRefusal(text), std::string("'x' must be a number, got '") + text + "'") << text;
    EXPECT_EQ(numberRefusal(text, true), std::string("'x' must be a number, got '") + text + "'") << text;
  }
}

}  // namespace
