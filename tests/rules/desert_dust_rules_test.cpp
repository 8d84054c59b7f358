// Desert Dust: setup, castling, en passant, promotion with holdings, check, checkmate, stalemate
// and the royal Melek, as the seed and the project's decisions state them
// (docs/rules/desert-dust.md says which sentence each test pins).
#include "core/rules/attacks.hpp"
#include "tests/rules/desert_dust_test_util.hpp"

namespace tessera::dd {
namespace {

using Moves = std::vector<std::string>;

int typeOf(char letter) { return desertDust().typeByLetter(letter); }

char letterOn(const Position& pos, const char* square) {
  const PieceCode p = pos.at(at(square));
  if (p == kEmpty) return '.';
  const char c = desertDust().pieces[pieceType(p)].letter;
  return pieceSide(p) == 0 ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
}

// Moves of the piece on `from`, in long algebraic, sorted.
Moves movesFrom(Position& pos, const char* from) {
  Moves out;
  const std::string prefix = from;
  for (const std::string& m : legalMoves(pos))
    if (m.compare(0, prefix.size(), prefix) == 0 && !std::isdigit(static_cast<unsigned char>(m[prefix.size()])))
      out.push_back(m);
  return out;
}

void play(Position& pos, const char* text) { pos.make(parseMove(pos, text)); }

// ---------------------------------------------------------------------------------------------
// Setup

TEST(DesertDustSetup, StartPositionIsTheDiagramArray) {
  // Rank 1 a-l: Grand Vizier, Sultan, Hakim, Caliph, Emir, Sultana, Melek, Emir, Caliph, Hakim,
  // Sultan, Grand Vizier. Rank 2: Ayatollah, Satrap, Mamluk, Raven, Astrologer, Snake, Snake,
  // Astrologer, Raven, Mamluk, Satrap, Ayatollah. Rank 3: Camel, Spear, Wizard, Sorcerer, Sheik,
  // Jackal, Jackal, Sheik, Sorcerer, Wizard, Spear, Camel. Rank 4: Pawns a-d and i-l, Scorpions
  // e-h. Black mirrors it on ranks 12, 11, 10, 9.
  Position pos = startPosition(desertDust());
  EXPECT_EQ(positionString(pos),
            "vuhbeqkebhuv/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/"
            "YTORANNAROTY/VUHBEQKEBHUV[] w KQkq - 0 1");
  EXPECT_EQ(pos.sideToMove(), 0);
}

TEST(DesertDustSetup, MelekAndSultanaCentredSultanaOnHerOwnColour) {
  // "The Malik and Sultana centered at the back, the Sultana on her own color": White Sultana
  // f1 is a light square (a1 is dark), Black's f12 a dark one; the Meleks are on g1 and g12.
  Position pos = startPosition(desertDust());
  EXPECT_EQ(letterOn(pos, "f1"), 'Q');
  EXPECT_EQ(letterOn(pos, "g1"), 'K');
  EXPECT_EQ(letterOn(pos, "f12"), 'q');
  EXPECT_EQ(letterOn(pos, "g12"), 'k');
  auto light = [](const char* s) { return (fileOf(at(s)) + rankOf(at(s))) % 2 == 1; };
  EXPECT_FALSE(light("a1"));
  EXPECT_TRUE(light("f1"));
  EXPECT_FALSE(light("f12"));
}

TEST(DesertDustSetup, PieceLettersOfThePositionString) {
  // The letters docs/rules/desert-dust.md lists for position strings.
  const Variant& v = desertDust();
  const std::vector<std::pair<char, std::string>> letters = {
      {'K', "melek"},   {'Q', "sultana"},   {'E', "emir"},   {'B', "caliph"},     {'H', "hakim"},
      {'U', "sultan"},  {'V', "grand-vizier"}, {'N', "snake"}, {'A', "astrologer"}, {'R', "raven"},
      {'O', "mamluk"},  {'T', "satrap"},    {'Y', "ayatollah"}, {'J', "jackal"},   {'F', "sheik"},
      {'M', "sorcerer"}, {'W', "wizard"},   {'L', "spear"},  {'C', "camel"},      {'P', "pawn"},
      {'S', "scorpion"}};
  EXPECT_EQ(v.pieces.size(), letters.size());
  for (const auto& [letter, name] : letters) {
    const int t = v.typeByLetter(letter);
    ASSERT_GE(t, 0) << letter;
    EXPECT_EQ(v.pieces[t].name, name) << letter;
  }
  EXPECT_EQ(v.size.files, 12);
  EXPECT_EQ(v.size.ranks, 12);
}

// ---------------------------------------------------------------------------------------------
// Castling: unmoved Melek and Grand Vizier, squares between empty, Melek not in check, not
// passing through or landing on an attacked square; the Melek goes four squares.

std::vector<Placed> castlingArray(std::vector<Placed> extra = {}) {
  std::vector<Placed> p = {{"a1", 'V'}, {"g1", 'K'}, {"l1", 'V'}, {"a12", 'v'}, {"g12", 'k'}, {"l12", 'v'}};
  p.insert(p.end(), extra.begin(), extra.end());
  return p;
}

TEST(DesertDustCastling, WhiteKingsideG1K1WithViziersL1J1) {
  Position pos = positionOf(castlingArray(), 'w', "", "KQkq");
  ASSERT_TRUE(hasMove(pos, "g1k1"));
  const Move m = parseMove(pos, "g1k1");
  EXPECT_EQ(m.kind, MoveKind::Castle);
  pos.make(m);
  EXPECT_EQ(letterOn(pos, "k1"), 'K');
  EXPECT_EQ(letterOn(pos, "j1"), 'V');
  EXPECT_EQ(letterOn(pos, "l1"), '.');
  EXPECT_EQ(letterOn(pos, "g1"), '.');
  EXPECT_FALSE(pos.canCastle(0, 0));
  EXPECT_FALSE(pos.canCastle(0, 1));
  pos.unmake();
  EXPECT_EQ(letterOn(pos, "g1"), 'K');
  EXPECT_EQ(letterOn(pos, "l1"), 'V');
}

TEST(DesertDustCastling, WhiteQueensideG1C1WithViziersA1D1) {
  Position pos = positionOf(castlingArray(), 'w', "", "KQkq");
  ASSERT_TRUE(hasMove(pos, "g1c1"));
  EXPECT_EQ(san(pos, parseMove(pos, "g1c1")), "O-O-O");
  pos.make(parseMove(pos, "g1c1"));
  EXPECT_EQ(letterOn(pos, "c1"), 'K');
  EXPECT_EQ(letterOn(pos, "d1"), 'V');
  EXPECT_EQ(letterOn(pos, "a1"), '.');
  EXPECT_EQ(letterOn(pos, "g1"), '.');
}

TEST(DesertDustCastling, BlackBothWays) {
  Position pos = positionOf(castlingArray(), 'b', "", "KQkq");
  ASSERT_TRUE(hasMove(pos, "g12k12"));
  ASSERT_TRUE(hasMove(pos, "g12c12"));
  pos.make(parseMove(pos, "g12k12"));
  EXPECT_EQ(letterOn(pos, "k12"), 'k');
  EXPECT_EQ(letterOn(pos, "j12"), 'v');
  EXPECT_EQ(letterOn(pos, "l12"), '.');
  pos.unmake();
  pos.make(parseMove(pos, "g12c12"));
  EXPECT_EQ(letterOn(pos, "c12"), 'k');
  EXPECT_EQ(letterOn(pos, "d12"), 'v');
  EXPECT_EQ(letterOn(pos, "a12"), '.');
}

TEST(DesertDustCastling, RefusedAfterTheMelekMovedAndCameBack) {
  Position pos = positionOf(castlingArray(), 'w', "", "KQkq");
  play(pos, "g1g2");
  play(pos, "g12g11");
  play(pos, "g2g1");
  play(pos, "g11g12");
  EXPECT_FALSE(hasMove(pos, "g1k1"));
  EXPECT_FALSE(hasMove(pos, "g1c1"));
  // Black's Melek moved too.
  play(pos, "a1a2");
  EXPECT_FALSE(hasMove(pos, "g12k12"));
  EXPECT_FALSE(hasMove(pos, "g12c12"));
}

TEST(DesertDustCastling, RefusedWithTheViziersThatMoved) {
  Position pos = positionOf(castlingArray(), 'w', "", "KQkq");
  play(pos, "l1l2");
  play(pos, "a12a11");
  play(pos, "l2l1");
  play(pos, "a11a12");
  EXPECT_FALSE(hasMove(pos, "g1k1"));  // the l1 Vizier moved
  EXPECT_TRUE(hasMove(pos, "g1c1"));   // the a1 Vizier did not
  play(pos, "a1a2");
  EXPECT_TRUE(hasMove(pos, "g12k12"));
  EXPECT_FALSE(hasMove(pos, "g12c12"));  // the a12 Vizier moved
}

TEST(DesertDustCastling, RefusedWhenASquareBetweenIsOccupied) {
  {
    // b1 is between a1 and g1 though the Melek does not cross it.
    Position pos = positionOf(castlingArray({{"b1", 'U'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1c1"));
    EXPECT_TRUE(hasMove(pos, "g1k1"));
  }
  {
    Position pos = positionOf(castlingArray({{"i1", 'b'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1k1"));
    EXPECT_TRUE(hasMove(pos, "g1c1"));
  }
  {
    Position pos = positionOf(castlingArray({{"k12", 'u'}, {"e12", 'e'}}), 'b', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g12k12"));
    EXPECT_FALSE(hasMove(pos, "g12c12"));
  }
}

TEST(DesertDustCastling, RefusedWhileTheMelekIsInCheck) {
  // Black Hakim on g8 checks along the g-file.
  Position pos = positionOf(castlingArray({{"g8", 'h'}}), 'w', "", "KQkq");
  ASSERT_TRUE(inCheck(pos, 0));
  EXPECT_FALSE(hasMove(pos, "g1k1"));
  EXPECT_FALSE(hasMove(pos, "g1c1"));
}

TEST(DesertDustCastling, RefusedThroughAnAttackedSquare) {
  {
    // h1 (Hakim on h8) is crossed on the way to k1.
    Position pos = positionOf(castlingArray({{"h8", 'h'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1k1"));
    EXPECT_TRUE(hasMove(pos, "g1c1"));
  }
  {
    // j1 is crossed by the Melek (and is the Vizier's landing square).
    Position pos = positionOf(castlingArray({{"j8", 'h'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1k1"));
  }
  {
    // d1 on the other wing.
    Position pos = positionOf(castlingArray({{"d8", 'h'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1c1"));
    EXPECT_TRUE(hasMove(pos, "g1k1"));
  }
}

TEST(DesertDustCastling, RefusedOntoAnAttackedSquare) {
  {
    Position pos = positionOf(castlingArray({{"k8", 'h'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1k1"));
    EXPECT_TRUE(hasMove(pos, "g1c1"));
  }
  {
    Position pos = positionOf(castlingArray({{"c8", 'h'}}), 'w', "", "KQkq");
    EXPECT_FALSE(hasMove(pos, "g1c1"));
    EXPECT_TRUE(hasMove(pos, "g1k1"));
  }
}

TEST(DesertDustCastling, AttackedSquareOnlyTheVizierCrossesDoesNotMatter) {
  // As in chess: b1 is crossed by the Vizier only (the Melek goes g1-f1-e1-d1-c1).
  Position pos = positionOf(castlingArray({{"b8", 'h'}}), 'w', "", "KQkq");
  EXPECT_TRUE(hasMove(pos, "g1c1"));
}

// ---------------------------------------------------------------------------------------------
// En passant after Pawn and Scorpion double steps.

TEST(DesertDustEnPassant, AfterAPawnDoubleStep) {
  Position pos = positionOf({{"c4", 'P'}, {"d6", 'p'}}, 'w');
  play(pos, "c4c6");
  EXPECT_EQ(squareName(pos.enPassantSquare()), "c5");
  ASSERT_TRUE(hasMove(pos, "d6c5"));
  const Move m = parseMove(pos, "d6c5");
  EXPECT_EQ(m.kind, MoveKind::EnPassant);
  pos.make(m);
  EXPECT_EQ(letterOn(pos, "c5"), 'p');
  EXPECT_EQ(letterOn(pos, "c6"), '.');  // the passing Pawn is gone
  EXPECT_EQ(letterOn(pos, "d6"), '.');
  pos.unmake();
  EXPECT_EQ(letterOn(pos, "c6"), 'P');
}

TEST(DesertDustEnPassant, BlackPawnDoubleStepTakenByWhite) {
  Position pos = positionOf({{"c9", 'p'}, {"d7", 'P'}}, 'b');
  play(pos, "c9c7");
  ASSERT_TRUE(hasMove(pos, "d7c8"));
  pos.make(parseMove(pos, "d7c8"));
  EXPECT_EQ(letterOn(pos, "c8"), 'P');
  EXPECT_EQ(letterOn(pos, "c7"), '.');
}

TEST(DesertDustEnPassant, AfterAScorpionDoubleStepByScorpionAndPawn) {
  {
    Position pos = positionOf({{"f4", 'S'}, {"g6", 's'}}, 'w');
    play(pos, "f4f6");
    ASSERT_TRUE(hasMove(pos, "g6f5"));
    pos.make(parseMove(pos, "g6f5"));
    EXPECT_EQ(letterOn(pos, "f5"), 's');
    EXPECT_EQ(letterOn(pos, "f6"), '.');
  }
  {
    Position pos = positionOf({{"g9", 's'}, {"h7", 'P'}}, 'b');
    play(pos, "g9g7");
    ASSERT_TRUE(hasMove(pos, "h7g8"));
    pos.make(parseMove(pos, "h7g8"));
    EXPECT_EQ(letterOn(pos, "g8"), 'P');
    EXPECT_EQ(letterOn(pos, "g7"), '.');
  }
}

TEST(DesertDustEnPassant, NotAfterASingleStep) {
  Position pos = positionOf({{"c4", 'P'}, {"d5", 'p'}}, 'w');
  play(pos, "c4c5");
  EXPECT_FALSE(hasMove(pos, "d5c4"));
  EXPECT_EQ(pos.enPassantSquare(), kNoSquare);
}

TEST(DesertDustEnPassant, NotAfterTheScorpionSidewaysLeap) {
  // f4-h5 is a leap, not a double step: nothing is passed.
  Position pos = positionOf({{"f4", 'S'}, {"g6", 's'}, {"i6", 'p'}}, 'w');
  play(pos, "f4h5");
  EXPECT_EQ(pos.enPassantSquare(), kNoSquare);
  MoveList list;
  generateLegal(pos, list);
  for (const Move& m : list) EXPECT_NE(m.kind, MoveKind::EnPassant) << longAlgebraic(pos, m);
}

TEST(DesertDustEnPassant, NotWhenItExposesTheMelek) {
  // As in chess: the capture empties c7 and d7 at once, opening rank 7 between the black Hakim
  // on h7 and the White Melek on a7, so it is illegal; the plain step d7-d8 stays legal.
  Position pos = positionOf({{"a7", 'K'}, {"d7", 'P'}, {"c9", 'p'}, {"h7", 'h'}}, 'b');
  play(pos, "c9c7");
  EXPECT_FALSE(hasMove(pos, "d7c8"));
  EXPECT_TRUE(hasMove(pos, "d7d8"));
}

TEST(DesertDustEnPassant, OnlyImmediately) {
  Position pos = positionOf({{"c4", 'P'}, {"d6", 'p'}, {"l1", 'K'}, {"a12", 'k'}}, 'w');
  play(pos, "c4c6");
  EXPECT_TRUE(hasMove(pos, "d6c5"));
  play(pos, "a12a11");
  play(pos, "l1l2");
  EXPECT_FALSE(hasMove(pos, "d6c5"));
}

// ---------------------------------------------------------------------------------------------
// Promotion: compulsory on the last rank for Pawn, Scorpion and Spear, to the seven pieces, or
// to a Camel, Jackal, Raven or Snake of the player's own in its holdings (used up).

TEST(DesertDustPromotion, PawnMustPromoteToExactlyTheSevenChoices) {
  Position pos = positionOf({{"f11", 'P'}}, 'w');
  EXPECT_EQ(movesFrom(pos, "f11"),
            (Moves{"f11f12a", "f11f12b", "f11f12f", "f11f12h", "f11f12m", "f11f12t", "f11f12w"}));
  pos.make(parseMove(pos, "f11f12a"));
  EXPECT_EQ(letterOn(pos, "f12"), 'A');
}

TEST(DesertDustPromotion, BlackPawnPromotesOnRankOne) {
  Position pos = positionOf({{"f2", 'p'}}, 'b');
  EXPECT_EQ(movesFrom(pos, "f2"), (Moves{"f2f1a", "f2f1b", "f2f1f", "f2f1h", "f2f1m", "f2f1t", "f2f1w"}));
}

TEST(DesertDustPromotion, ScorpionPromotesAlsoByItsSidewaysLeap) {
  // h11: step to h12 and leaps to f12 and j12, each onto the last rank, each one of 7 choices.
  Position pos = positionOf({{"h11", 'S'}}, 'w');
  Moves expected;
  for (const char* to : {"f12", "h12", "j12"})
    for (char c : std::string("abfhmtw")) expected.push_back(std::string("h11") + to + c);
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(movesFrom(pos, "h11"), expected);
}

TEST(DesertDustPromotion, SpearPromotesMovingOrCapturingOntoTheLastRank) {
  // Spear b11: forward to b12 or capturing the black Camel on c12, each only promoted. Spear b5:
  // b6..b11 are ordinary moves, b12 only promoted.
  Position pos = positionOf({{"b11", 'L'}, {"c12", 'c'}}, 'w');
  EXPECT_EQ(movesFrom(pos, "b11"),
            (Moves{"b11b12a", "b11b12b", "b11b12f", "b11b12h", "b11b12m", "b11b12t", "b11b12w", "b11c12a",
                   "b11c12b", "b11c12f", "b11c12h", "b11c12m", "b11c12t", "b11c12w"}));
  Position far = positionOf({{"b5", 'L'}}, 'w');
  EXPECT_EQ(movesFrom(far, "b5"),
            (Moves{"b5b10", "b5b11", "b5b12a", "b5b12b", "b5b12f", "b5b12h", "b5b12m", "b5b12t", "b5b12w",
                   "b5b6", "b5b7", "b5b8", "b5b9"}));
}

TEST(DesertDustPromotion, OtherPiecesDoNotPromote) {
  // A Camel, a Sheik and a Sultan reaching rank 12 stay what they are.
  Position pos = positionOf({{"e9", 'C'}, {"h10", 'F'}, {"k10", 'U'}}, 'w');
  EXPECT_TRUE(hasMove(pos, "e9f12"));
  EXPECT_TRUE(hasMove(pos, "h10h12"));
  EXPECT_TRUE(hasMove(pos, "k10l12"));
  for (const std::string& m : legalMoves(pos)) EXPECT_TRUE(std::isdigit(static_cast<unsigned char>(m.back()))) << m;
}

TEST(DesertDustPromotion, AnimalsFromOwnHoldingsOnly) {
  {
    // White holds its own captured Camel, Jackal, Raven and Snake: four more choices.
    Position pos = positionOf({{"f11", 'P'}}, 'w', "CJRN");
    EXPECT_EQ(movesFrom(pos, "f11"), (Moves{"f11f12a", "f11f12b", "f11f12c", "f11f12f", "f11f12h", "f11f12j",
                                            "f11f12m", "f11f12n", "f11f12r", "f11f12t", "f11f12w"}));
  }
  {
    // Only a Camel held: only the Camel is added.
    Position pos = positionOf({{"f11", 'P'}}, 'w', "C");
    EXPECT_EQ(movesFrom(pos, "f11"),
              (Moves{"f11f12a", "f11f12b", "f11f12c", "f11f12f", "f11f12h", "f11f12m", "f11f12t", "f11f12w"}));
  }
  {
    // Black's holdings give White nothing.
    Position pos = positionOf({{"f11", 'P'}}, 'w', "cjrn");
    EXPECT_EQ(movesFrom(pos, "f11").size(), 7u);
  }
}

TEST(DesertDustPromotion, PromotingToAHeldAnimalUsesItUp) {
  Position pos = positionOf({{"f11", 'P'}}, 'w', "CC");
  ASSERT_EQ(pos.held(0, typeOf('C')), 2);
  pos.make(parseMove(pos, "f11f12c"));
  EXPECT_EQ(letterOn(pos, "f12"), 'C');
  EXPECT_EQ(pos.held(0, typeOf('C')), 1);
  pos.unmake();
  EXPECT_EQ(pos.held(0, typeOf('C')), 2);
  EXPECT_EQ(letterOn(pos, "f11"), 'P');

  Position one = positionOf({{"f11", 'P'}, {"b11", 'P'}}, 'w', "J");
  one.make(parseMove(one, "f11f12j"));
  EXPECT_EQ(one.held(0, typeOf('J')), 0);
  one.make(parseMove(one, "j2j3"));
  EXPECT_FALSE(hasMove(one, "b11b12j"));  // used up
  EXPECT_TRUE(hasMove(one, "b11b12w"));
}

TEST(DesertDustPromotion, CapturedAnimalsGoToTheirOwnersHoldings) {
  for (char animal : std::string("CJRN")) {
    // A black Hakim on c8 takes the White animal on c5.
    Position pos = positionOf({{"c5", animal}, {"c8", 'h'}}, 'b');
    const int t = typeOf(animal);
    ASSERT_EQ(pos.held(0, t), 0);
    pos.make(parseMove(pos, "c8c5"));
    EXPECT_EQ(pos.held(0, t), 1) << animal;
    EXPECT_EQ(pos.held(1, t), 0) << animal;
    pos.unmake();
    EXPECT_EQ(pos.held(0, t), 0) << animal;
  }
  // The same for Black: a White Hakim takes the black Snake, Black holds a Snake.
  Position black = positionOf({{"c5", 'H'}, {"c8", 'n'}}, 'w');
  black.make(parseMove(black, "c5c8"));
  EXPECT_EQ(black.held(1, typeOf('N')), 1);
  EXPECT_EQ(black.held(0, typeOf('N')), 0);
  // Other pieces do not go to holdings.
  Position pos = positionOf({{"c5", 'Q'}, {"c8", 'h'}}, 'b');
  pos.make(parseMove(pos, "c8c5"));
  EXPECT_EQ(pos.held(0, typeOf('Q')), 0);
  EXPECT_EQ(pos.held(1, typeOf('Q')), 0);
}

TEST(DesertDustPromotion, ACapturedCamelCanThenBeChosen) {
  // White's Camel is taken; then White's Pawn promotes and may choose the Camel.
  Position pos = positionOf({{"c5", 'C'}, {"c8", 'h'}, {"f11", 'P'}}, 'b');
  ASSERT_EQ(pos.held(0, typeOf('C')), 0);  // nothing to choose before the capture
  play(pos, "c8c5");
  EXPECT_TRUE(hasMove(pos, "f11f12c"));
  EXPECT_FALSE(hasMove(pos, "f11f12j"));
}

// ---------------------------------------------------------------------------------------------
// Check, checkmate, stalemate; the Melek is royal.

TEST(DesertDustCheck, BentSnakeAndAstrologerLinesGiveCheck) {
  // Black Snake on f5 steps back (up, for Black) to f6 and rides g7 h8 i9 j10 k11.
  Position snake = positionOf({{"k11", 'K'}, {"f5", 'n'}}, 'w');
  EXPECT_TRUE(inCheck(snake, 0));
  // With f6 occupied the bent line is closed.
  Position closed = positionOf({{"k11", 'K'}, {"f5", 'n'}, {"f6", 'P'}}, 'w');
  EXPECT_FALSE(inCheck(closed, 0));
  // Black Astrologer f5: Camel square g8, then h9 i10 j11 k12.
  Position astro = positionOf({{"k12", 'K'}, {"f5", 'a'}}, 'w');
  EXPECT_TRUE(inCheck(astro, 0));
  Position astroClosed = positionOf({{"k12", 'K'}, {"f5", 'a'}, {"g8", 'P'}}, 'w');
  EXPECT_FALSE(inCheck(astroClosed, 0));
}

TEST(DesertDustCheck, PinnedPieceCannotExposeTheMelek) {
  // White Camel e3 stands between the White Melek e1 and a black Hakim on e10: every Camel leap
  // leaves the file, so it has no move.
  Position pos = positionOf({{"e1", 'K'}, {"e3", 'C'}, {"e10", 'h'}}, 'w');
  EXPECT_TRUE(targetsFrom(pos, "e3").empty());
  // The Melek itself may go anywhere around it: e2 is shielded from the Hakim by the Camel.
  EXPECT_EQ(targetsFrom(pos, "e1"), sortedSquares({"d1", "d2", "e2", "f1", "f2"}));
}

TEST(DesertDustCheck, MelekMayNotMoveIntoCheck) {
  // Black Hakim on d8 covers d1 and d2; black Camel on g5 covers f2 (g5 -> f2 is a Camel leap).
  Position pos = positionOf({{"e1", 'K'}, {"d8", 'h'}, {"g5", 'c'}}, 'w');
  EXPECT_EQ(targetsFrom(pos, "e1"), sortedSquares({"e2", "f1"}));
}

TEST(DesertDustCheck, Checkmate) {
  // White Melek a1; black Hakims on a10 (check along the a-file) and b10 (the b-file).
  Position pos = positionOf({{"a1", 'K'}, {"a10", 'h'}, {"b10", 'h'}}, 'w');
  EXPECT_TRUE(inCheck(pos, 0));
  EXPECT_TRUE(legalMoves(pos).empty());
  EXPECT_EQ(gameStatus(pos), GameStatus::Checkmate);
}

TEST(DesertDustCheck, CheckmateByACamelLeapCannotBeBlocked) {
  // Black Camel b4 checks a1 (a leap, nothing can block it); a1 is shut in by White's own
  // Ayatollah a2, Satrap b2 and Sultan b1, none of which can take the Camel.
  Position pos = positionOf({{"a1", 'K'}, {"a2", 'Y'}, {"b1", 'U'}, {"b2", 'T'}, {"b4", 'c'}}, 'w');
  EXPECT_TRUE(inCheck(pos, 0));
  EXPECT_EQ(gameStatus(pos), GameStatus::Checkmate);
}

TEST(DesertDustCheck, Stalemate) {
  // White Melek a1 not in check; black Hakim b10 covers b1 and b2, black Hakim c2 covers a2.
  Position pos = positionOf({{"a1", 'K'}, {"b10", 'h'}, {"c2", 'h'}}, 'w');
  EXPECT_FALSE(inCheck(pos, 0));
  EXPECT_TRUE(legalMoves(pos).empty());
  EXPECT_EQ(gameStatus(pos), GameStatus::Stalemate);
}

TEST(DesertDustCheck, MelekIsRoyal) {
  const Variant& v = desertDust();
  EXPECT_EQ(v.royalType(), v.typeByLetter('K'));
  EXPECT_TRUE(v.pieces[v.typeByLetter('K')].royal);
  // Exactly one Melek a side.
  EXPECT_THROW(parsePosition(v, "12/12/12/12/12/12/12/12/12/12/12/6K5[] w - - 0 1"), PositionError);
  // The side not to move may not be in check (its Melek would be capturable).
  EXPECT_THROW(parsePosition(v, "6k5/12/12/12/12/12/12/12/12/12/12/6H4K[] w - - 0 1"), PositionError);
  // A check must be answered: with the black Hakim on g8 checking, only Melek moves and the
  // capture/block remain.
  Position pos = positionOf({{"g1", 'K'}, {"g8", 'h'}, {"a4", 'H'}}, 'w');
  EXPECT_EQ(movesFrom(pos, "a4"), (Moves{"a4g4"}));
}

// ---------------------------------------------------------------------------------------------
// "Other than what's stated here, rules are as in standard Chess": the chess draws.

TEST(DesertDustDraws, FiftyMoveRule) {
  std::string fen = fenOf({{"c5", 'P'}}, 'w');
  fen.replace(fen.size() - 4, 4, " 99 80");
  Position pos = parsePosition(desertDust(), fen);
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
  play(pos, "d12d11");  // the hundredth half-move without capture or Pawn move
  EXPECT_EQ(pos.halfmoveClock(), 100);
  EXPECT_EQ(gameStatus(pos), GameStatus::FiftyMoveRule);
  pos.unmake();
  play(pos, "c5c6");  // a Pawn move starts the count again
  EXPECT_EQ(pos.halfmoveClock(), 0);
  EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
}

TEST(DesertDustDraws, ThreefoldRepetition) {
  Position pos = positionOf({{"c5", 'P'}}, 'w');
  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(gameStatus(pos), GameStatus::Ongoing);
    play(pos, "d12d11");
    play(pos, "j2j3");
    play(pos, "d11d12");
    play(pos, "j3j2");
  }
  EXPECT_EQ(gameStatus(pos), GameStatus::ThreefoldRepetition);
}

}  // namespace
}  // namespace tessera::dd
