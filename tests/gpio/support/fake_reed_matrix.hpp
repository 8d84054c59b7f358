#pragma once
// A fake GPIO chip behind the scanner's MatrixLines interface: a grid of reed switches that the
// test opens and closes, wired as a real matrix would be. A column reads active when a closed
// switch joins it to the driven row; without diodes the current also sneaks through other closed
// switches (so ghosts appear as on real hardware); and a column only shows the new row's value
// once `settleTime` has passed since the row was driven (before that it still shows the last
// row's, as a slow line would). It records how it was driven so tests can check the scan order.
#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/matrix_lines.hpp"
#include "hardware/gpio/scan_clock.hpp"

namespace tessera::testing {

struct FakeMatrixWiring {
  bool diodes = true;
  std::chrono::nanoseconds settleTime{0};
};

class FakeReedMatrix final : public gpio::MatrixLines {
 public:
  FakeReedMatrix(int rows, int columns, gpio::ManualClock& clock, FakeMatrixWiring wiring = {});

  void setClosed(int row, int column, bool closed);
  void openAll();

  int rowCount() const override { return rows_; }
  int columnCount() const override { return columns_; }
  void driveRow(int row) override;
  void releaseRows() override;
  std::uint16_t readColumns() override;

  // Rows in the order they were driven (releaseRows() appends -1).
  const std::vector<int>& driveLog() const { return driveLog_; }
  // Reads made before the driven row had settled, and reads made with no row driven.
  int unsettledReads() const { return unsettledReads_; }
  int idleReads() const { return idleReads_; }

 private:
  std::uint16_t columnsReachedFrom(int row) const;

  int rows_;
  int columns_;
  gpio::ManualClock& clock_;
  FakeMatrixWiring wiring_;
  std::array<std::uint16_t, gpio::kMaxMatrixLines> closed_{};
  int drivenRow_ = -1;
  std::chrono::nanoseconds drivenAt_{};
  std::uint16_t lastShown_ = 0;  // what the columns showed for the previous row
  std::vector<int> driveLog_;
  int unsettledReads_ = 0;
  int idleReads_ = 0;
};

}  // namespace tessera::testing
