#include "core/rules/piece_values.hpp"

#include <cmath>
#include <queue>

#include "core/rules/move_tables.hpp"
#include "core/rules/position_text.hpp"

namespace tessera {
namespace {

int derivedValue(const Variant& v, const MoveTables& t, int type) {
  if (v.pieces[static_cast<std::size_t>(type)].royal) return 0;
  if (v.isPromotingType(type)) return 100;
  int squares = 0, reached = 0;
  t.playable.forEach([&](Square sq) {
    ++squares;
    reached += t.reach(0, type, sq).count();
  });
  if (squares == 0 || reached == 0) return 100;
  // How much of the board the piece can ever get to (a Bishop: half of it).
  SquareSet seen;
  std::queue<Square> toVisit;
  Square first = kNoSquare;
  t.playable.forEach([&](Square sq) {
    if (first == kNoSquare) first = sq;
  });
  toVisit.push(first);
  seen.set(first);
  int connected = 1;
  while (!toVisit.empty()) {
    const Square sq = toVisit.front();
    toVisit.pop();
    t.reach(0, type, sq).forEach([&](Square next) {
      if (!seen.test(next)) {
        seen.set(next);
        ++connected;
        toVisit.push(next);
      }
    });
  }
  const double average = static_cast<double>(reached) / squares;
  const double share = static_cast<double>(connected) / squares;
  return static_cast<int>(70.0 * std::pow(average, 0.85) * (0.5 + 0.5 * share));
}

std::vector<int> meanValuesOnArrival(const Variant& v, const std::vector<int>& values) {
  const int types = static_cast<int>(v.pieces.size());
  std::vector<int> means(static_cast<std::size_t>(v.sides * types * kSquareSlots), -1);
  for (int side = 0; side < v.sides; ++side)
    for (int type = 0; type < types; ++type) {
      if (!v.changesWithColour[static_cast<std::size_t>(type)]) continue;
      v.tables->playable.forEach([&](Square sq) {
        int total = 0, count = 0;
        v.tables->reach(side, type, sq).forEach([&](Square to) {
          const int next = v.typeArrivingAt(type, to);
          if (next < 0) return;
          total += values[static_cast<std::size_t>(next)];
          ++count;
        });
        if (count) means[MaterialValues::arrivalIndex(side, type, sq, types)] = total / count;
      });
    }
  return means;
}

}  // namespace

std::shared_ptr<const MaterialValues> deriveMaterialValues(const Variant& v) {
  auto material = std::make_shared<MaterialValues>();
  for (int type = 0; type < static_cast<int>(v.pieces.size()); ++type)
    material->ofType.push_back(derivedValue(v, *v.tables, type));
  const Position start = startPosition(v);
  for (int s = 0; s < v.sides; ++s)
    start.occupied(s).forEach([&](Square sq) {
      const int type = pieceType(start.at(sq));
      if (!v.isPromotingType(type) && !v.pieces[static_cast<std::size_t>(type)].royal)
        material->startPieceMaterial += material->ofType[static_cast<std::size_t>(type)];
    });
  if (v.hasSquareColours()) material->meanValueOnArrival = meanValuesOnArrival(v, material->ofType);
  return material;
}

}  // namespace tessera
