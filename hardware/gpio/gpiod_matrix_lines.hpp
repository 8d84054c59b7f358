#pragma once
// The switch matrix on a real GPIO chip through libgpiod. Rows are outputs that only ever pull
// towards the active level (open drain for active-low wiring, open source for active-high), so
// two closed switches on one column never short a driven row against an idle one; columns are
// inputs biased to the idle level (pull-up for active-low). libgpiod's active-low flag turns
// levels into logical ones, so readColumns() reports closed switches as set bits either way.
#include <cstdint>

#include "hardware/gpio/gpio_config.hpp"
#include "hardware/gpio/gpiod_chip.hpp"
#include "hardware/gpio/matrix_lines.hpp"

namespace tessera::gpio {

class GpiodMatrixLines final : public MatrixLines {
 public:
  // Finds and requests the row and column lines of `config` on `chip`; throws GpioSetupError.
  GpiodMatrixLines(const GpiodChip& chip, const GpioConfig& config);
  ~GpiodMatrixLines() override;
  GpiodMatrixLines(const GpiodMatrixLines&) = delete;
  GpiodMatrixLines& operator=(const GpiodMatrixLines&) = delete;

  int rowCount() const override { return static_cast<int>(rows_.size()); }
  int columnCount() const override { return static_cast<int>(columns_.size()); }
  void driveRow(int row) override;
  void releaseRows() override;
  std::uint16_t readColumns() override;

 private:
  gpiod::line_bulk rows_;
  gpiod::line_bulk columns_;
  std::vector<int> rowValues_;
};

}  // namespace tessera::gpio
