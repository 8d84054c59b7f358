#include "hardware/gpio/gpiod_matrix_lines.hpp"

#include <algorithm>

namespace tessera::gpio {
namespace {

gpiod::line_bulk findLines(const GpiodChip& chip, const std::vector<LineRef>& refs, std::string_view purpose) {
  gpiod::line_bulk lines;
  for (const LineRef& ref : refs) lines.append(chip.line(ref, purpose));
  return lines;
}

}  // namespace

GpiodMatrixLines::GpiodMatrixLines(const GpiodChip& chip, const GpioConfig& config)
    : rows_(findLines(chip, config.rows, "rows")),
      columns_(findLines(chip, config.columns, "columns")),
      rowValues_(rows_.size(), 0) {
  const bool activeLow = config.active == ActiveLevel::Low;
  const auto polarity = activeLow ? gpiod::line_request::FLAG_ACTIVE_LOW : std::bitset<32>();

  gpiod::line_request rowRequest{kGpioConsumer, gpiod::line_request::DIRECTION_OUTPUT,
                                 polarity | (activeLow ? gpiod::line_request::FLAG_OPEN_DRAIN
                                                       : gpiod::line_request::FLAG_OPEN_SOURCE)};
  chip.request(rows_, rowRequest, "rows", rowValues_);

  gpiod::line_request columnRequest{kGpioConsumer, gpiod::line_request::DIRECTION_INPUT,
                                    polarity | (activeLow ? gpiod::line_request::FLAG_BIAS_PULL_UP
                                                          : gpiod::line_request::FLAG_BIAS_PULL_DOWN)};
  try {
    chip.request(columns_, columnRequest, "columns");
  } catch (...) {
    rows_.release();
    throw;
  }
}

GpiodMatrixLines::~GpiodMatrixLines() {
  try {
    releaseRows();
    rows_.release();
    columns_.release();
  } catch (...) {  // the chip went away; the kernel frees the lines with the file descriptors
  }
}

void GpiodMatrixLines::driveRow(int row) {
  for (std::size_t r = 0; r < rowValues_.size(); ++r) rowValues_[r] = static_cast<int>(r) == row ? 1 : 0;
  rows_.set_values(rowValues_);
}

void GpiodMatrixLines::releaseRows() {
  std::fill(rowValues_.begin(), rowValues_.end(), 0);
  rows_.set_values(rowValues_);
}

std::uint16_t GpiodMatrixLines::readColumns() {
  const std::vector<int> values = columns_.get_values();
  std::uint16_t closed = 0;
  for (std::size_t c = 0; c < values.size(); ++c)
    if (values[c]) closed = static_cast<std::uint16_t>(closed | (1u << c));
  return closed;
}

}  // namespace tessera::gpio
