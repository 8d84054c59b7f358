#pragma once
// What the light over the board looks like to the reader, told the way a person setting up the
// camera can act on (`tessera calibrate`): a shadow and the cells it covers, a lamp's fall-off across
// the board, white paper at the camera's brightest value (overexposed, where no light can be
// divided out). The reader copes with the first two; they are named so that the player knows
// why a cell is unsure and what would help.
#include <string>
#include <vector>

#include "hardware/camera/board_layout.hpp"
#include "hardware/camera/light_field.hpp"
#include "hardware/camera/rectified_board.hpp"

namespace tessera::camera {

struct LightSurvey {
  // Cells lying in a shadow (the light there a fifth or more below the board's smooth fall-off),
  // as (file, rank), and how much darker the shadow is than the light around it (0.4: 40%).
  std::vector<std::pair<int, int>> shadowed;
  double shadowDepth = 0;
  // The brightest cell's light over the darkest's, after shadows are left out (1: even light), and
  // the cells where each lies.
  double fallOff = 1;
  std::pair<int, int> brightest{0, 0}, darkest{0, 0};
  // The share of the white margin at the camera's brightest value (254 or more in a channel).
  double clippedWhite = 0;
};

LightSurvey surveyLight(const LightField& light, const RectifiedBoard& board, const BoardLayout& layout);

// One sentence per thing worth saying, with what to do: "a shadow covers c3-f6 (40% darker): ...".
std::vector<std::string> lightNotes(const LightSurvey& survey);

}  // namespace tessera::camera
