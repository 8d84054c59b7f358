#include "support/fake_reed_matrix.hpp"

#include <stdexcept>

namespace tessera::testing {

FakeReedMatrix::FakeReedMatrix(int rows, int columns, gpio::ManualClock& clock, FakeMatrixWiring wiring)
    : rows_(rows), columns_(columns), clock_(clock), wiring_(wiring) {}

void FakeReedMatrix::setClosed(int row, int column, bool closed) {
  if (row < 0 || row >= rows_ || column < 0 || column >= columns_) throw std::out_of_range("no such switch");
  const auto bit = static_cast<std::uint16_t>(1u << column);
  closed_[static_cast<std::size_t>(row)] =
      closed ? (closed_[static_cast<std::size_t>(row)] | bit) : (closed_[static_cast<std::size_t>(row)] & ~bit);
}

void FakeReedMatrix::openAll() { closed_.fill(0); }

void FakeReedMatrix::driveRow(int row) {
  if (row < 0 || row >= rows_) throw std::out_of_range("driveRow: no such row");
  if (drivenRow_ >= 0) lastShown_ = columnsReachedFrom(drivenRow_);
  drivenRow_ = row;
  drivenAt_ = clock_.now();
  driveLog_.push_back(row);
}

void FakeReedMatrix::releaseRows() {
  if (drivenRow_ >= 0) lastShown_ = columnsReachedFrom(drivenRow_);
  drivenRow_ = -1;
  driveLog_.push_back(-1);
}

std::uint16_t FakeReedMatrix::readColumns() {
  if (drivenRow_ < 0) {
    ++idleReads_;
    return 0;
  }
  if (clock_.now() - drivenAt_ < wiring_.settleTime) {
    ++unsettledReads_;
    return lastShown_;
  }
  return columnsReachedFrom(drivenRow_);
}

// With diodes only the driven row's own closed switches conduct. Without, current also flows
// backwards through a closed switch into another row and on through that row's closed switches:
// every column in the driven row's connected part of the switch graph reads active.
std::uint16_t FakeReedMatrix::columnsReachedFrom(int row) const {
  if (wiring_.diodes) return closed_[static_cast<std::size_t>(row)];
  std::uint16_t rowsReached = static_cast<std::uint16_t>(1u << row);
  std::uint16_t columnsReached = 0;
  bool grew = true;
  while (grew) {
    grew = false;
    for (int r = 0; r < rows_; ++r) {
      if (!((rowsReached >> r) & 1u)) continue;
      const auto more = static_cast<std::uint16_t>(closed_[static_cast<std::size_t>(r)] & ~columnsReached);
      if (more) {
        columnsReached = static_cast<std::uint16_t>(columnsReached | more);
        grew = true;
      }
    }
    for (int r = 0; r < rows_; ++r) {
      if (!((rowsReached >> r) & 1u) && (closed_[static_cast<std::size_t>(r)] & columnsReached)) {
        rowsReached = static_cast<std::uint16_t>(rowsReached | (1u << r));
        grew = true;
      }
    }
  }
  return columnsReached;
}

}  // namespace tessera::testing
