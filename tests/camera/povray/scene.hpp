#pragma once
// One ray-traced scene of a printed board, as data: the position and how its pieces and laid paper
// stand on the sheet, the camera and its lens, the lights and what shades them, and what the
// camera's electronics do to the picture. makeScene draws every choice from the seed, within the
// board spec and the conditions of issue 70; pov_writer turns it into POV-Ray's scene language and
// truth_file into the ground truth beside the picture.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <opencv2/core.hpp>

#include "camera_model.hpp"
#include "core/observation/observation.hpp"
#include "core/rules/variant.hpp"

namespace tessera::povray {

// POV-Ray fades every light as 2 / (1 + (d / kFadeMm)^2): as 1/d^2 beyond a few times this distance.
constexpr double kFadeMm = 100;
// Paper reflects this much of the light falling on it (the sheet's white prints as 1.0).
constexpr double kPaperDiffuse = 0.8;

// The classes of scene issue 70 names, each one condition alone.
enum class Condition {
  Shadow,  // (a) soft shadows across part of the board: a person, a lamp's shade, bands and blobs
  Light,   // (b) a lamp close to one side (2:1 across the board), vignetting, white-balance shift
  Lens,    // (c) barrel and pincushion distortion, up to a wide lens (Pi Camera Module 3 Wide)
  Messy,   // (d) paper off its cell and turned, curled paper, pieces off centre, long piece shadows
  Plain,   // (e) plain and well lit
};
inline constexpr std::array kConditions = {Condition::Shadow, Condition::Light, Condition::Lens, Condition::Messy,
                                           Condition::Plain};
std::string_view conditionName(Condition c);  // "shadow", "light", "lens", "messy", "plain"
std::string_view conditionTitle(Condition c); // a line for the report
std::optional<Condition> parseCondition(std::string_view name);

enum class Stage { Start, Mid };  // the variant's start, or random legal play from it
std::string_view stageName(Stage s);
std::optional<Stage> parseStage(std::string_view name);

struct SceneSpec {
  unsigned seed = 0;
  std::string variant;
  Condition condition = Condition::Plain;
  Stage stage = Stage::Start;
};

// The full set: every condition with every variant (the six of the issue and the four-player
// Chameleon board), first all from the start, then all in mid-game, and round again; scene k's seed is k.
std::vector<SceneSpec> fullPlan(int count);
// CI's few: every condition, a mix of variants, small enough to render in about a minute.
std::vector<SceneSpec> ciPlan();

enum class PieceShape { Pawn, Knight, Bishop, Rook, Queen, King };
std::string_view shapeName(PieceShape s);
// The Staunton shape a piece type stands as: royal pieces as Kings, promoting ones as Pawns, the
// rest by letter; fairy pieces borrow a shape (the camera tells only light, dark and empty).
PieceShape shapeFor(const Variant& variant, int type);

struct StandingPiece {
  PieceShape shape = PieceShape::Pawn;
  bool light = true;
  cv::Point2d at;  // its centre on the board, in cells (a1's centre is 0.5, 0.5)
  double yawDeg = 0;
};

// A paper colour square, tile, anti-tile or sector card laid on the sheet.
struct LaidPaper {
  int files = 1;
  int ranks = 1;
  std::vector<Surface> cells;  // rank by rank from its lower left
  cv::Point2d centre;          // in cells
  double angleDeg = 0;
  double liftMm = 0;     // how far its curled part rises
  int liftedCorner = 0;  // 0-3 counter-clockwise from the lower left; the curl rises toward it
  double heightMm = 0.1; // above the sheet: neighbours lie at different heights, as if stacked
};

// How the board sheet lies: each corner's lift and a bow across the files or the ranks.
struct SheetCurl {
  std::array<double, 4> cornerLiftMm{};  // counter-clockwise from the sheet's lower left
  double bowMm = 0;
  bool bowAcrossFiles = true;
  bool flat() const;
  double heightAt(double u, double v) const;  // u, v: 0..1 across the sheet from its lower left
};

struct Light {
  std::string role;  // "key", "overhead", "bounce"
  cv::Vec3d position;
  double sizeMm = 0;            // the side of a square area light (a disc facing the board); 0: a point
  cv::Vec3d colour{1, 1, 1};    // linear RGB, the brightest channel 1
  double power = 1;             // POV-Ray's light colour is colour * power, faded as 1/d^2 beyond 10 cm
  bool castsShadows = true;
};

// A unit sphere, a cylinder from y = -1 to 1 of radius 1, or the cube -1..1, scaled by `half`
// along its own axes, turned so that they lie along axisX, axisY, axisZ, and moved to `centre`.
struct Solid {
  enum class Kind { Ellipsoid, Cylinder, Box };
  Kind kind = Kind::Ellipsoid;
  cv::Vec3d centre;
  cv::Vec3d half;
  cv::Vec3d axisX, axisY, axisZ;
};

// Something between the key light and the board that the camera does not see (POV-Ray's no_image).
struct Occluder {
  std::string kind;  // "person", "shade", "band", "blob"
  std::vector<Solid> solids;
  std::string description;  // for the ground truth
};

// What the camera's electronics do after the lens.
struct Develop {
  double vignetting = 0;             // light lost at the picture's corners, 0..1
  cv::Vec3d whiteBalance{1, 1, 1};   // linear gains, R G B
  double noiseSigma = 1;             // grey levels
  int jpegQuality = 95;
};

struct Scene {
  SceneSpec spec;
  std::string variantName;
  std::string position;
  int plies = 0;
  double cellMm = 40;
  cv::Rect2d sheet;  // the printed sheet in board cells: its lower left and size
  SheetCurl curl;
  Camera camera;
  double distanceMm = 0, tiltDeg = 0, azimuthDeg = 0, rollDeg = 0;
  double smallestMarkerPixels = 0;  // as the camera model projects them
  std::vector<Light> lights;
  std::vector<Occluder> occluders;
  double keyShare = 0;   // the key light's share of the light at the play area's centre
  double gradient = 1;   // brightest to darkest light over the play area, without shadows
  double pieceOffsetMax = 0, paperOffsetMax = 0, paperTurnMaxDeg = 0;  // the bounds drawn from
  std::vector<LaidPaper> papers;
  std::vector<StandingPiece> pieces;
  Develop develop;
  cv::Vec3d lightWood, darkWood, table;  // sRGB
};

// The sheet `tessera print` draws for a variant, in board cells, from its picture's size: the play
// area 2 cells from the left and top edges and 4 from the bottom (markers, a blank row, swatches).
// Throws std::invalid_argument when the size is not a whole number of cells.
cv::Rect2d sheetInCells(const Variant& variant, cv::Size sheetPixels);

Scene makeScene(const SceneSpec& spec, const Variant& variant, const cv::Rect2d& sheet, cv::Size image);

// Millimetres in POV-Ray's world of a point on the sheet's surface given in board cells: (x, y)
// lies at (x * cellMm, the sheet's height there, y * cellMm).
cv::Vec3d sheetPoint(double cellMm, const cv::Rect2d& sheet, const SheetCurl& curl, cv::Point2d cells);
cv::Vec3d boardToWorld(const Scene& scene, cv::Point2d cells);  // the scene's sheetPoint

}  // namespace tessera::povray
