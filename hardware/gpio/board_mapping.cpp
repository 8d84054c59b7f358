#include "hardware/gpio/board_mapping.hpp"

namespace tessera::gpio {

MatrixToBoard::MatrixToBoard(int rows, int columns, BoardMapping mapping)
    : rows_(rows),
      columns_(columns),
      mapping_(mapping),
      files_(mapping.rowAxis == RowAxis::Ranks ? columns : rows),
      ranks_(mapping.rowAxis == RowAxis::Ranks ? rows : columns) {}

BoardSquare MatrixToBoard::square(int row, int column) const {
  const int along = mapping_.reverseRows ? rows_ - 1 - row : row;
  const int across = mapping_.reverseColumns ? columns_ - 1 - column : column;
  if (mapping_.rowAxis == RowAxis::Ranks) return {across, along};
  return {along, across};
}

int MatrixToBoard::cellIndex(int row, int column) const {
  const BoardSquare s = square(row, column);
  return s.rank * files_ + s.file;
}

}  // namespace tessera::gpio
