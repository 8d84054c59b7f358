// The whole GPIO sensing path on a fake chip: scan, debounce, map to squares, report changes as
// occupancy Observations.
#include <gtest/gtest.h>

#include <algorithm>

#include "hardware/gpio/switch_board_sensor.hpp"
#include "support/fake_reed_matrix.hpp"

namespace {

using namespace tessera;
using namespace std::chrono_literals;
using tessera::testing::FakeReedMatrix;

std::vector<std::pair<int, int>> squaresOf(const std::vector<gpio::BoardSquare>& squares) {
  std::vector<std::pair<int, int>> out;
  for (const auto& s : squares) out.emplace_back(s.file, s.rank);
  std::sort(out.begin(), out.end());
  return out;
}

gpio::SwitchSensorOptions optionsWith(std::chrono::nanoseconds settle, int debounceScans, bool diodes = true) {
  gpio::SwitchSensorOptions options;
  options.settle = settle;
  options.debounceScans = debounceScans;
  options.diodes = diodes;
  return options;
}

int countOf(const Observation& o, Occupant occupant) {
  return static_cast<int>(std::count_if(o.cells.begin(), o.cells.end(),
                                         [&](const CellObservation& c) { return c.occupant == occupant; }));
}

class SwitchBoardSensorTest : public ::testing::Test {
 protected:
  // 8 rows = ranks, 8 columns = files; the starting position's two ranks each side are occupied.
  void setUpStartingPosition() {
    for (int file = 0; file < 8; ++file)
      for (int rank : {0, 1, 6, 7}) matrix_.setClosed(rank, file, true);
  }
  std::optional<gpio::OccupancyReport> pollTimes(gpio::SwitchBoardSensor& sensor, int scans) {
    std::optional<gpio::OccupancyReport> last;
    for (int i = 0; i < scans; ++i) {
      if (auto report = sensor.poll()) {
        EXPECT_FALSE(last.has_value()) << "two reports within " << scans << " scans";
        last = std::move(report);
      }
    }
    return last;
  }

  gpio::ManualClock clock_;
  FakeReedMatrix matrix_{8, 8, clock_};
};

TEST_F(SwitchBoardSensorTest, FirstReportIsTheWholeSettledBoardAfterTheDebounceScans) {
  setUpStartingPosition();
  gpio::SwitchBoardSensor sensor(matrix_, clock_, optionsWith(20us, 3));
  EXPECT_FALSE(sensor.poll());
  EXPECT_FALSE(sensor.poll());
  auto report = sensor.poll();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(report->observation.files, 8);
  EXPECT_EQ(report->observation.ranks, 8);
  EXPECT_EQ(report->changed.size(), 64u);
  EXPECT_EQ(countOf(report->observation, Occupant::Occupied), 32);
  EXPECT_EQ(countOf(report->observation, Occupant::Empty), 32);
  EXPECT_EQ(report->observation.at(4, 1).occupant, Occupant::Occupied);
  EXPECT_EQ(report->observation.at(4, 1).occupantConfidence, 1.0f);
  EXPECT_EQ(report->observation.at(4, 3).occupant, Occupant::Empty);
  EXPECT_EQ(report->observation.at(4, 3).surface, Surface::Unknown) << "switches know nothing of surfaces";
  EXPECT_EQ(clock_.now(), 3 * 8 * 20us) << "three scans of eight rows, 20 us each";
}

TEST_F(SwitchBoardSensorTest, AMoveIsReportedOnceWithTheSquaresItChanged) {
  setUpStartingPosition();
  gpio::SwitchBoardSensor sensor(matrix_, clock_, optionsWith(0us, 3));
  ASSERT_TRUE(pollTimes(sensor, 3));
  matrix_.setClosed(1, 4, false);  // lift e2
  matrix_.setClosed(3, 4, true);   // put it on e4
  const auto report = pollTimes(sensor, 10);
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(squaresOf(report->changed), (std::vector<std::pair<int, int>>{{4, 1}, {4, 3}}));
  EXPECT_EQ(report->observation.at(4, 1).occupant, Occupant::Empty);
  EXPECT_EQ(report->observation.at(4, 3).occupant, Occupant::Occupied);
  EXPECT_EQ(sensor.current()->at(4, 3).occupant, Occupant::Occupied);
}

TEST_F(SwitchBoardSensorTest, AReedThatBouncesShorterThanTheDebounceIsNeverReported) {
  setUpStartingPosition();
  gpio::SwitchBoardSensor sensor(matrix_, clock_, optionsWith(0us, 3));
  ASSERT_TRUE(pollTimes(sensor, 3));
  for (int bounce = 0; bounce < 5; ++bounce) {
    matrix_.setClosed(3, 3, true);
    EXPECT_FALSE(sensor.poll());
    EXPECT_FALSE(sensor.poll());
    matrix_.setClosed(3, 3, false);
    EXPECT_FALSE(sensor.poll());
  }
}

TEST_F(SwitchBoardSensorTest, WiringWithRowsAlongFilesAndReversedColumnsMapsToTheRightSquares) {
  gpio::ManualClock clock;
  FakeReedMatrix matrix(6, 4, clock);  // 6 rows = files a-f, 4 columns = ranks 4..1
  matrix.setClosed(0, 0, true);        // file a, rank 4
  matrix.setClosed(5, 3, true);        // file f, rank 1
  gpio::SwitchSensorOptions options = optionsWith(0us, 1);
  options.mapping = {gpio::RowAxis::Files, false, true};
  gpio::SwitchBoardSensor sensor(matrix, clock, options);
  const auto report = sensor.poll();
  ASSERT_TRUE(report.has_value());
  EXPECT_EQ(sensor.files(), 6);
  EXPECT_EQ(sensor.ranks(), 4);
  EXPECT_EQ(report->observation.at(0, 3).occupant, Occupant::Occupied);
  EXPECT_EQ(report->observation.at(5, 0).occupant, Occupant::Occupied);
  EXPECT_EQ(countOf(report->observation, Occupant::Occupied), 2);
}

TEST_F(SwitchBoardSensorTest, WithoutDiodesAGhostCornerIsReportedUnknownNotOccupied) {
  FakeReedMatrix matrix(4, 4, clock_, {.diodes = false, .settleTime = 0us});
  matrix.setClosed(0, 0, true);
  matrix.setClosed(0, 2, true);
  matrix.setClosed(2, 0, true);  // (2,2) will read closed through the other three
  matrix.setClosed(3, 3, true);
  gpio::SwitchBoardSensor noDiodes(matrix, clock_, optionsWith(0us, 1, false));
  const auto report = noDiodes.poll();
  ASSERT_TRUE(report.has_value());
  for (auto [file, rank] : {std::pair{0, 0}, {2, 0}, {0, 2}, {2, 2}})
    EXPECT_EQ(report->observation.at(file, rank).occupant, Occupant::Unknown) << file << "," << rank;
  EXPECT_EQ(report->observation.at(3, 3).occupant, Occupant::Occupied);
  EXPECT_EQ(countOf(report->observation, Occupant::Empty), 11);

  // Told (wrongly) that there are diodes, the same board shows the ghost as a piece.
  gpio::SwitchBoardSensor trusting(matrix, clock_, optionsWith(0us, 1, true));
  EXPECT_EQ(trusting.poll()->observation.at(2, 2).occupant, Occupant::Occupied);
}

}  // namespace
