// What the players look at, drawn by the display at each screen size for every variant after a few
// actions with hints on: every piece on the board is recognised as its own type's symbol among all
// the variant's symbols (read back from the image, as a person tells them apart), each side's
// clock, the move list with the current action marked, the Shifting Sands pool, Tiled Squares'
// tiles, the evaluation (four players: each side's standing in its row) and (where there is room)
// the legend show, and no text leaves its box or lies over another. The review's lines (two players:
// one; four: one per side). TESSERA_VIEW_PICTURES=folder keeps the images (docs/pictures/ holds some).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/movegen.hpp"
#include "host/views/display/board_painter.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/views/display/figurine_painter.hpp"
#include "host/views/session_scene.hpp"
#include "host/web/board_json.hpp"
#include "host/web/review_json.hpp"
#include "host/web/review_series.hpp"
#include <nlohmann/json.hpp>
#include "session_fixture.hpp"

namespace tessera::session {
namespace {

// Plays `plies` actions on the board as a camera sees them: a capture where there is one, else one
// picked by a fixed rule, so that every run plays the same game.
void playSomeActions(SessionFixture& f, int plies) {
  for (int ply = 0; ply < plies && !f.session.result().finished(); ++ply) {
    Position pos = f.session.game().position();
    MoveList moves;
    generateLegal(pos, moves);
    if (moves.empty()) return;
    const Move* chosen = &moves[(ply * 7 + 3) % moves.size()];
    for (const Move& m : moves)
      if (isPieceMove(m.kind) && pos.at(m.to) && ply % 2 == 1) {
        chosen = &m;
        break;
      }
    pos.make(*chosen);
    const Observation seen = sensorView(pos, SensorProfile::Camera);
    f.session.onObservation(seen);
    f.session.onObservation(seen);
  }
}

struct Screen {
  const char* name;
  cv::Size size;
};
const Screen kScreens[] = {{"pi-800x480", {800, 480}},
                           {"monitor-1920x1080", {1920, 1080}},
                           {"panel-1280x800", {1280, 800}},
                           {"frame-720x820", {720, 820}}};

bool drawnText(const std::vector<display::DrawnText>& texts, const std::string& wanted) {
  for (const auto& t : texts)
    if (t.text.find(wanted) != std::string::npos) return true;
  return false;
}

// No text beyond its box, the image, or over another.
void expectEveryTextInItsBox(const std::vector<display::DrawnText>& texts, const cv::Mat& img, const std::string& where) {
  const cv::Rect image(0, 0, img.cols, img.rows);
  for (std::size_t i = 0; i < texts.size(); ++i) {
    EXPECT_EQ(texts[i].drawn & texts[i].box, texts[i].drawn) << where << ": '" << texts[i].text << "' leaves its box";
    EXPECT_EQ(texts[i].drawn & image, texts[i].drawn) << where << ": '" << texts[i].text << "' leaves the image";
    for (std::size_t j = i + 1; j < texts.size(); ++j)
      EXPECT_EQ((texts[i].drawn & texts[j].drawn).area(), 0)
          << where << ": '" << texts[i].text << "' over '" << texts[j].text << "'";
  }
}

// Four players: each side's standing is written between its name and its clock, on their line,
// on a gauge (its mid-grey ground, filled in the side's colour by its share) under the figure.
void expectEachSidesStandingInItsRow(const display::BoardScene& scene, const std::vector<display::DrawnText>& texts,
                                     const cv::Mat& img, const std::string& where) {
  const auto find = [&](const std::string& wanted, int from) -> const display::DrawnText* {
    for (std::size_t i = static_cast<std::size_t>(from); i < texts.size(); ++i)
      if (texts[i].text == wanted) return &texts[i];
    return nullptr;
  };
  const Variant& v = scene.position->variant();
  for (std::size_t i = 0; i < scene.sides.size(); ++i) {
    const display::SideView& side = scene.sides[i];
    if (!side.standing) continue;
    const display::DrawnText* name = find(side.name, 0);
    ASSERT_TRUE(name) << where << ": " << side.name;
    const int after = static_cast<int>(name - texts.data());
    const display::DrawnText* clock = find(side.clock, after);
    const display::DrawnText* figure = find(side.standingText, after);
    ASSERT_TRUE(clock && figure) << where << ": " << side.name << "'s clock and standing " << side.standingText;
    const cv::Rect n = name->drawn, c = clock->drawn, g = figure->drawn;
    EXPECT_GE(g.x, n.x + n.width) << where << ": " << side.name << "'s standing after its name";
    EXPECT_LE(g.x + g.width, c.x) << where << ": " << side.name << "'s standing before its clock";
    EXPECT_LT(std::abs((g.y + g.height / 2) - (n.y + n.height / 2)), n.height) << where << ": on " << side.name << "'s line";
    EXPECT_GE(g.height * 10, n.height * 6) << where << ": " << side.name << "'s standing as large as its name, near enough";
    // The gauge: its grey ground and the side's colour on the line between the name and the clock.
    const cv::Rect band(n.x + n.width, g.y - g.height / 2, c.x - n.x - n.width, g.height * 2);
    const cv::Mat row = img(band & cv::Rect(0, 0, img.cols, img.rows));
    cv::Mat grey, own;
    const cv::Scalar t(4, 4, 4), fill = display::pieceFill(static_cast<int>(i), v.sides);
    cv::inRange(row, cv::Scalar(120, 120, 120) - t, cv::Scalar(120, 120, 120) + t, grey);
    cv::inRange(row, fill - t, fill + t, own);
    if (side.standingShare < 0.9) EXPECT_GT(cv::countNonZero(grey), g.height) << where << ": " << side.name << "'s gauge";
    if (side.standingShare > 0.1) EXPECT_GT(cv::countNonZero(own), g.height) << where << ": " << side.name << "'s colour on its gauge";
  }
}

// The symbol on a square, read back: the variant's type whose symbol, drawn alone on the same
// ground, differs least from the square's pixels.
int typeSeenOn(const cv::Mat& img, const display::PixelLayout& layout, Square sq, const Position& pos) {
  const Variant& v = pos.variant();
  const cv::Rect cell = layout.cellRect(sq);
  const cv::Mat seen = img(cell);
  const int size = layout.cell * 9 / 10, inset = (layout.cell - size) / 2;
  const int side = pieceSide(pos.at(sq));
  int best = -1;
  double bestDiff = 1e18;
  for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type) {
    cv::Mat alone(cell.size(), CV_8UC3, display::surfaceColour(surfaceAt(pos, sq)));
    display::drawFigurine(alone, {inset, inset, size, size}, display::figurineOf(v.pieces[static_cast<std::size_t>(type)]),
                          display::pieceFill(side, v.sides), display::pieceInk(side, v.sides),
                          display::pieceOutline(side, v.sides));
    const double diff = cv::norm(seen, alone, cv::NORM_L1);
    if (diff < bestDiff) {
      bestDiff = diff;
      best = type;
    }
  }
  return best;
}

TEST(ViewLayout, EveryVariantAtEveryScreenSizeShowsWhatItMustAndNoTextLeavesItsBox) {
  const char* folder = std::getenv("TESSERA_VIEW_PICTURES");
  for (const std::string& variant : builtinVariantNames()) {
    SessionOptions o;
    o.mode = PlayMode::Hints;
    o.hintMillis = 40;
    o.hintLines = 2;
    o.autoChoose = true;
    SessionFixture f(variant.c_str(), o);
    playSomeActions(f, 14);
    const display::BoardScene scene = views::sceneOf(f.session);
    const Position& pos = f.session.game().position();
    ASSERT_FALSE(scene.record.empty()) << variant;
    // The lead in material: pawns ahead of the richest other side still in (any number of sides).
    for (const auto& side : scene.sides)
      for (const auto& other : scene.sides)
        if (&other != &side && other.inGame && side.lead > 0)
          EXPECT_GE(side.material - other.material, side.lead * 100 - 50) << variant << ": " << side.name << " +" << side.lead;
    // Hints on: two players have the one evaluation, four players each side's own standing.
    for (const auto& side : scene.sides) {
      if (scene.sides.size() == 2) EXPECT_FALSE(side.standing) << variant;
      else if (side.inGame) EXPECT_TRUE(side.standing) << variant << ": " << side.name << " never scored";
    }
    for (const Screen& screen : kScreens) {
      const std::string where = variant + " at " + screen.name;
      const display::BoardPainter painter(display::fitLayout(pos.variant().size, screen.size));
      std::vector<display::DrawnText> texts;
      const cv::Mat img = painter.draw(scene, &texts);
      EXPECT_LE(img.cols, screen.size.width) << where;
      EXPECT_LE(img.rows, screen.size.height) << where;
      if (folder) cv::imwrite(std::string(folder) + "/" + variant + "-" + screen.name + ".png", img);
      expectEveryTextInItsBox(texts, img, where);
      // Every piece reads as its own type's symbol (the board drawn without the marks over it).
      display::BoardScene plain;
      plain.position = &pos;
      const cv::Mat bare = painter.draw(plain);
      int pieces = 0, recognised = 0;
      for (int r = 0; r < pos.variant().size.ranks; ++r)
        for (int file = 0; file < pos.variant().size.files; ++file) {
          const Square sq = makeSquare(file, r);
          if (!pos.at(sq)) continue;
          ++pieces;
          recognised += typeSeenOn(bare, painter.layout(), sq, pos) == pieceType(pos.at(sq));
        }
      EXPECT_EQ(recognised, pieces) << where;
      // The panel (the band under the board in the portrait frame): each side's clock and name, the
      // move list's current action, the rest by variant.
      for (const auto& side : scene.sides) {
        EXPECT_TRUE(drawnText(texts, side.name)) << where << ": " << side.name;
        EXPECT_TRUE(drawnText(texts, side.clock)) << where << ": " << side.name << "'s clock";
      }
      EXPECT_TRUE(drawnText(texts, scene.record.back().san)) << where << ": the last action in the move list";
      if (scene.evaluation) EXPECT_TRUE(drawnText(texts, "evaluation")) << where;
      if (scene.sides.size() > 2) expectEachSidesStandingInItsRow(scene, texts, img, where);
      for (const auto& side : scene.sides)
        if (side.lead > 0)
          EXPECT_TRUE(std::any_of(texts.begin(), texts.end(), [&](const auto& t) { return t.text == "+" + std::to_string(side.lead); }))
              << where << ": " << side.name << "'s lead";
      if (scene.tiles) EXPECT_TRUE(drawnText(texts, "Tiles")) << where;
      if (!scene.pool.empty()) {
        EXPECT_TRUE(drawnText(texts, "pool")) << where;
        for (const auto& colour : scene.pool) {
          cv::Mat mask;
          const cv::Scalar c = display::surfaceColour(colour.surface), t(6, 6, 6);
          const cv::Rect panel = painter.layout().statusRect();
          cv::inRange(img(panel), c - t, c + t, mask);
          EXPECT_GT(cv::countNonZero(mask), 60) << where << ": no " << colour.name << " swatch in the pool";
        }
      }
      if (screen.size.width >= 1920)  // smaller screens: the legend where there is room, always on the page
        for (const auto& entry : scene.legend)
          if (!entry.orthodox) EXPECT_TRUE(drawnText(texts, entry.name)) << where << ": " << entry.name << " in the legend";
    }
  }
}

// The 7-inch and 10-inch screens have no room for both the move list and a legend of many fairy
// pieces: the legend takes the move list's place before the first action, and when a player asks
// for it (the screen's key l, a touch on its panel: ScreenView); every entry then shows.
TEST(ViewLayout, OnTheSmallScreensTheLegendTakesTheMoveListsPlaceBeforeTheFirstActionAndWhenAsked) {
  for (const std::string& variant : builtinVariantNames()) {
    SessionFixture f(variant.c_str());
    const display::BoardScene start = views::sceneOf(f.session);
    std::vector<std::string> fairy;
    for (const auto& entry : start.legend)
      if (!entry.orthodox) fairy.push_back(entry.name);
    if (fairy.empty()) continue;
    playSomeActions(f, 14);
    display::BoardScene asked = views::sceneOf(f.session);
    ASSERT_FALSE(asked.record.empty()) << variant;
    const display::BoardScene playing = asked;
    asked.legendShown = true;
    for (const Screen& screen : kScreens) {
      if (screen.size.width < 800 || screen.size.width >= 1920) continue;  // 1920x1080 has room for both
      const display::BoardPainter painter(display::fitLayout(f.session.game().variant().size, screen.size));
      for (const auto& [scene, when] : {std::pair{&start, "before the first action"}, std::pair{static_cast<const display::BoardScene*>(&asked), "asked for"}}) {
        const std::string where = variant + " at " + screen.name + ", " + when;
        std::vector<display::DrawnText> texts;
        const cv::Mat img = painter.draw(*scene, &texts);
        if (const char* folder = std::getenv("TESSERA_VIEW_PICTURES"); folder && scene == &asked)
          cv::imwrite(std::string(folder) + "/" + variant + "-" + screen.name + "-legend.png", img);
        expectEveryTextInItsBox(texts, img, where);
        for (const std::string& name : fairy) EXPECT_TRUE(drawnText(texts, name)) << where << ": " << name;
      }
      // Not asked for, the move list is back with its current action.
      std::vector<display::DrawnText> texts;
      painter.draw(playing, &texts);
      EXPECT_TRUE(drawnText(texts, playing.record.back().san)) << variant << " at " << screen.name;
    }
  }
}

TEST(ViewLayout, TheSceneDescribesTheRecordCapturesMaterialAndThePool) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "d5", "exd5", "Qxd5"}) f.play(san);
  const display::BoardScene scene = views::sceneOf(f.session);
  ASSERT_EQ(scene.record.size(), 4u);
  EXPECT_EQ(scene.record[2].san, "exd5");
  EXPECT_EQ(scene.record[3].number, 2);
  EXPECT_EQ(scene.record[3].side, 1);
  EXPECT_EQ(scene.currentAction, 3);
  ASSERT_EQ(scene.sides.size(), 2u);
  ASSERT_EQ(scene.sides[0].captured.size(), 1u);
  EXPECT_EQ(pieceType(scene.sides[0].captured[0]), builtinVariant("chess").typeByName("pawn"));
  EXPECT_EQ(pieceSide(scene.sides[0].captured[0]), 1);
  ASSERT_EQ(scene.sides[1].captured.size(), 1u);
  EXPECT_EQ(scene.sides[0].material, scene.sides[1].material);
  EXPECT_TRUE(scene.sides[0].toAct);
  EXPECT_EQ(scene.sides[0].clock.find(':') != std::string::npos, true);
  EXPECT_TRUE(scene.pool.empty());
  EXPECT_FALSE(scene.tiles);
  EXPECT_FALSE(scene.evaluation) << "no hint asked";

  SessionFixture sands("shifting-sands");
  const display::BoardScene start = views::sceneOf(sands.session);
  ASSERT_EQ(start.pool.size(), 6u);
  EXPECT_EQ(start.pool[0].name, "yellow");
  EXPECT_EQ(start.pool[0].left, 2);
  EXPECT_EQ(start.pool[5].becomes, -1) << "blue: no piece but a King";

  SessionFixture tiled("tiled-squares");
  const display::BoardScene tiles = views::sceneOf(tiled.session);
  ASSERT_TRUE(tiles.tiles);
  EXPECT_EQ(tiles.tiles->tiles, 32);
  EXPECT_EQ(tiles.tiles->voids, 32);
}

TEST(ViewLayout, AHintGivesTheEvaluationFromWhitesSide) {
  SessionOptions o;
  o.mode = PlayMode::Hints;
  o.hintMillis = 50;
  o.hintLines = 1;
  SessionFixture f("chess", o);
  for (const char* san : {"e4", "d5", "a3", "dxe4"}) f.play(san);  // Black a pawn up, White to act
  const display::BoardScene scene = views::sceneOf(f.session);
  ASSERT_TRUE(scene.evaluation);
  EXPECT_LT(*scene.evaluation, 0) << "Black is better: negative from White's side";
  EXPECT_EQ(views::evaluationText(-130), "-1.3");
  EXPECT_EQ(views::evaluationText(29995), "M3");
  EXPECT_LT(views::evaluationShare(-130), 0.5);
}

// Four players with hints on: every side's standing as the hints' search gave it at its last turn,
// from its own point of view; one taken back past the position it was scored in is no longer shown.
TEST(ViewLayout, FourPlayersWithHintsShowEachSidesOwnStandingAsLastScored) {
  SessionOptions o;
  o.mode = PlayMode::Hints;
  o.hintMillis = 40;
  o.hintLines = 1;
  o.autoChoose = true;  // an action the sensors cannot tell from another: the first
  SessionFixture f("chameleon-redux-4p", o);
  EXPECT_FALSE(views::sceneOf(f.session).evaluation) << "no single evaluation with four sides";
  playSomeActions(f, 6);  // South, West, North, East, South, West acted; North to act
  ASSERT_EQ(f.session.game().actions().size(), 6u);
  display::BoardScene scene = views::sceneOf(f.session);
  ASSERT_EQ(scene.sides.size(), 4u);
  const int north = f.session.game().position().sideToMove();
  ASSERT_TRUE(f.session.hintScore());
  for (const auto& side : scene.sides) ASSERT_TRUE(side.standing) << side.name;
  const auto& standing = scene.sides[static_cast<std::size_t>(north)];
  EXPECT_EQ(*standing.standing, *f.session.hintScore()) << "the side to act: its hint's own score";
  EXPECT_EQ(standing.standingText, views::evaluationText(*standing.standing));
  EXPECT_DOUBLE_EQ(standing.standingShare, views::evaluationShare(*standing.standing));

  f.session.takeBack();  // West to act again: North's standing was of a position no longer in the game
  ASSERT_EQ(f.session.game().actions().size(), 5u);
  scene = views::sceneOf(f.session);
  EXPECT_FALSE(scene.sides[static_cast<std::size_t>(north)].standing) << "scored after the position taken back";
  ASSERT_TRUE(scene.sides[1].standing);
  EXPECT_EQ(*scene.sides[1].standing, *f.session.hintScore()) << "West scored again where it is to act";
  EXPECT_TRUE(scene.sides[0].standing && scene.sides[3].standing) << "South and East: their positions stand";

  // The web page's view carries the same standings.
  const auto view = web::viewJson(scene);
  EXPECT_TRUE(view["sides"][0]["standing"].is_object());
  EXPECT_EQ(view["sides"][0]["standing"]["text"], scene.sides[0].standingText);
  EXPECT_TRUE(view["sides"][static_cast<std::size_t>(north)]["standing"].is_null());
}

TEST(GameReview, EvaluatesEveryPositionFromWhitesSideAndMarksTheBiggestSwings) {
  SessionFixture f("chess");
  for (const char* san : {"e4", "e5", "Qh5", "Nc6", "Qxf7+", "Kxf7"}) f.play(san);
  web::GameReviewer reviewer(4000);
  const auto review = nlohmann::json::parse(reviewer.reviewJson(f.session.game()));
  EXPECT_TRUE(review["evaluated"]);
  ASSERT_EQ(review["positions"].size(), 7u);
  EXPECT_EQ(review["positions"][0]["san"], "");
  EXPECT_EQ(review["positions"][5]["san"], "Qxf7+");
  EXPECT_EQ(review["positions"][5]["number"], 3);
  EXPECT_EQ(review["positions"][6]["side"], 1);
  EXPECT_LT(review["positions"][6]["evaluation"].get<int>(), -300) << "Black a Queen up for a Pawn";
  EXPECT_GT(review["positions"][4]["evaluation"].get<int>(), -150) << "before the Queen is given";
  EXPECT_EQ(review["positions"][6]["board"]["pieces"].size(), 30u);
  ASSERT_FALSE(review["swings"].empty());
  const int biggest = review["swings"][0];
  EXPECT_TRUE(biggest == 5 || biggest == 6) << review["swings"];

  // A figure, not a check: how long a longer game's review takes on this machine.
  SessionFixture longer("chess");
  playSomeActions(longer, 80);
  web::GameReviewer fresh;
  const auto start = std::chrono::steady_clock::now();
  const auto longReview = nlohmann::json::parse(fresh.reviewJson(longer.session.game()));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  std::printf("[ review ] %zu positions evaluated in %.0f ms\n", longReview["positions"].size(), ms);

  // A figure, not a check: the scene (replaying the game for the move list and the captures) is
  // built twice after every event, for the display and the page.
  for (const char* name : {"chess", "desert-dust"}) {
    SessionFixture game(name);
    playSomeActions(game, 80);
    const auto from = std::chrono::steady_clock::now();
    for (int i = 0; i < 10; ++i) (void)views::sceneOf(game.session);
    const double each = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - from).count() / 10;
    std::printf("[ scene ] %s after %zu actions: %.2f ms a scene\n", name, game.session.game().actions().size(), each);
  }

}

// Four players: no single line (the score is one side's against the others'), a line per side
// instead: the score of the side to act at each of its own turns, its own point of view; each
// side's biggest swings marked. A real short game, the review checked against the game replayed.
TEST(GameReview, FourPlayersGetALinePerSideOfItsOwnScoreAtItsTurnsWithItsBiggestSwings) {
  SessionOptions o;
  o.autoChoose = true;  // an action the sensors cannot tell from another: the first
  SessionFixture f("chameleon-redux-4p", o);
  playSomeActions(f, 17);
  const Game& game = f.session.game();
  ASSERT_EQ(game.actions().size(), 17u);
  web::GameReviewer reviewer(3000);
  const auto review = nlohmann::json::parse(reviewer.reviewJson(game));
  EXPECT_FALSE(review["evaluated"]) << "no single line from the first side";
  ASSERT_EQ(review["positions"].size(), 18u);
  ASSERT_EQ(review["series"].size(), 4u);

  // The side to act at every position, from the game replayed; what each side's line must hold.
  std::vector<std::vector<int>> turnsOf(4);
  Game replay(game.variant(), game.startPosition());
  for (std::size_t ply = 0; ply <= game.actions().size(); ++ply) {
    const int side = replay.position().sideToMove();
    turnsOf[static_cast<std::size_t>(side)].push_back(static_cast<int>(ply));
    EXPECT_EQ(review["positions"][ply]["toAct"], side) << "ply " << ply;
    if (ply < game.actions().size()) replay.play(game.actions()[ply]);
  }
  std::vector<int> everySwing;
  for (int side = 0; side < 4; ++side) {
    const auto& line = review["series"][static_cast<std::size_t>(side)];
    EXPECT_EQ(line["side"], side);
    EXPECT_EQ(line["name"], sideFullName(game.variant(), side));
    ASSERT_EQ(line["points"].size(), turnsOf[static_cast<std::size_t>(side)].size()) << line["name"];
    int biggest = 0;
    for (std::size_t i = 0; i < line["points"].size(); ++i) {
      const int ply = line["points"][i][0], score = line["points"][i][1];
      EXPECT_EQ(ply, turnsOf[static_cast<std::size_t>(side)][i]) << line["name"] << " acts at its own turns";
      EXPECT_EQ(review["positions"][static_cast<std::size_t>(ply)]["score"], score);
      EXPECT_EQ(review["positions"][static_cast<std::size_t>(ply)]["text"], views::evaluationText(score));
      if (i > 0) {
        const int before = line["points"][i - 1][1];
        biggest = std::max(biggest, std::abs(std::clamp(score, -1000, 1000) - std::clamp(before, -1000, 1000)));
      }
    }
    // Its swings: turns of its own line, the first of them the biggest change between two turns.
    ASSERT_LE(line["swings"].size(), 2u);
    for (const int ply : line["swings"]) {
      EXPECT_NE(std::find(turnsOf[static_cast<std::size_t>(side)].begin(), turnsOf[static_cast<std::size_t>(side)].end(), ply),
                turnsOf[static_cast<std::size_t>(side)].end());
      everySwing.push_back(ply);
    }
    if (biggest >= 50) {
      ASSERT_FALSE(line["swings"].empty()) << line["name"] << " swung " << biggest;
      const int first = line["swings"][0];
      const auto& points = line["points"];
      for (std::size_t i = 1; i < points.size(); ++i)
        if (points[i][0] == first)
          EXPECT_EQ(std::abs(std::clamp(points[i][1].get<int>(), -1000, 1000) - std::clamp(points[i - 1][1].get<int>(), -1000, 1000)),
                    biggest);
    }
  }
  std::sort(everySwing.begin(), everySwing.end());
  everySwing.erase(std::unique(everySwing.begin(), everySwing.end()), everySwing.end());
  EXPECT_EQ(review["swings"].get<std::vector<int>>(), everySwing) << "the move list marks every side's";

  // The same game reviewed again gives the same lines.
  web::GameReviewer again(3000);
  EXPECT_EQ(nlohmann::json::parse(again.reviewJson(game))["series"], review["series"]);
}

// The swings of a side are where its own score moved most between two of its turns.
TEST(GameReview, ASidesSwingsAreItsBiggestChangesBetweenTwoOfItsTurns) {
  using web::ScoredTurn;
  const std::vector<ScoredTurn> turns = {{0, 0, 20}, {1, 1, 10}, {2, 2, 0},   {3, 3, -5},  {4, 0, 30},
                                         {5, 1, -890}, {6, 2, 40}, {7, 3, 600}, {8, 0, 25}, {9, 1, -880},
                                         {10, 2, 60}, {11, 3, 30000}};
  const auto series = web::seriesBySide(turns, 4);
  ASSERT_EQ(series.size(), 4u);
  EXPECT_EQ(series[1].turns.size(), 3u);
  EXPECT_EQ(series[1].swings, std::vector<int>({5})) << "West lost a Queen's worth between plies 1 and 5; no more";
  EXPECT_EQ(series[3].swings, std::vector<int>({7, 11})) << "East: +6 (605), then a mate found (capped at ten pawns: 400)";
  EXPECT_TRUE(series[0].swings.empty()) << "South moved less than half a pawn";
  EXPECT_TRUE(series[2].swings.empty());
}

}  // namespace
}  // namespace tessera::session
