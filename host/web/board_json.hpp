#pragma once
// The board as data for the web page, which draws it in the browser (sharp at any size, the board
// as wide as a phone): the display's scene (terrain, pieces, marks, arrows) in the display's colours.
#include <nlohmann/json_fwd.hpp>

#include "host/views/display/board_scene.hpp"

namespace tessera::web {

// {"files":8,"ranks":8,"cells":["#b5d9f0",...],"cross":[[f,r],...],"pieces":[[f,r,"K","#fafafa","#141414"],...],
//  "sectors":[[f0,r0,f1,r1],...],"last":[[f,r],...],"movable":[...],"targets":[...],"fix":[...],
//  "arrows":[[f0,r0,f1,r1,line,"#rrggbb" a drop puts down or "",anti-tile],...],"colours":{...}}
// Cells run rank by rank from the first (a1, b1, ...); files and ranks count from 0.
nlohmann::ordered_json boardJson(const display::BoardScene& scene);

}  // namespace tessera::web
