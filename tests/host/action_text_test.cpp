// Actions told to the player in words where their notation does not say plainly what to do.
#include <gtest/gtest.h>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "host/session/action_text.hpp"

namespace tessera::session {
namespace {

Move firstOfKind(Position& pos, MoveKind kind) {
  MoveList moves;
  generateLegal(pos, moves);
  for (const Move& m : moves)
    if (m.kind == kind) return m;
  ADD_FAILURE() << "no action of that kind";
  return Move{};
}

TEST(ActionText, DropsAndShiftsOfTerrainAreToldInWords) {
  Position sands = startPosition(builtinVariant("shifting-sands"));
  const Move yellow = parseMove(sands, "Y@b3"), purple = parseMove(sands, "P@b3");
  EXPECT_EQ(howToCarryOut(sands, yellow), "put a yellow square on b3");
  EXPECT_EQ(howToCarryOut(sands, purple), "put a purple square on b3");
  EXPECT_EQ(engineActionText(sands, yellow), "the engine plays 1. Y@b3: put a yellow square on b3");
  EXPECT_EQ(hintsText(sands, {purple, yellow}),
            "suggested: 1. P@b3 (put a purple square on b3), 1. Y@b3 (put a yellow square on b3)");

  Position tiled = startPosition(builtinVariant("tiled-squares"));
  const Move tile = firstOfKind(tiled, MoveKind::TileDrop), antiTile = firstOfKind(tiled, MoveKind::AntiTileDrop);
  EXPECT_EQ(howToCarryOut(tiled, tile), "put a Tile on " + squareName(tile.to));
  EXPECT_EQ(howToCarryOut(tiled, antiTile), "put an Anti-Tile on " + squareName(antiTile.to));
  // A piece's plain move needs no words.
  Position chess = startPosition(builtinVariant("chess"));
  EXPECT_EQ(engineActionText(chess, parseMove(chess, "e4")), "the engine plays 1. e4: carry it out on the board");
}

Square at(const char* name) { return *parseSquare(name, {8, 8}); }

TEST(ActionText, TheSquaresAnActionChangesComeFromAndToFirst) {
  Position chess = startPosition(builtinVariant("chess"));
  EXPECT_EQ(squaresChanged(chess, parseMove(chess, "e4")), (std::vector<Square>{at("e2"), at("e4")}));
  Position castling = parsePosition(builtinVariant("chess"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(squaresChanged(castling, parseMove(castling, "O-O")), (std::vector<Square>{at("e1"), at("g1"), at("f1"), at("h1")}));
  Position enPassant = parsePosition(builtinVariant("chess"), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(squaresChanged(enPassant, parseMove(enPassant, "exd6")), (std::vector<Square>{at("e5"), at("d6"), at("d5")}));
  Position sands = startPosition(builtinVariant("shifting-sands"));
  EXPECT_EQ(squaresChanged(sands, parseMove(sands, "Y@b3")), (std::vector<Square>{at("b3")})) << "a drop: only where it lands";
}

TEST(ActionText, AnActionOfAnotherPositionChangesOnlyItsOwnSquares) {
  Position chess = startPosition(builtinVariant("chess"));
  Position after = chess;
  const Move e4 = parseMove(chess, "e4");
  after.make(e4);
  EXPECT_FALSE(positionAfter(after, e4).has_value()) << "e2-e4 again, with Black to act";
  EXPECT_EQ(squaresChanged(after, e4), (std::vector<Square>{at("e2"), at("e4")}));
  Position sands = startPosition(builtinVariant("shifting-sands"));
  const Move drop = parseMove(sands, "Y@b3");
  sands.make(drop);
  EXPECT_EQ(howToCarryOut(sands, drop), "") << "b3 is already yellow";
  Position castled = parsePosition(builtinVariant("chess"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Move shortCastle = parseMove(castled, "O-O");
  castled.make(shortCastle);
  castled.make(parseMove(castled, "Kd8"));
  EXPECT_EQ(howToCarryOut(castled, shortCastle), "") << "the King is on g1 already";
}

TEST(ActionText, LeavingTheGameIsNamedOnlyWhenItIsTheOnlyAction) {
  const Position southOut = parsePosition(builtinVariant("chameleon-redux-4p"),
                                          "1wKwPwQ4/4wP1eK1/3wPeP2eQ/1sP1eQ4/8/3sP4/2sK5/2eQ5 s - - 11 74");
  const std::optional<Move> out = onlyActionIsOut(southOut);
  ASSERT_TRUE(out.has_value());
  EXPECT_EQ(out->kind, MoveKind::Elimination);
  EXPECT_EQ(howToCarryOut(southOut, *out), "take its pieces off (b5 c2 d3)");
  // One legal action, and it is a King's step: nothing to take off.
  const Position oneAction = parsePosition(builtinVariant("chess"), "7k/8/8/8/8/8/6PP/r5K1 w - - 0 1");
  MoveList moves;
  Position copy = oneAction;
  generateLegal(copy, moves);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_FALSE(onlyActionIsOut(oneAction).has_value());
  EXPECT_FALSE(onlyActionIsOut(startPosition(builtinVariant("chameleon-redux-4p"))).has_value());
}

TEST(ActionText, EveryKindOfActionIsToldInWords) {
  Position castling = parsePosition(builtinVariant("chess"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  EXPECT_EQ(howToCarryOut(castling, parseMove(castling, "O-O")), "move the King e1-g1 and the Rook h1-f1");
  EXPECT_EQ(howToCarryOut(castling, parseMove(castling, "O-O-O")), "move the King e1-c1 and the Rook a1-d1");
  Position enPassant = parsePosition(builtinVariant("chess"), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EXPECT_EQ(howToCarryOut(enPassant, parseMove(enPassant, "exd6")), "move the Pawn e5-d6 and take the Pawn on d5 off");
  EXPECT_EQ(engineActionText(enPassant, parseMove(enPassant, "exd6")),
            "the engine plays 2. exd6: move the Pawn e5-d6 and take the Pawn on d5 off");

  // Shifting Sands after the opening drops: White's yellow on b3 shifts a step.
  Position sands = parsePosition(builtinVariant("shifting-sands"), "2k3/6/R5/6/6/6/2K3 w - - 0 5 6/6/P5/6/1Yr1B1/6/6;pool=YPRLLGGB");
  EXPECT_EQ(howToCarryOut(sands, parseMove(sands, "Yb3-b4")), "move the yellow square on b3 to b4");
  EXPECT_EQ(howToCarryOut(sands, parseMove(sands, "L@d6")), "put a light blue square on d6");

  Position tiled = startPosition(builtinVariant("tiled-squares"));
  tiled.make(parseMove(tiled, "T@e4"));
  tiled.make(parseMove(tiled, "T@e5"));
  EXPECT_EQ(howToCarryOut(tiled, parseMove(tiled, "-T@e4")), "take the Tile off e4");
  EXPECT_EQ(hintsText(tiled, {parseMove(tiled, "e2e4"), parseMove(tiled, "-T@e4")}),
            "suggested: 2. e4, 2. -T@e4 (take the Tile off e4)");
}

TEST(ActionText, ActionsAreNumberedAsPlayersWriteThem) {
  Position chess = startPosition(builtinVariant("chess"));
  EXPECT_EQ(numberedSan(chess, parseMove(chess, "Nf3")), "1. Nf3");
  chess.make(parseMove(chess, "Nf3"));
  EXPECT_EQ(numberedSan(chess, parseMove(chess, "Nf6")), "1... Nf6");
  chess.make(parseMove(chess, "Nf6"));
  EXPECT_EQ(numberedSan(chess, parseMove(chess, "e4")), "2. e4");
  Position four = startPosition(builtinVariant("chameleon-redux-4p"));
  MoveList moves;
  generateLegal(four, moves);
  four.make(moves[0]);
  generateLegal(four, moves);
  const std::string second = numberedSan(four, moves[0]);
  EXPECT_EQ(second.rfind("1. ", 0), 0u) << "four players: no dots for the second side, " << second;
}

TEST(ActionText, TheRecordIsTheGamesActionsInSan) {
  Game game(builtinVariant("chess"));
  for (const char* text : {"e4", "e5", "Nf3", "Nc6", "Bb5"}) game.play(parseMove(game.position(), text));
  EXPECT_EQ(recordSan(game), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5"}));
}

TEST(ActionText, WhatTheBoardChangeWasReadAsIsSaidInWords) {
  Position pos = startPosition(builtinVariant("chess"));
  EXPECT_EQ(explanationText(pos, {Explanation::Kind::Nothing, {}, 0}), "no change");
  EXPECT_EQ(explanationText(pos, {Explanation::Kind::Action, parseMove(pos, "e4"), 0}), "1. e4");
  EXPECT_EQ(explanationText(pos, {Explanation::Kind::Takeback, {}, 1}), "take back 1 action");
  EXPECT_EQ(explanationText(pos, {Explanation::Kind::Takeback, {}, 2}), "take back 2 actions");
  const Move d4 = parseMove(pos, "d4");
  pos.make(parseMove(pos, "e4"));
  EXPECT_EQ(explanationText(pos, {Explanation::Kind::Amend, d4, 0}), "instead of the last action: 1. d4");
}

TEST(ActionText, EachStepOfPuttingTheBoardRightIsSaidInWords) {
  const Variant& chess = builtinVariant("chess");
  const auto typeOf = [&](char letter) {
    int type = 0;
    while (chess.pieces[static_cast<std::size_t>(type)].letter != letter) ++type;
    return type;
  };
  const PieceCode whiteKnight = makePiece(0, typeOf('N')), blackQueen = makePiece(1, typeOf('Q'));
  using K = Correction::Kind;
  EXPECT_EQ(correctionText(chess, {K::Place, kNoSquare, at("g1"), whiteKnight, Surface::Unknown}), "put the White N on g1");
  EXPECT_EQ(correctionText(chess, {K::Place, kNoSquare, at("g1"), kEmpty, Surface::Unknown}), "put the piece on g1");
  EXPECT_EQ(correctionText(chess, {K::Remove, at("e5"), kNoSquare, kEmpty, Surface::Unknown}), "take the piece off e5");
  const Correction move{K::Move, at("d4"), at("d2"), kEmpty, Surface::Unknown};
  EXPECT_EQ(correctionText(chess, move), "move the piece on d4 back to d2");
  EXPECT_EQ(correctionText(chess, move, CorrectionGoal::Finish), "move the piece on d4 to d2");
  EXPECT_EQ(correctionText(chess, {K::Replace, kNoSquare, at("d8"), blackQueen, Surface::Unknown}),
            "put the Black Q on d8 instead");
  EXPECT_EQ(correctionText(chess, {K::Surface, kNoSquare, at("g3"), kEmpty, Surface::Void}), "g3 should show void");
}

}  // namespace
}  // namespace tessera::session
