#pragma once
// The chip seen by the matrix scanner: drive one row, read every column. Levels here are logical:
// "active" is whatever the wiring's active level is, so the scanner never deals with polarity.
// GpiodMatrixLines talks to a real chip; tests/gpio/support/fake_reed_matrix.hpp simulates one.
#include <cstdint>

namespace tessera::gpio {

class MatrixLines {
 public:
  virtual ~MatrixLines() = default;

  virtual int rowCount() const = 0;
  virtual int columnCount() const = 0;
  // Drives `row` active and every other row inactive.
  virtual void driveRow(int row) = 0;
  // Leaves every row inactive.
  virtual void releaseRows() = 0;
  // Bit c set: column c reads active, i.e. a closed switch joins it to the driven row.
  virtual std::uint16_t readColumns() = 0;
};

}  // namespace tessera::gpio
