// tessera_figurine_sheet FILE.png: a sheet of every built-in variant's symbols, white and black at
// 28, 56 and 110 pixels, each named (docs/pictures/figurines.png is one). Built with the tests, for
// whoever draws or checks the symbols; not part of the program.
#include <cstdio>
#include <string>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "host/views/display/board_palette.hpp"
#include "host/views/display/figurine_painter.hpp"

namespace tessera::display {
namespace {

cv::Mat figurineSheet() {
  std::vector<const PieceType*> types;
  for (const char* name : {"chess", "chameleon-redux", "desert-dust"})
    for (const PieceType& t : builtinVariant(name).pieces)
      if (std::string(name) == "chess" || figurineOf(t).design != "pawn") types.push_back(&t);
  const int perRow = 11, cellW = 120, cellH = 28 + 56 + 110 + 56 + 60;
  const int rows = (static_cast<int>(types.size()) + perRow - 1) / perRow;
  cv::Mat img(rows * cellH, perRow * cellW, CV_8UC3, surfaceColour(Surface::DarkSquare));
  for (std::size_t i = 0; i < types.size(); ++i) {
    const int x = static_cast<int>(i) % perRow * cellW + 5, top = static_cast<int>(i) / perRow * cellH + 5;
    int y = top;
    const Figurine f = figurineOf(*types[i]);
    for (int size : {28, 56}) {
      for (int side = 0; side < 2; ++side)
        drawFigurine(img, {x + side * (size + 4), y, size, size}, f, pieceFill(side, 2), pieceInk(side, 2), pieceOutline(side, 2));
      y += size + 4;
    }
    drawFigurine(img, {x, y, 110, 110}, f, pieceFill(0, 2), pieceInk(0, 2), pieceOutline(0, 2));
    drawFigurine(img, {x, y + 112, 56, 56}, f, pieceFill(1, 2), pieceInk(1, 2), pieceOutline(1, 2));
    cv::putText(img, types[i]->name, {x, top + cellH - 22}, cv::FONT_HERSHEY_SIMPLEX, 0.42, kText, 1, cv::LINE_AA);
  }
  return img;
}

}  // namespace
}  // namespace tessera::display

int main(int argc, char** argv) {
  if (argc != 2 || std::string(argv[1]).empty() || argv[1][0] == '-') {
    std::fprintf(stderr, "usage: %s FILE.png  (writes the sheet of every built-in variant's figurines)\n", argv[0]);
    return 2;
  }
  bool written = false;
  try {
    written = cv::imwrite(argv[1], tessera::display::figurineSheet());
  } catch (const cv::Exception& e) {
    std::fprintf(stderr, "%s: %s\n", argv[1], e.what());
  }
  if (!written) {
    std::fprintf(stderr, "could not write %s (an image name ending in .png, in a folder that exists)\n", argv[1]);
    return 1;
  }
  std::printf("%s\n", argv[1]);
  return 0;
}
