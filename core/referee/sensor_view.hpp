#pragma once
// What each kind of sensor would report for a position: the referee compares a settled
// Observation with these views, and tests build their snapshots from them.
#include <optional>
#include <string_view>

#include "core/observation/observation.hpp"
#include "core/rules/position.hpp"

namespace tessera {

enum class SensorProfile {
  Camera,            // occupant side and surface
  Occupancy,         // a reed or hall switch per cell: occupied or empty, nothing else
  OccupancyAndSide,  // polarised magnets: occupied by a light or a dark piece, no surface
};

std::string_view sensorProfileName(SensorProfile p);
std::optional<SensorProfile> parseSensorProfile(std::string_view name);

// The surface a camera sees on a square: board colour, paper colour, tile, anti-tile or void.
Surface surfaceAt(const Position& pos, Square sq);
// Shifting Sands: the surface of the variant's paper colour `colour` (an index into its paperColours).
Surface paperColourSurface(const Variant& v, int colour);

// The occupant a camera sees: light or dark for two sides; with four sides the pieces are still
// only light or dark Staunton sets, so the view says occupied and leaves the side unknown.
Occupant occupantAt(const Position& pos, Square sq);

// Everything a camera could know, every cell with full confidence.
CellObservation fullView(const Position& pos, Square sq);

// The Observation a sensor of `profile` reports for `pos` when it reads every cell right.
Observation sensorView(const Position& pos, SensorProfile profile);

// Whether a cell the sensor reported can be the cell `truth` (fullView): unknown parts agree with
// anything, an occupied-of-unknown-side cell with either side.
bool cellAgrees(const CellObservation& seen, const CellObservation& truth);

}  // namespace tessera
