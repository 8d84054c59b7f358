// Frames with a hand moving over the board carry no decision; the board is read only once it has
// been still for the settle time, then read a second time from fresh frames.
#include <gtest/gtest.h>

#include <random>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {
namespace {

TEST(Stabiliser, NoSnapshotWhileAHandSweepsAcrossTheBoard) {
  const Variant& variant = builtinVariant("chess");
  const Position pos = startPosition(variant);
  std::mt19937 rng(9);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 9);
  BoardReader reader(layoutForVariant(variant));
  Stabiliser stabiliser;  // settles after 0.5 s
  double clock = 0;
  ASSERT_TRUE(reader.read(renderer.render(pos)).readable);
  for (int i = 0; i < 25; ++i, clock += 0.1) {  // 2.5 s of a slow sweep from a1 towards h8
    scene::Hand hand;
    hand.tip = {0.5 + 0.3 * i, 0.5 + 0.3 * i};
    hand.fromAngleDeg = 270;
    EXPECT_FALSE(stabiliser.push(reader.read(renderer.render(pos, {hand})), clock).has_value()) << "frame " << i;
  }
  // The hand is gone: a first reading after the settle time, a second one after as long again.
  std::vector<Snapshot> snapshots;
  std::vector<double> when;
  for (int i = 0; i < 14; ++i, clock += 0.1)
    if (auto s = stabiliser.push(reader.read(renderer.render(pos)), clock)) {
      snapshots.push_back(*s);
      when.push_back(i * 0.1);
    }
  ASSERT_EQ(snapshots.size(), 2u);
  EXPECT_EQ(snapshots[0].reading, 1);
  EXPECT_EQ(snapshots[1].reading, 2);
  EXPECT_GE(when[0], 0.5);
  EXPECT_LE(when[0], 0.75);
  const Observation truth = sensorView(pos, SensorProfile::Camera);
  for (const Snapshot& s : snapshots)
    for (std::size_t i = 0; i < truth.cells.size(); ++i) {
      EXPECT_EQ(s.observation.cells[i].occupant, truth.cells[i].occupant) << i;
      EXPECT_EQ(s.observation.cells[i].surface, truth.cells[i].surface) << i;
      EXPECT_GT(s.observation.cells[i].occupantConfidence, 0.3f) << i;
    }
}

TEST(Stabiliser, AnUnreadableFrameRestartsTheWait) {
  const Variant& variant = builtinVariant("chess");
  const Position pos = startPosition(variant);
  std::mt19937 rng(10);
  scene::SceneRenderer renderer(variant, scene::randomStyle(rng, {1280, 720}, scene::sheetCells(variant), false), 10);
  BoardReader reader(layoutForVariant(variant));
  const FrameReading good = reader.read(renderer.render(pos));
  Stabiliser stabiliser;
  int snapshots = 0;
  for (int i = 0; i < 20; ++i)  // every fourth frame the camera delivers nothing usable
    snapshots += stabiliser.push(i % 4 == 3 ? FrameReading{} : good, i * 0.1).has_value();
  EXPECT_EQ(snapshots, 0);
}

// Readings made up directly, to set exactly which blocks change from frame to frame: a textured
// board of 24 x 24 motion blocks whose cells all read the start of chess with full confidence.
struct MadeUpBoard {
  cv::Mat blocks = cv::Mat(24, 24, CV_32FC3);
  Observation cells = sensorView(startPosition(builtinVariant("chess")), SensorProfile::Camera);
  MadeUpBoard() {
    std::mt19937 rng(5);
    std::uniform_real_distribution<float> grey(60.0f, 200.0f);
    for (int y = 0; y < blocks.rows; ++y)
      for (int x = 0; x < blocks.cols; ++x) blocks.at<cv::Vec3f>(y, x) = cv::Vec3f(grey(rng), grey(rng), grey(rng));
  }
  // The reading with the blocks at `changed` (x, y) much lighter, as under a hand's edge.
  FrameReading reading(std::initializer_list<cv::Point> changed = {}) const {
    FrameReading r;
    r.readable = true;
    r.cells = cells;
    r.motionBlocks = blocks.clone();
    for (const cv::Point& p : changed) r.motionBlocks.at<cv::Vec3f>(p) += cv::Vec3f(80, 80, 80);
    return r;
  }
};

// Pushes `frames` readings 0.1 s apart from `clock` on; the times of the snapshots given.
std::vector<double> pushFor(Stabiliser& stabiliser, const FrameReading& r, double& clock, int frames,
                            std::vector<Snapshot>* given = nullptr) {
  std::vector<double> when;
  for (int i = 0; i < frames; ++i, clock += 0.1)
    if (auto s = stabiliser.push(r, clock)) {
      when.push_back(clock);
      if (given) given->push_back(*s);
    }
  return when;
}

// Motion (MotionOptions::blocksNeeded, 2 blocks) counts against the frame before and against the
// first frame of the stillness alike: a frame two blocks off its predecessor but one off the
// still board, and a frame one block off its predecessor but two off the still board, both
// restart the settle time.
TEST(Stabiliser, TwoBlocksChangedSinceTheLastFrameOrSinceTheBoardWentStillAreMotion) {
  const MadeUpBoard board;
  const cv::Point x{3, 4}, y{17, 9};
  for (bool againstStill : {false, true}) {
    Stabiliser stabiliser;  // settles after 0.5 s
    double clock = 0;
    EXPECT_TRUE(pushFor(stabiliser, board.reading(), clock, 3).empty());
    EXPECT_TRUE(pushFor(stabiliser, board.reading({x}), clock, 1).empty());  // one block: noise, still
    const FrameReading moved = againstStill ? board.reading({x, y}) : board.reading({y});
    const double movedAt = clock;
    const std::vector<double> when = pushFor(stabiliser, moved, clock, 12);
    ASSERT_FALSE(when.empty()) << (againstStill ? "two off the still board" : "two off the last frame");
    EXPECT_GE(when.front(), movedAt + 0.5 + 0.1 - 1e-6) << (againstStill ? "two off the still board" : "two off the last frame");
  }
  // One block changed is noise: the settle time runs on from the first still frame (the second
  // frame: the first has none before it to be compared with).
  Stabiliser stabiliser;
  double clock = 0;
  pushFor(stabiliser, board.reading(), clock, 3);
  const std::vector<double> when = pushFor(stabiliser, board.reading({x}), clock, 6);
  ASSERT_FALSE(when.empty());
  EXPECT_NEAR(when.front(), 0.6, 1e-6);
}

// However long the board stays still, it is read twice, not again and again; and the next
// stillness, after a move, is read as surely as the first (the frames voted before the move do
// not water down the votes after it).
TEST(Stabiliser, ALongStillnessGivesTwoReadingsAndTheNextOneIsReadAsSurely) {
  const MadeUpBoard board;
  Stabiliser stabiliser;
  double clock = 0;
  std::vector<Snapshot> given;
  EXPECT_EQ(pushFor(stabiliser, board.reading(), clock, 60, &given).size(), 2u);  // 6 s still
  pushFor(stabiliser, board.reading({{1, 1}, {2, 1}, {3, 1}, {4, 1}}), clock, 1);  // a hand
  given.clear();
  EXPECT_EQ(pushFor(stabiliser, board.reading(), clock, 12, &given).size(), 2u);
  ASSERT_EQ(given.size(), 2u);
  for (const Snapshot& snapshot : given)  // the second reading, too, from its own frames only
    for (const CellObservation& c : snapshot.observation.cells) {
      EXPECT_FLOAT_EQ(c.occupantConfidence, 1.0f) << "reading " << snapshot.reading;
      EXPECT_FLOAT_EQ(c.surfaceConfidence, 1.0f) << "reading " << snapshot.reading;
    }
}

// A reading of another size (the board changed under the camera) is voted on its own cells.
TEST(Stabiliser, AReadingOfAnotherSizeIsVotedOnItsOwnCells) {
  for (const cv::Size size : {cv::Size(8, 10), cv::Size(10, 8)}) {
    MadeUpBoard board;
    Stabiliser stabiliser;
    double clock = 0;
    ASSERT_FALSE(pushFor(stabiliser, board.reading(), clock, 7).empty());
    pushFor(stabiliser, board.reading({{1, 1}, {2, 1}, {3, 1}}), clock, 1);
    board.cells = Observation(size.width, size.height);
    for (CellObservation& c : board.cells.cells) c = {Occupant::Empty, Surface::LightSquare, 1.0f, 1.0f};
    std::vector<Snapshot> given;
    pushFor(stabiliser, board.reading(), clock, 7, &given);
    ASSERT_FALSE(given.empty());
    EXPECT_EQ(given[0].observation.files, size.width);
    EXPECT_EQ(given[0].observation.ranks, size.height);
    for (const CellObservation& c : given[0].observation.cells) EXPECT_EQ(c.occupant, Occupant::Empty);
  }
}

}  // namespace
}  // namespace tessera::camera
