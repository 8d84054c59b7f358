#pragma once
// Where a matrix crossing lies on the board. The wiring decides whether the driven rows run along
// the ranks or along the files, and in which direction each is numbered.
namespace tessera::gpio {

enum class RowAxis {
  Ranks,  // matrix row r is a rank, matrix column c is a file
  Files,  // matrix row r is a file, matrix column c is a rank
};

struct BoardMapping {
  RowAxis rowAxis = RowAxis::Ranks;
  bool reverseRows = false;     // matrix row 0 is the highest rank (or file) instead of the lowest
  bool reverseColumns = false;  // the same for matrix columns
};

struct BoardSquare {
  int file = 0;
  int rank = 0;
};

// The board size and the square of each crossing of a rows x columns matrix.
class MatrixToBoard {
 public:
  MatrixToBoard(int rows, int columns, BoardMapping mapping);

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  BoardSquare square(int row, int column) const;
  // Cell index in an Observation: rank * files + file.
  int cellIndex(int row, int column) const;

 private:
  int rows_;
  int columns_;
  BoardMapping mapping_;
  int files_;
  int ranks_;
};

}  // namespace tessera::gpio
