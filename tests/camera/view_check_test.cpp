// `tessera calibrate`: the check of the camera's view before a game, on rendered frames of a board
// seen well, badly, or not at all, and the command that prints it.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <opencv2/imgcodecs.hpp>

#include "core/rules/move_text.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/variant/view_check.hpp"
#include "host/cli/options.hpp"
#include "host/commands/commands.hpp"
#include "tests/camera/plain_style.hpp"

namespace tessera::camera {
namespace {

constexpr float kMinConfidence = 0.3f;

cv::Mat frameOf(const Variant& variant, const Position& shown, scene::SceneStyle style) {
  scene::SceneRenderer renderer(variant, style, 5);
  return renderer.render(shown);
}

// `frames` copies of `frame` a tenth of a second apart, checked against `expected`.
ViewCheck checkFrame(const Variant& variant, const cv::Mat& frame, const Position& expected, int frames = 15) {
  ViewCheck check(variant, expected, kMinConfidence);
  for (int i = 0; i < frames; ++i) check.push(frame, i * 0.1);
  return check;
}

Position after(const Variant& variant, const char* san) {
  Position pos = startPosition(variant);
  pos.make(parseMove(pos, san));
  return pos;
}

// Pixels the picture has in the colour wrong cells are outlined with, where the frame had not.
int redPixelsAdded(const cv::Mat& picture, const cv::Mat& frame) {
  cv::Mat inPicture, inFrame;
  cv::inRange(picture, cv::Scalar(10, 10, 200), cv::Scalar(70, 70, 255), inPicture);
  cv::inRange(frame, cv::Scalar(10, 10, 200), cv::Scalar(70, 70, 255), inFrame);
  return cv::countNonZero(inPicture & ~inFrame);
}

TEST(ViewCheck, AGoodViewOfTheStartIsReady) {
  for (const char* name : {"chess", "chameleon-redux-4p", "shifting-sands"}) {
    const Variant& variant = builtinVariant(name);
    // A camera posed and a room lit anywhere within the board spec's ranges.
    std::mt19937 rng(11);
    const cv::Mat frame =
        frameOf(variant, startPosition(variant), scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false));
    const ViewCheck check = checkFrame(variant, frame, startPosition(variant));
    const ViewCheckReport r = check.report();
    EXPECT_TRUE(r.ready()) << name << ": " << (r.advice.empty() ? "" : r.advice.front())
                           << (r.wrongCells.empty() ? "" : " " + r.wrongCells.front());
    EXPECT_EQ(r.frames, 15) << name;
    EXPECT_EQ(r.located, 15) << name;
    EXPECT_EQ(r.allMarkersSeen, 15) << name;
    EXPECT_GT(r.markerPixels, kSmallestReliableMarkerPixels) << name;
    EXPECT_TRUE(r.settled) << name;
    EXPECT_EQ(redPixelsAdded(check.picture(), frame), 0) << name << ": no cell outlined as wrong";
  }
}

TEST(ViewCheck, CellsSetUpOtherwiseThanExpectedAreNamedAndOutlined) {
  const Variant& chess = builtinVariant("chess");
  const cv::Mat frame = frameOf(chess, after(chess, "e4"), plainStyle({1280, 720}));
  const ViewCheck check = checkFrame(chess, frame, startPosition(chess));
  const ViewCheckReport r = check.report();
  EXPECT_FALSE(r.ready());
  EXPECT_EQ(r.wrongCells, (std::vector<std::string>{
                              "e2: nothing on light square, expected light piece on light square",
                              "e4: light piece on light square, expected nothing on light square"}));
  ASSERT_FALSE(r.advice.empty());
  EXPECT_EQ(r.advice.back().rfind("2 cells are read otherwise than the position has them", 0), 0u) << r.advice.back();
  EXPECT_GT(redPixelsAdded(check.picture(), frame), 100) << "e2 and e4 outlined in red";
  cv::imwrite(::testing::TempDir() + "view-check-wrong-cells.png", check.picture());  // for a person to look at
}

TEST(ViewCheck, EachCellsStateAndTheReadingAreGivenOnceTheBoardKeptStill) {
  const Variant& chess = builtinVariant("chess");
  const cv::Mat frame = frameOf(chess, after(chess, "e4"), plainStyle({1280, 720}));
  ViewCheck check(chess, startPosition(chess), kMinConfidence);
  check.push(frame, 0.0);
  EXPECT_FALSE(check.cellState(4, 3).has_value()) << "nothing judged before the board kept still";
  EXPECT_FALSE(check.snapshot().has_value());
  for (int i = 1; i < 15; ++i) check.push(frame, i * 0.1);
  ASSERT_TRUE(check.snapshot().has_value());
  EXPECT_EQ(check.snapshot()->at(4, 3).occupant, Occupant::Light) << "e4 as read";
  int wrong = 0;
  for (int rank = 0; rank < 8; ++rank)
    for (int file = 0; file < 8; ++file) {
      const auto state = check.cellState(file, rank);
      ASSERT_TRUE(state.has_value());
      const bool moved = file == 4 && (rank == 1 || rank == 3);
      EXPECT_EQ(*state, moved ? ViewCheck::CellState::Wrong : ViewCheck::CellState::Right)
          << squareName(makeSquare(file, rank));
      wrong += *state == ViewCheck::CellState::Wrong;
    }
  EXPECT_EQ(wrong, static_cast<int>(check.report().wrongCells.size())) << "the same judgement as the report's";
}

TEST(ViewCheck, SmallMarkersAreReportedWithWhatToDo) {
  // Desert Dust's large sheet in a VGA frame: markers of about 13 pixels.
  const Variant& dust = builtinVariant("desert-dust");
  scene::SceneStyle style = plainStyle({640, 480});
  style.fill = 0.6;
  const ViewCheckReport r = checkFrame(dust, frameOf(dust, startPosition(dust), style), startPosition(dust), 8).report();
  ASSERT_GT(r.located, 0);
  EXPECT_LT(r.markerPixels, kSmallestReliableMarkerPixels);
  EXPECT_FALSE(r.ready());
  const bool said = std::any_of(r.advice.begin(), r.advice.end(), [](const std::string& a) {
    return a.find("pixels across") != std::string::npos && a.find("move the camera closer") != std::string::npos;
  });
  EXPECT_TRUE(said) << (r.advice.empty() ? "no advice" : r.advice.front());
}

TEST(ViewCheck, NoBoardInViewSaysWhatMustBeSeen) {
  const Variant& chess = builtinVariant("chess");
  ViewCheck check(chess, startPosition(chess), kMinConfidence);
  const cv::Mat table(720, 1280, CV_8UC3, cv::Scalar(90, 110, 130));
  for (int i = 0; i < 10; ++i) check.push(table, i * 0.1);
  const ViewCheckReport r = check.report();
  EXPECT_FALSE(r.ready());
  EXPECT_EQ(r.located, 0);
  ASSERT_EQ(r.advice.size(), 1u);
  EXPECT_EQ(r.advice[0].rfind("the board was not found in any frame: all four corner markers", 0), 0u) << r.advice[0];
  EXPECT_TRUE(check.picture().empty());
}

TEST(ViewCheck, NoFrameAtAllSaysOnlyThat) {
  const Variant& chess = builtinVariant("chess");
  const ViewCheckReport r = ViewCheck(chess, startPosition(chess), kMinConfidence).report();
  EXPECT_FALSE(r.ready());
  EXPECT_EQ(r.advice, std::vector<std::string>{"no frame could be read"});
}

// A referee that asks for more certainty than any reading gives: every cell is read right and
// named as unsure, with how sure it was, and the view is not ready.
TEST(ViewCheck, CellsReadRightButLessSurelyThanTheRefereeAsksAreUnsure) {
  const Variant& chess = builtinVariant("chess");
  std::mt19937 rng(11);
  const cv::Mat frame = frameOf(chess, startPosition(chess), scene::randomStyle(rng, {1280, 720}, scene::sheetCells(chess), false));
  ViewCheck check(chess, startPosition(chess), 1.01f);
  for (int i = 0; i < 15; ++i) check.push(frame, i * 0.1);
  const ViewCheckReport r = check.report();
  EXPECT_TRUE(r.settled);
  EXPECT_TRUE(r.wrongCells.empty());
  EXPECT_EQ(r.unsureCells.size(), 64u);
  EXPECT_FALSE(r.ready());
  ASSERT_FALSE(r.unsureCells.empty());
  EXPECT_NE(r.unsureCells.front().find("sure to "), std::string::npos) << r.unsureCells.front();
}

TEST(ViewCheck, ABoardThatNeverKeepsStillIsNotRead) {
  // A hand going to and fro over the board in every frame.
  const Variant& chess = builtinVariant("chess");
  const Position pos = startPosition(chess);
  scene::SceneRenderer renderer(chess, plainStyle({1280, 720}), 6);
  ViewCheck check(chess, pos, kMinConfidence);
  for (int i = 0; i < 20; ++i) {
    const scene::Hand hand{{2.0 + (i % 2) * 3.0, 4.0}, 270.0};
    check.push(renderer.render(pos, {hand}), i * 0.1);
  }
  const ViewCheckReport r = check.report();
  EXPECT_FALSE(r.settled);
  EXPECT_FALSE(r.ready());
  ASSERT_FALSE(r.advice.empty());
  EXPECT_EQ(r.advice.back().rfind("the board never kept still for half a second", 0), 0u) << r.advice.back();
}

// `tessera calibrate` on a folder of frames, as a person would run it on a recording.
// calibrate names what the light does: a shadow and the cells it covers, a lamp's fall-off; a
// plainly lit board gets no note; one exposed too brightly is told so.
TEST(ViewCheck, AShadowAndALampsFallOffAreNamedWithTheCellsTheyCover) {
  const Variant& chess = builtinVariant("chess");
  const auto notesFor = [&](const scene::SceneStyle& style) {
    const std::vector<std::string> notes =
        checkFrame(chess, frameOf(chess, startPosition(chess), style), startPosition(chess)).report().light;
    for (const std::string& n : notes) std::printf("%s\n", n.c_str());
    return notes;
  };
  const scene::SceneStyle plain = plainStyle({1280, 720});
  EXPECT_TRUE(notesFor(plain).empty());
  // A head's shadow, 45% deep, over the middle of the sheet.
  scene::SceneStyle shadowed = plain;
  scene::CastShadow head;
  head.shape = scene::CastShadow::Shape::Blob;
  head.centre = {0.5, 0.55};
  head.radii = {0.14, 0.14};
  head.depth = 0.45;
  head.softness = 0.5;
  shadowed.shadows.push_back(head);
  const std::vector<std::string> shadow = notesFor(shadowed);
  ASSERT_EQ(shadow.size(), 1u);
  EXPECT_EQ(shadow.front().rfind("a shadow covers ", 0), 0u) << shadow.front();
  EXPECT_NE(shadow.front().find("% darker)"), std::string::npos) << shadow.front();
  // A lamp at one side, 2:1 across the board, exposed so that the brightest paper is not white.
  scene::SceneStyle lamp = plain;
  lamp.lightGradient = {0.55, 0.35};
  lamp.lightGain = 0.7;
  const std::vector<std::string> fallOff = notesFor(lamp);
  ASSERT_FALSE(fallOff.empty());
  EXPECT_NE(fallOff.back().find("the light falls off"), std::string::npos) << fallOff.back();
  // Exposed too brightly: the white margin at the camera's brightest value.
  scene::SceneStyle bright = plain;
  bright.lightGain = 1.4;
  const std::vector<std::string> clipped = notesFor(bright);
  ASSERT_FALSE(clipped.empty());
  EXPECT_NE(clipped.back().find("(overexposed)"), std::string::npos) << clipped.back();
}

class CalibrateCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("tessera-calibrate-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_ / "frames");
    const Variant& chess = builtinVariant("chess");
    scene::SceneRenderer renderer(chess, plainStyle({1280, 720}), 7);
    const cv::Mat frame = renderer.render(startPosition(chess));
    for (int i = 0; i < 12; ++i)
      cv::imwrite((dir_ / "frames" / ("frame-" + std::to_string(100 + i) + ".jpg")).string(), frame);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  int run(std::vector<std::string> args, std::string& out) {
    const auto commands = commands::allCommands();
    const auto calibrate =
        std::find_if(commands.begin(), commands.end(), [](const auto& c) { return c.name == "calibrate"; });
    std::ostringstream o, e;
    const int code = calibrate->run(args, o, e);
    out = o.str() + e.str();
    return code;
  }
  std::filesystem::path dir_;
};

TEST_F(CalibrateCommand, AGoodViewIsReportedReadyWithItsPicture) {
  std::string out;
  const std::string picture = (dir_ / "view.png").string();
  const int code = run({"--variant", "chess", "--input", "frames:" + (dir_ / "frames").string(), "--out", picture}, out);
  EXPECT_EQ(code, 0) << out;
  std::printf("%s", out.c_str());  // what a person sees
  EXPECT_NE(out.find(": 12 frames\n"), std::string::npos) << out;
  EXPECT_NE(out.find("board found in 12 of 12 frames, all four markers in 12"), std::string::npos) << out;
  EXPECT_NE(out.find("read while still: 64 of 64 cells right and sure"), std::string::npos) << out;
  EXPECT_NE(out.find("ready: the camera reads the board well enough to referee a game"), std::string::npos) << out;
  const cv::Mat written = cv::imread(picture);
  EXPECT_EQ(written.size(), cv::Size(1280, 720));
  // An upper-case extension is the same picture.
  const std::string upper = (dir_ / "view.PNG").string();
  EXPECT_EQ(run({"--variant", "chess", "--input", "frames:" + (dir_ / "frames").string(), "--out", upper}, out), 0) << out;
  EXPECT_EQ(cv::imread(upper).size(), cv::Size(1280, 720));
}

TEST_F(CalibrateCommand, ABoardSetUpOtherwiseIsNotReadyAndSaysWhere) {
  std::string out;
  // The frames show the start; the player says the board shows the position after 1. e4.
  const Variant& chess = builtinVariant("chess");
  const std::string afterE4 = positionString(after(chess, "e4"));
  const int code = run({"--variant", "chess", "--input", "frames:" + (dir_ / "frames").string(), "--position", afterE4}, out);
  EXPECT_EQ(code, 1) << out;
  std::printf("%s", out.c_str());
  EXPECT_NE(out.find("cells read wrong:\n  e4: nothing on light square, expected light piece on light square\n"),
            std::string::npos)
      << out;
  // The light at e2 is found as if it were bare paper, as the position has it: the Pawn there is
  // read, but not surely, and the referee would ask.
  EXPECT_NE(out.find("cells read unsure (the referee would ask about them):\n  e2: light piece on light square, "
                     "expected nothing on light square, sure to "),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("not ready:\n  1 cell is read otherwise"), std::string::npos) << out;
}

// A folder's frame rate is given as replay's and play's is: at 2 frames a second, the first 3
// seconds are the first 7 of its 12 frames (at the default 10, all of them).
// A wide lens (barrel 0.2): calibrate measures it from the sheet's lines, reads the cells through it
// and writes it into play's configuration, keeping what else the file says; play accepts it there.
TEST_F(CalibrateCommand, AWideLensIsMeasuredAndWrittenIntoTheConfiguration) {
  const Variant& dust = builtinVariant("desert-dust");
  scene::SceneStyle style = plainStyle({1280, 720});
  style.tiltDeg = 20;
  style.azimuthDeg = 40;
  style.fill = 0.92;
  style.lensBarrel = 0.2;
  const cv::Mat frame = frameOf(dust, startPosition(dust), style);
  std::filesystem::create_directories(dir_ / "wide");
  for (int i = 0; i < 12; ++i) cv::imwrite((dir_ / "wide" / ("f" + std::to_string(100 + i) + ".png")).string(), frame);
  const std::string frames = "frames:" + (dir_ / "wide").string();
  const std::string config = (dir_ / "tessera.conf").string();
  std::ofstream(config) << "# the club's board 3\n[tessera]\nvariant = desert-dust\n\n[gpio]\nchip = gpiochip0\n";
  std::string out;
  EXPECT_EQ(run({"--variant", "desert-dust", "--input", frames, "--config", config}, out), 0) << out;
  std::printf("%s", out.c_str());
  const std::size_t at = out.find("lens: 0.");
  ASSERT_NE(at, std::string::npos) << out;
  const double measured = std::stod(out.substr(at + 6, 5));
  EXPECT_NEAR(measured, 0.2, 0.03) << out;
  EXPECT_NE(out.find("written to " + config), std::string::npos) << out;
  std::ifstream in(config);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(written, "# the club's board 3\n[tessera]\nvariant = desert-dust\nlens = " + out.substr(at + 6, 5) +
                         "\n\n[gpio]\nchip = gpiochip0\n");
  EXPECT_THROW(run({"--variant", "desert-dust", "--input", frames, "--lens", "wide"}, out), cli::UsageError);
  EXPECT_THROW(run({"--variant", "desert-dust", "--input", frames, "--lens", "0.9"}, out), cli::UsageError);
  EXPECT_THROW(run({"--variant", "desert-dust", "--input", frames, "--lens", "0.1", "--config", config}, out), cli::UsageError);
}

// The straight lens of the plain frames is measured as next to none and not corrected.
TEST_F(CalibrateCommand, AStraightLensIsLeftUncorrected) {
  std::string out;
  EXPECT_EQ(run({"--variant", "chess", "--input", "frames:" + (dir_ / "frames").string()}, out), 0) << out;
  EXPECT_NE(out.find("straight enough, nothing to correct"), std::string::npos) << out;
}

TEST_F(CalibrateCommand, AFolderIsReadAtTheFrameRateGiven) {
  std::string out;
  const std::string frames = "frames:" + (dir_ / "frames").string();
  run({"--variant", "chess", "--input", frames, "--seconds", "3", "--fps", "2"}, out);
  EXPECT_NE(out.find(": 7 frames\n"), std::string::npos) << out;
  run({"--variant", "chess", "--input", frames, "--seconds", "3"}, out);
  EXPECT_NE(out.find(": 12 frames\n"), std::string::npos) << out;
  EXPECT_THROW(run({"--input", frames, "--fps", "0"}, out), cli::UsageError);
  EXPECT_THROW(run({"--input", frames, "--fps", "121"}, out), cli::UsageError);
}

TEST_F(CalibrateCommand, WrongArgumentsAreRefusedByName) {
  std::string out;
  EXPECT_THROW(run({"--input", "floppy"}, out), cli::UsageError);
  EXPECT_THROW(run({"--input", "frames:" + (dir_ / "nothing-here").string()}, out), cli::UsageError);
  EXPECT_THROW(run({"--input", "frames:" + (dir_ / "frames").string(), "--position", "8/8/banana"}, out), cli::UsageError);
  EXPECT_THROW(run({"--input", "frames:" + (dir_ / "frames").string(), "--seconds", "0"}, out), cli::UsageError);
  EXPECT_THROW(run({"--input", "frames:" + (dir_ / "frames").string(), "--out", "view.gif"}, out), cli::UsageError);
}

// A picture that cannot be written is refused before the camera is watched, not after.
TEST_F(CalibrateCommand, AnOutThatCannotBeWrittenIsRefusedBeforeTheCapture) {
  const std::string picture = (dir_ / "no-such-folder" / "view.png").string();
  std::string out;
  const auto started = std::chrono::steady_clock::now();
  try {
    run({"--input", "camera:/dev/video97", "--seconds", "5", "--out", picture}, out);
    ADD_FAILURE() << "the camera was watched first: " << out;
  } catch (const cli::UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "--out: cannot write '" + picture + "': No such file or directory");
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(2));
  const std::string folder = (dir_ / "picture.png").string();
  std::filesystem::create_directories(folder);
  try {
    run({"--input", "frames:" + (dir_ / "frames").string(), "--out", folder}, out);
    ADD_FAILURE() << out;
  } catch (const cli::UsageError& e) {
    EXPECT_EQ(std::string(e.what()), "--out: '" + folder + "' is a folder, not a file");
  }
}

// A recording none of whose images can be read is reported as such, not as a camera that sent nothing.
TEST_F(CalibrateCommand, AFolderOfUnreadableImagesSaysNoFrameCouldBeRead) {
  std::filesystem::create_directories(dir_ / "spoilt");
  std::ofstream(dir_ / "spoilt" / "frame-1.jpg") << "not a jpeg";
  std::string out;
  EXPECT_EQ(run({"--input", "frames:" + (dir_ / "spoilt").string()}, out), 1) << out;
  EXPECT_NE(out.find("warning: cannot read image " + (dir_ / "spoilt" / "frame-1.jpg").string() + "\n"), std::string::npos)
      << out;
  EXPECT_NE(out.find("not ready:\n  no frame could be read\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("camera"), std::string::npos) << out;
}

TEST_F(CalibrateCommand, AFolderWithoutImagesSaysSo) {
  std::filesystem::create_directories(dir_ / "empty");
  std::string out;
  EXPECT_EQ(run({"--input", "frames:" + (dir_ / "empty").string()}, out), 1) << out;
  EXPECT_EQ(out, "error: no images in " + (dir_ / "empty").string() + " (.png, .jpg, .jpeg or .bmp)\n");
}

}  // namespace
}  // namespace tessera::camera
