// What the players look at, drawn by the display at each screen size for every variant after a few
// actions with hints on: every piece on the board is recognised as its own type's symbol among all
// the variant's symbols (read back from the image, as a person tells them apart), each side's
// clock, the move list with the current action marked, the Shifting Sands pool, Tiled Squares'
// tiles, the evaluation and (where there is room) the legend show, and no text leaves its box or
// lies over another. TESSERA_VIEW_PICTURES=folder keeps the images (docs/pictures/ holds some).
#include <gtest/gtest.h>

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
#include "host/web/review_json.hpp"
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

  SessionFixture four("chameleon-redux-4p");
  const auto fourReview = nlohmann::json::parse(reviewer.reviewJson(four.session.game()));
  EXPECT_FALSE(fourReview["evaluated"]) << "no single line to plot with four sides";
  EXPECT_EQ(fourReview["positions"].size(), 1u);
}

}  // namespace
}  // namespace tessera::session
