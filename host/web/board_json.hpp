#pragma once
// The board as data for the web page, which draws it in the browser (sharp at any size, the board
// as wide as a phone): the display's scene (terrain, pieces, marks, arrows) in the display's colours.
#include <nlohmann/json_fwd.hpp>

#include "host/views/display/board_scene.hpp"

namespace tessera::web {

// {"glyphs":[...glyphsJson...],"files":8,"ranks":8,"cells":["#b5d9f0",...],"cross":[[f,r],...],
//  "pieces":[[f,r,"K","#fafafa","#141414",type,side],...],
//  "sectors":[[f0,r0,f1,r1],...],"last":[[f,r],...],"movable":[...],"targets":[...],"fix":[...],
//  "arrows":[[f0,r0,f1,r1,line,"#rrggbb" a drop puts down or "",anti-tile],...],"colours":{...}}
// Cells run rank by rank from the first (a1, b1, ...); files and ranks count from 0.
nlohmann::ordered_json boardJson(const display::BoardScene& scene);

// The figurine of each piece type of `v`, by type: {"design":"camel","layers":[["body","M22 82 L24 58 ..."],
// ["ink","..."]],"letter":""} (figurines.hpp; "letter" set only for a type drawn as its letter on a disc).
nlohmann::ordered_json glyphsJson(const Variant& v);

// What stands around the board, from the same scene: {"title","toAct","message","result",
// "record":[[number,side,"SAN"],...],"current":index,"sides":[{"name","clock","toAct","inGame","colour",
// "captured":[[type,fill,ink],...],"material"}],"pool":[{"name","colour","left","becomes"}],"tiles":{...}|null,
// "evaluation":{"centipawns","text","share"}|null,"legend":[{"type","name","letter","moves","orthodox"}]}.
nlohmann::ordered_json viewJson(const display::BoardScene& scene);

}  // namespace tessera::web
