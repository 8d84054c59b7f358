#pragma once
// The game the V4L2 test shows vivid: a seeded chess game of 10 actions a camera can tell apart,
// filmed by the scene renderer (hardware/camera/simulation) in two halves, the second starting
// where the first ends (the camera is unplugged between them). Drawn on this machine before the VM
// boots (tessera_live_film), since the VM emulates its CPU and draws a frame in over half a second;
// saved as raw BGR frames.
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "core/rules/move.hpp"

namespace tessera::testing {

struct FilmFrame {
  cv::Mat image;   // BGR
  double seconds;  // when it is shown, from the start of its half
};

struct GameFilm {
  std::vector<Move> script;  // every action, in order
  std::size_t firstHalfActions = 0;
  std::vector<FilmFrame> firstHalf, secondHalf;
};

GameFilm makeGameFilm(cv::Size size);

// A film file: a header line, then each frame's time and its bytes. Throws std::runtime_error.
void writeGameFilm(const std::string& path, const GameFilm& film);
GameFilm readGameFilm(const std::string& path);

}  // namespace tessera::testing
