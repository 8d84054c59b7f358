#include "scene.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "core/rules/sectors.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "hardware/camera/simulation/random_play.hpp"

namespace tessera::povray {
namespace {

const std::vector<std::string> kPlanVariants = {"chess",          "desert-dust",    "chameleon-redux",   "tiled-squares",
                                                "shifting-chess", "shifting-sands", "chameleon-redux-4p"};

// Light colours, linear RGB with the brightest channel 1.
const cv::Vec3d kNeutral(1, 1, 1);
const cv::Vec3d kTungsten(1.0, 0.78, 0.55);
const cv::Vec3d kOvercast(0.86, 0.93, 1.0);

// The brightest paper on the sheet is exposed to this linear level (231 of 255 in sRGB), as an
// auto-exposure set for the paper would.
constexpr double kBrightestPaper = 0.8;
// Below this the markers are not read reliably (docs/camera.md); the framing avoids it.
constexpr double kSmallestMarkerPixels = 20;

class Dice {
 public:
  explicit Dice(unsigned seed) : rng_(seed) {}
  double uniform(double low, double high) { return std::uniform_real_distribution<double>(low, high)(rng_); }
  int integer(int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng_); }
  bool chance(double p) { return uniform(0, 1) < p; }
  std::mt19937& engine() { return rng_; }

 private:
  std::mt19937 rng_;
};

cv::Vec3d unit(const cv::Vec3d& v) { return v / cv::norm(v); }

// A point `distance` mm from `from`, `elevationDeg` above the horizon toward the compass direction `azimuthDeg`.
cv::Vec3d seenFrom(const cv::Vec3d& from, double elevationDeg, double azimuthDeg, double distance) {
  const double e = elevationDeg * CV_PI / 180, a = azimuthDeg * CV_PI / 180;
  return from + distance * cv::Vec3d(std::cos(e) * std::cos(a), std::sin(e), std::cos(e) * std::sin(a));
}

// Light falling on the board (normal +y) at `at` from a light of unit power, as POV-Ray shades a
// diffuse surface: fade times the cosine of incidence.
double irradiance(const Light& light, const cv::Vec3d& at) {
  const cv::Vec3d to = light.position - at;
  const double d = cv::norm(to);
  const double cosine = to[1] / d;
  if (cosine <= 0) return 0;
  return 2.0 / (1.0 + (d / kFadeMm) * (d / kFadeMm)) * cosine;
}

cv::Vec3d lightAt(const std::vector<Light>& lights, const cv::Vec3d& at) {
  cv::Vec3d sum(0, 0, 0);
  for (const Light& l : lights) sum += l.colour * (l.power * irradiance(l, at));
  return sum;
}

double luminance(const cv::Vec3d& rgb) { return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]; }

// Points spread over a rectangle of the board (in cells), in the world.
std::vector<cv::Vec3d> gridOver(const Scene& scene, const cv::Rect2d& cells, int steps) {
  std::vector<cv::Vec3d> points;
  for (int i = 0; i <= steps; ++i)
    for (int j = 0; j <= steps; ++j)
      points.push_back(boardToWorld(scene, {cells.x + cells.width * i / steps, cells.y + cells.height * j / steps}));
  return points;
}

// Powers such that each light gives its share of the light at `centre`.
void shareOut(std::vector<Light>& lights, const std::vector<double>& shares, const cv::Vec3d& centre) {
  for (std::size_t i = 0; i < lights.size(); ++i) lights[i].power = shares[i] / irradiance(lights[i], centre);
}

// Brightest to darkest light over the play area.
double gradientOver(const std::vector<Light>& lights, const std::vector<cv::Vec3d>& playArea) {
  double brightest = 0, darkest = 1e300;
  for (const cv::Vec3d& p : playArea) {
    const double l = luminance(lightAt(lights, p));
    brightest = std::max(brightest, l);
    darkest = std::min(darkest, l);
  }
  return brightest / darkest;
}

cv::Vec3d randomTone(Dice& dice, const cv::Vec3d& low, const cv::Vec3d& high) {
  return {dice.uniform(low[0], high[0]), dice.uniform(low[1], high[1]), dice.uniform(low[2], high[2])};
}

cv::Point2d randomOffset(Dice& dice, double largest) {
  const double angle = dice.uniform(0, 2 * CV_PI), radius = dice.uniform(0, largest);
  return {radius * std::cos(angle), radius * std::sin(angle)};
}

Lens chooseLens(Condition condition, Dice& dice, int imageWidth) {
  if (condition != Condition::Lens) return lensWithField("standard", dice.uniform(62, 72), 0, 0, imageWidth);
  // k2 >= 0.6 k1^2 keeps the barrel lenses bending the same way out to any radius (Lens::monotonic).
  switch (dice.integer(0, 2)) {
    case 0: {
      const double k1 = dice.uniform(-0.12, -0.04);
      return lensWithField("mild barrel", dice.uniform(60, 75), k1, 0.6 * k1 * k1, imageWidth);
    }
    case 1: {
      const double k1 = dice.uniform(-0.32, -0.2);
      return lensWithField("wide (Pi Camera Module 3 Wide, 102 degrees)", 102, k1, 0.6 * k1 * k1, imageWidth);
    }
    default: return lensWithField("pincushion", dice.uniform(50, 65), dice.uniform(0.04, 0.12), 0, imageWidth);
  }
}

// Frames the sheet: a random pose within the spec (30 degrees of tilt at most, any turn), the
// camera 40-100 cm from its aim and the cell 25-60 mm, the sheet filling 80-95% of what fits in the
// picture, the markers at least kSmallestMarkerPixels across.
void frameTheSheet(Scene& scene, const camera::BoardLayout& layout, Dice& dice, cv::Size image) {
  const Lens lens = chooseLens(scene.spec.condition, dice, image.width);
  const cv::Rect2d& sheet = scene.sheet;
  for (int attempt = 0;; ++attempt) {
    if (attempt == 200) throw std::runtime_error("no camera pose within the spec frames the sheet");
    const double tilt = dice.uniform(0, 30), azimuth = dice.uniform(0, 360), roll = dice.uniform(0, 360);
    const cv::Point2d aim(sheet.x + sheet.width * dice.uniform(0.46, 0.54), sheet.y + sheet.height * dice.uniform(0.46, 0.54));
    // With the cell as the unit, the picture depends only on the distance in cells.
    const auto cameraAt = [&](double cellMm, double distanceMm) {
      return cameraAimedAt(cv::Vec3d(aim.x * cellMm, 0, aim.y * cellMm), distanceMm, tilt, azimuth, roll, lens, image);
    };
    const double margin = 0.04 * image.height;
    const auto fits = [&](double distanceInCells) {
      const Camera c = cameraAt(1, distanceInCells);
      for (const cv::Point2d corner : {sheet.tl(), cv::Point2d(sheet.br().x, sheet.y), sheet.br(),
                                       cv::Point2d(sheet.x, sheet.br().y)}) {
        const auto p = c.project(cv::Vec3d(corner.x, 0, corner.y));
        if (!p || p->x < margin || p->y < margin || p->x > image.width - 1 - margin || p->y > image.height - 1 - margin)
          return false;
      }
      return true;
    };
    double near = 1, far = 400;
    if (!fits(far)) continue;
    for (int i = 0; i < 50; ++i) {
      const double mid = (near + far) / 2;
      (fits(mid) ? far : near) = mid;
    }
    const double inCells = far / dice.uniform(0.80, 0.95);
    const double smallestCell = std::max(25.0, 400.0 / inCells), largestCell = std::min(60.0, 1000.0 / inCells);
    if (smallestCell > largestCell && 1000.0 / inCells < 25.0) continue;  // too far even with the smallest cells
    const double cellMm = smallestCell > largestCell ? 60.0 : dice.uniform(smallestCell, largestCell);
    const double distanceMm = std::max(400.0, inCells * cellMm);
    const Camera camera = cameraAt(cellMm, distanceMm);
    double smallest = 1e9;
    for (int id = 0; id < camera::BoardLayout::kMarkerCount; ++id) {
      const auto corners = layout.markerCorners(id);
      for (std::size_t i = 0; i < 4; ++i) {
        const auto a = camera.project(cv::Vec3d(corners[i].x * cellMm, 0, corners[i].y * cellMm));
        const auto b = camera.project(cv::Vec3d(corners[(i + 1) % 4].x * cellMm, 0, corners[(i + 1) % 4].y * cellMm));
        smallest = std::min(smallest, cv::norm(*a - *b));
      }
    }
    if (smallest < kSmallestMarkerPixels) continue;
    scene.camera = camera;
    scene.cellMm = cellMm;
    scene.distanceMm = distanceMm;
    scene.tiltDeg = tilt;
    scene.azimuthDeg = azimuth;
    scene.rollDeg = roll;
    scene.smallestMarkerPixels = smallest;
    return;
  }
}

void placePieces(Scene& scene, const Variant& variant, const Position& pos, Dice& dice) {
  for (int r = 0; r < variant.size.ranks; ++r)
    for (int f = 0; f < variant.size.files; ++f) {
      const PieceCode p = pos.at(makeSquare(f, r));
      if (!p) continue;
      StandingPiece piece;
      piece.shape = shapeFor(variant, pieceType(p));
      // Four players play with two Staunton sets, as the project's own renderer draws them.
      piece.light = variant.sides == 2 ? pieceSide(p) == 0 : pieceSide(p) % 2 == 0;
      piece.at = cv::Point2d(f + 0.5, r + 0.5) + randomOffset(dice, scene.pieceOffsetMax);
      piece.yawDeg = dice.uniform(0, 360);
      scene.pieces.push_back(piece);
    }
}

// Paper on the sheet wherever the position's surface is not what the sheet prints: colour squares,
// tiles and anti-tiles one cell each, Shifting Chess's sectors as 2x2 cards.
void layPaper(Scene& scene, const Variant& variant, const Position& pos, Dice& dice) {
  const bool messy = scene.spec.condition == Condition::Messy;
  const auto lay = [&](int file, int rank, int files, int ranks, std::vector<Surface> cells) {
    LaidPaper paper;
    paper.files = files;
    paper.ranks = ranks;
    paper.cells = std::move(cells);
    paper.centre = cv::Point2d(file + files / 2.0, rank + ranks / 2.0) + randomOffset(dice, scene.paperOffsetMax);
    paper.angleDeg = dice.uniform(-scene.paperTurnMaxDeg, scene.paperTurnMaxDeg);
    if (messy) {
      paper.liftMm = dice.uniform(0, files == 1 ? 2.0 : 3.0);
      paper.liftedCorner = dice.integer(0, 3);
    }
    // Four heights in a checker of 2x2 blocks: two pieces that overlap never lie at the same height.
    const int column = file / files, row = rank / ranks;
    paper.heightMm = 0.1 + 0.05 * ((column % 2) + 2 * (row % 2));
    scene.papers.push_back(paper);
  };
  if (variant.hasSectors()) {
    for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
      if (!(pos.sectorSlots() >> slot & 1)) continue;
      std::vector<Surface> cells;
      for (const Square sq : slotSquares(slot)) cells.push_back(surfaceAt(pos, sq));
      lay(2 * slotColumn(slot), 2 * slotRow(slot), 2, 2, cells);
    }
    return;
  }
  const std::vector<Surface> printed = camera::printedCells(variant);
  for (int r = 0; r < variant.size.ranks; ++r)
    for (int f = 0; f < variant.size.files; ++f) {
      const Surface s = surfaceAt(pos, makeSquare(f, r));
      if (s != printed[static_cast<std::size_t>(r * variant.size.files + f)]) lay(f, r, 1, 1, {s});
    }
}

// Solids square to the light's way, for shadows that fall on a chosen point of the board.
struct LightWay {
  cv::Vec3d onBoard;  // the point the shadow falls on
  cv::Vec3d toLight;  // unit vector from it toward the key light's centre
  double lightDistance;
  cv::Vec3d across;   // horizontal, square to toLight
  cv::Vec3d point(double t) const { return onBoard + toLight * t; }
  // The shadow edge's width on the board of an edge t mm up the way, for a light `size` across.
  double penumbra(double t, double size) const { return size * t / (lightDistance - t); }
};

LightWay wayFrom(const Scene& scene, const Light& key, Dice& dice, const Variant& variant) {
  LightWay way;
  way.onBoard = boardToWorld(scene, {dice.uniform(0.15, 0.85) * variant.size.files, dice.uniform(0.15, 0.85) * variant.size.ranks});
  const cv::Vec3d to = key.position - way.onBoard;
  way.lightDistance = cv::norm(to);
  way.toLight = to / way.lightDistance;
  way.across = unit(way.toLight.cross(cv::Vec3d(0, 1, 0)));
  return way;
}

std::string squareNear(const Scene& scene, const cv::Vec3d& world) {
  const int file = static_cast<int>(std::floor(world[0] / scene.cellMm));
  const int rank = static_cast<int>(std::floor(world[2] / scene.cellMm));
  return std::string(1, static_cast<char>('a' + file)) + std::to_string(rank + 1);
}

std::string millimetres(double mm) { return std::to_string(static_cast<int>(std::lround(mm))) + " mm"; }

// How far up the light's way a solid reaching `below` mm under its centre passes over every piece.
double lowestT(const LightWay& way, double below) { return (below + 120.0) / way.toLight[1]; }

// How far up the light's way a solid `radius` mm across its middle may be and still hide the whole
// light from the way's point on the board (an umbra), with room: it looks half as wide again as the light.
double highestUmbraT(const LightWay& way, double radius, double lightSize) {
  return radius * way.lightDistance / (0.75 * lightSize);
}

// A distance up the light's way for a solid of `radius`: over the pieces, under 60% of the way to
// the light, and near enough the board to cast an umbra if it can.
double placeUpTheWay(const LightWay& way, double radius, double lightSize, Dice& dice) {
  const double low = lowestT(way, radius);
  const double high = std::min(0.6 * way.lightDistance, highestUmbraT(way, radius, lightSize));
  return high > low ? dice.uniform(low, high) : low;
}

Occluder person(const Scene& scene, const Light& key, const LightWay& way, Dice& dice) {
  const cv::Vec3d half(230, 300, 130);  // shoulders, chest and head
  double t = dice.uniform(450, 800) / way.toLight[1];
  t = std::min(t, way.lightDistance - 400);
  // The body's side on the way: its shadow's edge falls near the way's point.
  const double side = dice.chance(0.5) ? 1 : -1;
  const cv::Vec3d centre = way.point(t) + way.across * (side * half[0] * dice.uniform(0.85, 1.15));
  const cv::Vec3d vertical(0, 1, 0), depth = unit(way.across.cross(vertical));
  Occluder o;
  o.kind = "person";
  o.solids.push_back({Solid::Kind::Ellipsoid, centre, half, way.across, vertical, depth});
  o.solids.push_back({Solid::Kind::Ellipsoid, centre + vertical * 390, cv::Vec3d(95, 115, 105), way.across, vertical, depth});
  o.description = "a person beside the table, " + millimetres(centre[1]) + " up; the shadow's edge near " +
                  squareNear(scene, way.onBoard) + ", soft over " + millimetres(way.penumbra(t, key.sizeMm));
  return o;
}

Occluder shade(const Scene& scene, const Light& key, const LightWay& way, Dice& dice) {
  // The rim of a lamp's shade: a level sheet between a quarter and half the way to the lamp (an
  // edge soft over a third to the whole of the lamp's width), its straight edge across the way at
  // an angle to the board's edges, on one side of it or the other. Level, it never reaches down
  // toward the board.
  const double t = dice.uniform(0.25, 0.5) * way.lightDistance;
  const cv::Vec3d half(350, 3, 350);
  const double swing = dice.uniform(-60, 60) * CV_PI / 180;
  const cv::Vec3d horizontalToLight = unit(cv::Vec3d(way.toLight[0], 0, way.toLight[2]));
  const cv::Vec3d edge = std::cos(swing) * way.across + std::sin(swing) * horizontalToLight;
  const cv::Vec3d vertical(0, 1, 0);
  const cv::Vec3d away = (dice.chance(0.5) ? 1.0 : -1.0) * unit(vertical.cross(edge));
  const cv::Vec3d centre = way.point(t) + away * (half[0] + dice.uniform(-20, 20));
  Occluder o;
  o.kind = "shade";
  o.solids.push_back({Solid::Kind::Box, centre, half, away, vertical, unit(away.cross(vertical))});
  o.description = "a lamp's shade off to one side, " + millimetres(centre[1]) + " up; the shadow's edge near " +
                  squareNear(scene, way.onBoard) + ", soft over " + millimetres(way.penumbra(t, key.sizeMm));
  return o;
}

Occluder band(const Scene& scene, const Light& key, const LightWay& way, Dice& dice) {
  const double radius = dice.uniform(12, 45);
  const double t = placeUpTheWay(way, radius, key.sizeMm, dice);
  // A horizontal rod through the way, at an angle to the board's edges.
  const double swing = dice.uniform(-50, 50) * CV_PI / 180;
  const cv::Vec3d horizontalToLight = unit(cv::Vec3d(way.toLight[0], 0, way.toLight[2]));
  const cv::Vec3d axis = std::cos(swing) * way.across + std::sin(swing) * horizontalToLight;
  const cv::Vec3d vertical(0, 1, 0);
  Occluder o;
  o.kind = "band";
  o.solids.push_back({Solid::Kind::Cylinder, way.point(t), cv::Vec3d(radius, 1500, radius), unit(vertical.cross(axis)),
                      axis, vertical});
  o.description = "a band " + millimetres(2 * radius * way.lightDistance / (way.lightDistance - t)) + " wide across " +
                  squareNear(scene, way.onBoard) + ", soft over " + millimetres(way.penumbra(t, key.sizeMm));
  return o;
}

Occluder blob(const Scene& scene, const Light& key, const LightWay& way, Dice& dice) {
  const double radius = dice.uniform(40, 150);
  const double t = placeUpTheWay(way, radius, key.sizeMm, dice);
  const double yaw = dice.uniform(0, 2 * CV_PI);
  const cv::Vec3d x(std::cos(yaw), 0, std::sin(yaw)), y(0, 1, 0);
  Occluder o;
  o.kind = "blob";
  o.solids.push_back({Solid::Kind::Ellipsoid, way.point(t),
                      cv::Vec3d(radius, radius * dice.uniform(0.6, 1.0), radius * dice.uniform(0.6, 1.2)), x, y,
                      x.cross(y)});
  o.description = "a blob about " + millimetres(2 * radius * way.lightDistance / (way.lightDistance - t)) + " across on " +
                  squareNear(scene, way.onBoard) + ", soft over " + millimetres(way.penumbra(t, key.sizeMm));
  return o;
}

void lightTheScene(Scene& scene, const Variant& variant, Dice& dice) {
  const Condition condition = scene.spec.condition;
  const cv::Rect2d playCells(0, 0, variant.size.files, variant.size.ranks);
  const cv::Vec3d centre = boardToWorld(scene, {variant.size.files / 2.0, variant.size.ranks / 2.0});

  // What casts the shadows is chosen first: a person needs a high, distant lamp behind them.
  enum Kind { Person, Shade, Bands, Blobs };
  std::vector<Kind> kinds;
  if (condition == Condition::Shadow) {
    kinds.push_back(static_cast<Kind>(dice.integer(0, 3)));
    if (dice.chance(0.4)) {
      Kind second = static_cast<Kind>(dice.integer(0, 3));
      if (second != kinds[0]) kinds.push_back(second);
    }
  }
  const auto has = [&](Kind k) { return std::find(kinds.begin(), kinds.end(), k) != kinds.end(); };
  const bool withPerson = has(Person);

  Light key{"key", {}, 0, kNeutral, 1, true};
  double keyShare = 0.5, bounceShare = 0.12;
  switch (condition) {
    case Condition::Shadow:
      key.position = seenFrom(centre, withPerson ? dice.uniform(45, 70) : dice.uniform(35, 65), dice.uniform(0, 360),
                              withPerson ? dice.uniform(1800, 2800) : dice.uniform(1600, 2600));
      // Small solids hide a small lamp wholly; a person or a shade, a large one.
      key.sizeMm = has(Person) || has(Shade) ? dice.uniform(150, 500) : dice.uniform(60, 250);
      // Where the key light is hidden, the picture is 25-50% darker than beside it, in its values
      // (sRGB, as the project's renderer counts it): 1 - share = 0.75^2.2 .. 0.5^2.2 of the light.
      keyShare = dice.uniform(1 - std::pow(0.75, 2.2), 1 - std::pow(0.5, 2.2));
      bounceShare = dice.uniform(0.08, 0.12);
      break;
    case Condition::Light:
      key.role = "key (a desk lamp)";
      key.sizeMm = dice.uniform(60, 150);
      key.colour = dice.chance(0.5) ? kTungsten : dice.chance(0.5) ? kOvercast : kNeutral;
      keyShare = dice.uniform(0.75, 0.85);
      bounceShare = 0.08;
      break;
    case Condition::Messy:
      // Low, for long piece shadows, and far, for even light.
      key.position = seenFrom(centre, dice.uniform(25, 40), dice.uniform(0, 360), dice.uniform(2200, 3000));
      key.sizeMm = dice.uniform(40, 150);
      keyShare = dice.uniform(0.55, 0.7);
      bounceShare = 0.1;
      break;
    case Condition::Lens:
    case Condition::Plain:
      key.position = seenFrom(centre, dice.uniform(55, 80), dice.uniform(0, 360), dice.uniform(1500, 2500));
      key.sizeMm = dice.uniform(300, 600);
      keyShare = dice.uniform(0.45, 0.6);
      bounceShare = dice.uniform(0.12, 0.2);
      break;
  }
  const cv::Vec3d ambientColour = condition == Condition::Light && dice.chance(0.5) ? kOvercast : kNeutral;
  const Light overhead{"overhead",
                       centre + cv::Vec3d(dice.uniform(-600, 600), dice.uniform(2000, 2600), dice.uniform(-600, 600)),
                       dice.uniform(800, 1200), ambientColour, 1, true};
  const Light bounce{"bounce (room light, no shadows)",
                     centre + cv::Vec3d(dice.uniform(-1500, 1500), dice.uniform(1200, 1800), dice.uniform(-1500, 1500)),
                     0, ambientColour, 1, false};
  const std::vector<double> shares = {keyShare, 1 - keyShare - bounceShare, bounceShare};
  std::vector<Light> lights = {key, overhead, bounce};
  const std::vector<cv::Vec3d> playArea = gridOver(scene, playCells, 8);

  if (condition == Condition::Light) {
    // A lamp low over one side of the board or beside it, placed where the light across the play
    // area falls closest to the drawn ratio (about 2:1).
    const double target = dice.uniform(1.8, 2.3);
    // Low enough for the light to fall by half across a board of this size.
    const double diagonal = 2 * cv::norm(boardToWorld(scene, {0, 0}) - centre);
    const double height = std::clamp(dice.uniform(0.7, 1.5) * diagonal, 200.0, 800.0);
    const double azimuth = dice.uniform(0, 2 * CV_PI);
    const auto placeLamp = [&](double away) {
      lights[0].position = centre + cv::Vec3d(away * std::cos(azimuth), height, away * std::sin(azimuth));
      shareOut(lights, shares, centre);
      return gradientOver(lights, playArea);
    };
    double best = 0;
    for (double away = 0; away <= 3000; away += 10)
      if (std::abs(placeLamp(away) - target) < std::abs(placeLamp(best) - target)) best = away;
    placeLamp(best);
  }
  shareOut(lights, shares, centre);
  scene.keyShare = keyShare;
  scene.gradient = gradientOver(lights, playArea);

  // Exposure: the brightest paper anywhere on the sheet at kBrightestPaper.
  double brightest = 0;
  for (const cv::Vec3d& p : gridOver(scene, scene.sheet, 12)) {
    const cv::Vec3d l = lightAt(lights, p);
    brightest = std::max({brightest, l[0], l[1], l[2]});
  }
  for (Light& l : lights) l.power *= kBrightestPaper / (kPaperDiffuse * brightest);
  scene.lights = lights;

  for (const Kind kind : kinds) {
    switch (kind) {
      case Person: scene.occluders.push_back(person(scene, lights[0], wayFrom(scene, lights[0], dice, variant), dice)); break;
      case Shade: scene.occluders.push_back(shade(scene, lights[0], wayFrom(scene, lights[0], dice, variant), dice)); break;
      case Bands:
        for (int i = dice.integer(1, 3); i > 0; --i)
          scene.occluders.push_back(band(scene, lights[0], wayFrom(scene, lights[0], dice, variant), dice));
        break;
      case Blobs:
        for (int i = dice.integer(1, 3); i > 0; --i)
          scene.occluders.push_back(blob(scene, lights[0], wayFrom(scene, lights[0], dice, variant), dice));
        break;
    }
  }
}

void chooseDevelop(Scene& scene, Dice& dice) {
  Develop& d = scene.develop;
  switch (scene.spec.condition) {
    case Condition::Plain:
      d = {dice.uniform(0.03, 0.08), {1, 1, 1}, 1.0, 95};
      break;
    case Condition::Light: {
      // A white balance set for another light: warm, cool, green or magenta, half to full strength.
      static const std::array<cv::Vec3d, 4> casts = {cv::Vec3d(1.0, 0.88, 0.66), cv::Vec3d(0.74, 0.87, 1.0),
                                                     cv::Vec3d(0.86, 1.0, 0.8), cv::Vec3d(1.0, 0.8, 0.95)};
      const cv::Vec3d cast = casts[static_cast<std::size_t>(dice.integer(0, 3))];
      const double strength = dice.uniform(0.5, 1.0);
      d = {dice.uniform(0.25, 0.45), cv::Vec3d(1, 1, 1) + strength * (cast - cv::Vec3d(1, 1, 1)), 2.0, 88};
      break;
    }
    default:
      d = {dice.uniform(0.04, 0.1), {1, 1, 1}, 1.5, 92};
      break;
  }
}

}  // namespace

std::string_view conditionName(Condition c) {
  switch (c) {
    case Condition::Shadow: return "shadow";
    case Condition::Light: return "light";
    case Condition::Lens: return "lens";
    case Condition::Messy: return "messy";
    case Condition::Plain: return "plain";
  }
  return "?";
}

std::string_view conditionTitle(Condition c) {
  switch (c) {
    case Condition::Shadow:
      return "(a) shadow: soft shadows across part of the board (a person, a lamp's shade, bands, blobs), 25-50% darker";
    case Condition::Light:
      return "(b) light: a lamp low beside the board (about 2:1 across it), vignetting, white-balance shift";
    case Condition::Lens: return "(c) lens: barrel and pincushion distortion, up to the Pi Camera Module 3 Wide";
    case Condition::Messy:
      return "(d) messy: paper up to 15% of a cell off and 10 degrees turned, curled; pieces up to 20% off centre; "
             "long piece shadows";
    case Condition::Plain: return "(e) plain, well lit";
  }
  return "?";
}

std::optional<Condition> parseCondition(std::string_view name) {
  for (const Condition c : kConditions)
    if (conditionName(c) == name) return c;
  return std::nullopt;
}

std::string_view stageName(Stage s) { return s == Stage::Start ? "start" : "mid"; }

std::optional<Stage> parseStage(std::string_view name) {
  if (name == "start") return Stage::Start;
  if (name == "mid") return Stage::Mid;
  return std::nullopt;
}

std::vector<SceneSpec> fullPlan(int count) {
  // In 70 scenes every condition meets every variant once from the start and once in mid-game.
  const int conditions = static_cast<int>(kConditions.size()), variants = static_cast<int>(kPlanVariants.size());
  std::vector<SceneSpec> plan;
  for (int k = 0; k < count; ++k) {
    SceneSpec s;
    s.seed = static_cast<unsigned>(k);
    s.condition = kConditions[static_cast<std::size_t>(k % conditions)];
    s.variant = kPlanVariants[static_cast<std::size_t>((k / conditions) % variants)];
    s.stage = ((k / conditions) % variants + k / (conditions * variants)) % 2 == 0 ? Stage::Start : Stage::Mid;
    plan.push_back(s);
  }
  return plan;
}

std::vector<SceneSpec> ciPlan() {
  return {
      {1001, "chess", Condition::Plain, Stage::Start},
      {1002, "tiled-squares", Condition::Plain, Stage::Mid},
      {1003, "shifting-sands", Condition::Shadow, Stage::Mid},
      {1004, "chameleon-redux", Condition::Light, Stage::Start},
      {1005, "shifting-chess", Condition::Lens, Stage::Mid},
      {1006, "tiled-squares", Condition::Messy, Stage::Mid},
      {1007, "chess", Condition::Shadow, Stage::Start},
  };
}

std::string_view shapeName(PieceShape s) {
  switch (s) {
    case PieceShape::Pawn: return "Pawn";
    case PieceShape::Knight: return "Knight";
    case PieceShape::Bishop: return "Bishop";
    case PieceShape::Rook: return "Rook";
    case PieceShape::Queen: return "Queen";
    case PieceShape::King: return "King";
  }
  return "?";
}

PieceShape shapeFor(const Variant& variant, int type) {
  const PieceType& t = variant.pieces[static_cast<std::size_t>(type)];
  if (t.royal) return PieceShape::King;
  if (variant.promoting[static_cast<std::size_t>(type)]) return PieceShape::Pawn;
  switch (t.letter) {
    case 'N': return PieceShape::Knight;
    case 'B': return PieceShape::Bishop;
    case 'R': return PieceShape::Rook;
    case 'Q': return PieceShape::Queen;
    default: break;
  }
  static constexpr std::array kBorrowed = {PieceShape::Knight, PieceShape::Bishop, PieceShape::Rook, PieceShape::Queen};
  return kBorrowed[static_cast<std::size_t>(t.letter) % kBorrowed.size()];
}

bool SheetCurl::flat() const {
  return bowMm == 0 && std::all_of(cornerLiftMm.begin(), cornerLiftMm.end(), [](double l) { return l == 0; });
}

double SheetCurl::heightAt(double u, double v) const {
  static constexpr std::array<std::array<double, 2>, 4> kCorners = {{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
  double h = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    // A corner rises over the nearest third of the sheet, smoothly.
    const double reach = std::max(0.0, 1.0 - std::hypot(u - kCorners[k][0], v - kCorners[k][1]) / 0.35);
    h += cornerLiftMm[k] * reach * reach;
  }
  const double across = bowAcrossFiles ? 2 * u - 1 : 2 * v - 1;
  return h + bowMm * across * across;
}

cv::Rect2d sheetInCells(const Variant& variant, cv::Size sheetPixels) {
  const int rows = variant.size.ranks + 6;
  if (sheetPixels.height % rows != 0)
    throw std::invalid_argument("the sheet's height is not " + std::to_string(rows) + " whole cells: another variant's sheet?");
  const int perCell = sheetPixels.height / rows;
  if (sheetPixels.width % perCell != 0) throw std::invalid_argument("the sheet's width is not whole cells");
  return {-2.0, -4.0, static_cast<double>(sheetPixels.width / perCell), static_cast<double>(rows)};
}

cv::Vec3d sheetPoint(double cellMm, const cv::Rect2d& sheet, const SheetCurl& curl, cv::Point2d cells) {
  const double height = curl.heightAt((cells.x - sheet.x) / sheet.width, (cells.y - sheet.y) / sheet.height);
  return {cells.x * cellMm, height, cells.y * cellMm};
}

cv::Vec3d boardToWorld(const Scene& scene, cv::Point2d cells) {
  return sheetPoint(scene.cellMm, scene.sheet, scene.curl, cells);
}

Scene makeScene(const SceneSpec& spec, const Variant& variant, const cv::Rect2d& sheet, cv::Size image) {
  Dice dice(spec.seed);
  Scene scene;
  scene.spec = spec;
  scene.variantName = variant.name;
  scene.sheet = sheet;

  Position pos = startPosition(variant);
  if (spec.stage == Stage::Mid)
    scene.plies = static_cast<int>(scene::playRandomly(pos, dice.integer(12, 40), dice.engine()).size());
  scene.position = positionString(pos);

  const bool messy = spec.condition == Condition::Messy;
  scene.pieceOffsetMax = messy ? 0.20 : 0.05;
  scene.paperOffsetMax = messy ? 0.15 : 0.03;
  scene.paperTurnMaxDeg = messy ? 10 : 2;
  if (messy) {
    for (double& lift : scene.curl.cornerLiftMm) lift = dice.chance(0.6) ? dice.uniform(0, 6) : 0;
    scene.curl.bowMm = dice.uniform(0, 4);
    scene.curl.bowAcrossFiles = dice.chance(0.5);
  }

  frameTheSheet(scene, camera::layoutForVariant(variant), dice, image);
  placePieces(scene, variant, pos, dice);
  layPaper(scene, variant, pos, dice);
  lightTheScene(scene, variant, dice);
  chooseDevelop(scene, dice);
  scene.lightWood = randomTone(dice, {0.88, 0.74, 0.50}, {0.95, 0.84, 0.64});
  scene.darkWood = randomTone(dice, {0.11, 0.08, 0.06}, {0.22, 0.14, 0.10});
  static const std::array<cv::Vec3d, 5> tables = {cv::Vec3d(0.55, 0.38, 0.22), cv::Vec3d(0.32, 0.20, 0.12),
                                                  cv::Vec3d(0.50, 0.50, 0.50), cv::Vec3d(0.15, 0.35, 0.20),
                                                  cv::Vec3d(0.72, 0.71, 0.68)};
  scene.table = tables[static_cast<std::size_t>(dice.integer(0, static_cast<int>(tables.size()) - 1))];
  return scene;
}

}  // namespace tessera::povray
