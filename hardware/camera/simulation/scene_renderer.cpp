#include "scene_renderer.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/aruco.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/sectors.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::scene {

namespace {

constexpr double kPi = 3.14159265358979323846;

cv::Scalar hex(unsigned rgb) { return cv::Scalar(rgb & 0xFF, (rgb >> 8) & 0xFF, (rgb >> 16) & 0xFF); }

// The reference colours of the spec's surface table.
cv::Scalar printedColour(Surface s) {
  switch (s) {
    case Surface::LightSquare: return hex(0xEED8B0);
    case Surface::DarkSquare: return hex(0xB07D4F);
    case Surface::Yellow: return hex(0xF2C811);
    case Surface::Purple: return hex(0x7A3E9D);
    case Surface::Red: return hex(0xD32F2F);
    case Surface::LightBlue: return hex(0x6EC6F0);
    case Surface::DarkGreen: return hex(0x1B5E20);
    case Surface::Blue: return hex(0x1F3FBF);
    case Surface::Green: return hex(0x2E9B3E);
    case Surface::Void: return hex(0x7F7F7F);
    case Surface::AntiTile: return hex(0x141414);
    default: return hex(0xFF00FF);
  }
}

// The swatch strip of the spec, and of the Chameleon board (its four colours replace the six
// paper colours).
std::vector<Surface> swatchStrip(const Variant& v) {
  if (v.hasSquareColours())
    return {Surface::LightSquare, Surface::DarkSquare, Surface::Red,  Surface::Blue,
            Surface::Green,       Surface::Yellow,     Surface::Void, Surface::AntiTile};
  return {Surface::LightSquare, Surface::DarkSquare, Surface::Yellow, Surface::Purple, Surface::Red,
          Surface::LightBlue,   Surface::DarkGreen,  Surface::Blue,   Surface::Void,   Surface::AntiTile};
}

double uniform(std::mt19937& rng, double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); }

cv::Point2d project(const cv::Matx33d& h, cv::Point2d p) {
  const cv::Vec3d q = h * cv::Vec3d(p.x, p.y, 1);
  return {q[0] / q[2], q[1] / q[2]};
}

}  // namespace

double sheetCells(const Variant& v) {
  return std::max({v.size.files + 4.0, swatchStrip(v).size() + 3.0, v.size.ranks + 6.0});
}

SceneStyle randomStyle(std::mt19937& rng, cv::Size imageSize, double sheetCells, bool hard) {
  SceneStyle s;
  s.imageSize = imageSize;
  // The sheet must fit a webcam's field of view (about 55 degrees): a big board needs distance.
  s.cellMm = uniform(rng, 25, std::max(25.0, std::min(60.0, 0.95 * 1000 / sheetCells)));
  s.distanceMm = uniform(rng, std::max(400.0, s.cellMm * sheetCells / 0.95), 1000);
  s.tiltDeg = uniform(rng, 0, hard ? 30 : 15);
  s.azimuthDeg = uniform(rng, 0, 360);
  s.rollDeg = uniform(rng, 0, 360);
  s.fill = uniform(rng, hard ? 0.7 : 0.8, 0.95);
  s.centreShift = {uniform(rng, -1, 1), uniform(rng, -1, 1)};
  s.lightGain = uniform(rng, hard ? 0.55 : 0.75, 1.1);
  const double warmth = uniform(rng, hard ? -1 : -0.4, hard ? 1 : 0.4);  // -1 cool daylight .. 1 tungsten
  s.lightTint = warmth > 0 ? cv::Vec3d(1 - 0.45 * warmth, 1 - 0.15 * warmth, 1) : cv::Vec3d(1, 1 + 0.05 * warmth, 1 + 0.2 * warmth);
  const double g = hard ? 0.35 : 0.15;
  s.lightGradient = {uniform(rng, -g, g), uniform(rng, -g, g)};
  s.spotCentre = {uniform(rng, 0.2, 0.8), uniform(rng, 0.2, 0.8)};
  s.spotStrength = uniform(rng, 0, hard ? 0.35 : 0.15);
  const double shadowAngle = uniform(rng, 0, 2 * kPi);
  const double shadowLength = uniform(rng, 0.03, 0.08);
  s.shadowOffset = {shadowLength * std::cos(shadowAngle), shadowLength * std::sin(shadowAngle)};
  s.blurSigma = uniform(rng, 0.3, hard ? 1.4 : 0.9);
  s.noiseSigma = uniform(rng, 1, hard ? 6 : 3);
  s.jpegQuality = static_cast<int>(uniform(rng, hard ? 55 : 75, 95));
  s.pieceRadius = uniform(rng, 0.34, 0.41);
  s.topRadius = uniform(rng, 0.18, 0.25);
  // One channel at a time, red first: a call's arguments are evaluated in an unspecified order
  // (right to left by gcc on x86, left to right on Arm), and a scene must not depend on the CPU.
  const double lightRed = uniform(rng, 228, 248), lightGreen = uniform(rng, 205, 232);
  s.lightPiece = cv::Vec3d(uniform(rng, 175, 215), lightGreen, lightRed);
  const double darkRed = uniform(rng, 35, 65), darkGreen = uniform(rng, 30, 50);
  s.darkPiece = cv::Vec3d(uniform(rng, 25, 45), darkGreen, darkRed);
  return s;
}

const char* roomConditionName(RoomCondition c) {
  switch (c) {
    case RoomCondition::Plain: return "plain";
    case RoomCondition::ShadowBand: return "shadow band";
    case RoomCondition::ShadowBlob: return "shadow blob";
    case RoomCondition::StrongGradient: return "strong gradient";
    case RoomCondition::Barrel: return "barrel lens";
    case RoomCondition::Pincushion: return "pincushion lens";
    case RoomCondition::MessyPaper: return "messy paper";
    case RoomCondition::Everything: return "everything";
  }
  return "?";
}

namespace {

CastShadow randomShadow(std::mt19937& rng, CastShadow::Shape shape) {
  CastShadow shadow;
  shadow.shape = shape;
  shadow.depth = uniform(rng, 0.25, 0.5);
  shadow.softness = uniform(rng, 0.3, 2.5);
  shadow.angleDeg = uniform(rng, 0, 360);
  // Mostly neutral; sometimes the light left in the shadow is the window's (bluer) or the room's
  // lamp (warmer).
  const double hue = uniform(rng, -1, 1);
  shadow.tint = hue > 0 ? cv::Vec3d(1 + 0.12 * hue, 1 + 0.03 * hue, 1 - 0.06 * hue)
                        : cv::Vec3d(1 + 0.08 * hue, 1 + 0.02 * hue, 1 - 0.1 * hue);
  if (shape == CastShadow::Shape::Band) {
    shadow.centre = {uniform(rng, 0.3, 0.7), uniform(rng, 0.3, 0.7)};
  } else {
    shadow.centre = {uniform(rng, 0.25, 0.75), uniform(rng, 0.25, 0.75)};
    shadow.radii = {uniform(rng, 0.12, 0.3), uniform(rng, 0.1, 0.25)};
  }
  return shadow;
}

}  // namespace

void applyRoomCondition(SceneStyle& s, RoomCondition condition, std::mt19937& rng) {
  const bool all = condition == RoomCondition::Everything;
  if (condition == RoomCondition::ShadowBand || all) s.shadows.push_back(randomShadow(rng, CastShadow::Shape::Band));
  if (condition == RoomCondition::ShadowBlob || all) s.shadows.push_back(randomShadow(rng, CastShadow::Shape::Blob));
  if (condition == RoomCondition::StrongGradient || all) {
    // 2:1 from one side of the board to the other: 1 + g/2 against 1 - g/2 with g = 2/3.
    const double along = uniform(rng, 0, 2 * kPi), g = uniform(rng, 0.45, 0.667);
    s.lightGradient = {g * std::cos(along), g * std::sin(along)};
    s.spotStrength = uniform(rng, 0.2, 0.4);
    s.spotCentre = {uniform(rng, 0.2, 0.8), uniform(rng, 0.2, 0.8)};
    const double warmth = uniform(rng, -1, 1);
    s.lightTint = warmth > 0 ? cv::Vec3d(1 - 0.5 * warmth, 1 - 0.18 * warmth, 1) : cv::Vec3d(1, 1 + 0.06 * warmth, 1 + 0.25 * warmth);
  }
  if (condition == RoomCondition::Barrel) s.lensBarrel = uniform(rng, 0.05, 0.25);
  if (condition == RoomCondition::Pincushion) s.lensBarrel = -uniform(rng, 0.03, 0.1);
  if (all) s.lensBarrel = uniform(rng, -0.08, 0.2);
  if (condition == RoomCondition::MessyPaper || all) {
    s.paperShift = 0.15;
    s.paperTurnDeg = 10;
    s.paperCurl = uniform(rng, 0.04, 0.12);
    s.placementJitter = 0.2;
    const double angle = uniform(rng, 0, 2 * kPi), length = uniform(rng, 0.15, 0.35);
    s.shadowOffset = {length * std::cos(angle), length * std::sin(angle)};
  }
}

SceneRenderer::SceneRenderer(const Variant& variant, SceneStyle style, unsigned seed)
    : variant_(&variant), style_(style), rng_(seed) {
  const int files = variant.size.files, ranks = variant.size.ranks;
  const double sheetRight = std::max(files + 2.0, swatchStrip(variant).size() + 1.0);
  left_ = -2.0 - 1.5;
  right_ = sheetRight + 1.5;
  bottom_ = -4.0 - 1.5;
  top_ = ranks + 2.0 + 1.5;
  const auto dictionary = cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
  const int markerTexels = static_cast<int>(std::lround(0.7 * texelsPerCell_));
  for (int id = 0; id < 4; ++id) {
    cv::Mat m;
    cv::aruco::drawMarker(dictionary, id, markerTexels, m, 1);
    cv::cvtColor(m, m, cv::COLOR_GRAY2BGR);
    markers_.push_back(m);
  }
  jitter_.resize(256);
  for (auto& j : jitter_) {
    const double a = uniform(rng_, 0, 2 * kPi), r = uniform(rng_, 0, style_.placementJitter);
    j = {r * std::cos(a), r * std::sin(a)};
  }
  printed_ = camera::printedCells(variant);
  // The loose paper's lie from a generator of its own, so that scenes without it stay as they were.
  std::mt19937 paperRng(seed ^ 0x5eed9a9eu);
  paperLie_.resize(256);
  for (auto& lie : paperLie_) {
    const double a = uniform(paperRng, 0, 2 * kPi), r = uniform(paperRng, 0, style_.paperShift);
    lie.shift = {r * std::cos(a), r * std::sin(a)};
    lie.turn = uniform(paperRng, -style_.paperTurnDeg, style_.paperTurnDeg) * kPi / 180;
    lie.curlAngle = uniform(paperRng, 0, 2 * kPi);
  }
  computeCamera();
}

cv::Point2d SceneRenderer::toTexture(cv::Point2d b) const {
  return {(b.x - left_) * texelsPerCell_, (top_ - b.y) * texelsPerCell_};
}

void SceneRenderer::computeCamera() {
  const double s = style_.cellMm;
  const double files = variant_->size.files, ranks = variant_->size.ranks;
  // Board cells -> world millimetres (origin at the middle of the play area, z up).
  const cv::Matx33d boardToWorld(s, 0, -files / 2 * s, 0, s, -ranks / 2 * s, 0, 0, 1);
  const double tilt = style_.tiltDeg * kPi / 180, az = style_.azimuthDeg * kPi / 180, roll = style_.rollDeg * kPi / 180;
  const cv::Vec3d camera(style_.distanceMm * std::sin(tilt) * std::cos(az), style_.distanceMm * std::sin(tilt) * std::sin(az),
                         style_.distanceMm * std::cos(tilt));
  const cv::Vec3d forward = cv::normalize(-camera);
  cv::Vec3d up(std::cos(roll), std::sin(roll), 0);
  up = up - up.dot(forward) * forward;
  if (cv::norm(up) < 1e-6) up = cv::Vec3d(0, 1, 0) - forward[1] * forward;
  const cv::Vec3d down = -cv::normalize(up);
  const cv::Vec3d right = down.cross(forward);
  const cv::Matx33d rotation(right[0], right[1], right[2], down[0], down[1], down[2], forward[0], forward[1], forward[2]);
  const cv::Vec3d t = -(rotation * camera);
  // World plane z = 0 -> normalised image coordinates.
  const cv::Matx33d planeToCamera(rotation(0, 0), rotation(0, 1), t[0], rotation(1, 0), rotation(1, 1), t[1],
                                  rotation(2, 0), rotation(2, 1), t[2]);
  const cv::Matx33d boardToNormalised = planeToCamera * boardToWorld;

  // Choose the focal length and principal point so the whole sheet fills `fill` of the image.
  const double sheetRight = std::max(files + 2.0, swatchStrip(*variant_).size() + 1.0);
  const cv::Point2d corners[4] = {{-2, -4}, {sheetRight, -4}, {sheetRight, ranks + 2}, {-2, ranks + 2}};
  double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
  for (const auto& c : corners) {
    const cv::Point2d p = project(boardToNormalised, c);
    x0 = std::min(x0, p.x), x1 = std::max(x1, p.x), y0 = std::min(y0, p.y), y1 = std::max(y1, p.y);
  }
  const double w = style_.imageSize.width, h = style_.imageSize.height;
  const double focal = style_.fill * std::min(w / (x1 - x0), h / (y1 - y0));
  const double freeX = w - focal * (x1 - x0), freeY = h - focal * (y1 - y0);
  const double cx = freeX / 2 * (1 + 0.8 * style_.centreShift.x) - focal * x0;
  const double cy = freeY / 2 * (1 + 0.8 * style_.centreShift.y) - focal * y0;
  const cv::Matx33d intrinsics(focal, 0, cx, 0, focal, cy, 0, 0, 1);
  boardToImage_ = intrinsics * boardToNormalised;
  const double t_ = texelsPerCell_;
  const cv::Matx33d textureToBoard(1 / t_, 0, left_ + 0.5 / t_, 0, -1 / t_, top_ - 0.5 / t_, 0, 0, 1);
  textureToImage_ = boardToImage_ * textureToBoard;

  if (style_.lensBarrel != 0) {
    const cv::Size size = style_.imageSize;
    distortionMapX_.create(size, CV_32F);
    distortionMapY_.create(size, CV_32F);
    const double mx = size.width / 2.0, my = size.height / 2.0, halfDiagonal2 = mx * mx + my * my;
    for (int y = 0; y < size.height; ++y)
      for (int x = 0; x < size.width; ++x) {
        const double dx = x - mx, dy = y - my, grow = 1 + style_.lensBarrel * (dx * dx + dy * dy) / halfDiagonal2;
        distortionMapX_.at<float>(y, x) = static_cast<float>(mx + dx * grow);
        distortionMapY_.at<float>(y, x) = static_cast<float>(my + dy * grow);
      }
  }

  // The light over the sheet, per texel: exposure and tint, a gradient across, a spot falloff.
  const int cols = static_cast<int>(std::lround((right_ - left_) * t_)), rows = static_cast<int>(std::lround((top_ - bottom_) * t_));
  lightField_.create(rows, cols, CV_32FC3);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const double fx = static_cast<double>(x) / cols, fy = 1.0 - static_cast<double>(y) / rows;
      const double d2 = (fx - style_.spotCentre.x) * (fx - style_.spotCentre.x) + (fy - style_.spotCentre.y) * (fy - style_.spotCentre.y);
      const double level = style_.lightGain * (1 + style_.lightGradient.x * (fx - 0.5) + style_.lightGradient.y * (fy - 0.5)) *
                           (1 - style_.spotStrength * std::min(1.0, d2 * 2));
      cv::Vec3d light = level * style_.lightTint;
      const cv::Point2d cell(left_ + fx * (right_ - left_), bottom_ + fy * (top_ - bottom_));
      for (const CastShadow& shadow : style_.shadows) {
        const double cover = shadowCover(shadow, cell);
        for (int c = 0; c < 3; ++c) light[c] *= 1 - cover + cover * (1 - shadow.depth) * shadow.tint[c];
      }
      lightField_.at<cv::Vec3f>(y, x) = cv::Vec3f(static_cast<float>(light[0]), static_cast<float>(light[1]),
                                                  static_cast<float>(light[2]));
    }
}

double SceneRenderer::shadowCover(const CastShadow& shadow, cv::Point2d cell) const {
  const double w = right_ - left_, h = top_ - bottom_;
  const cv::Point2d centre(left_ + shadow.centre.x * w, bottom_ + shadow.centre.y * h);
  const double a = shadow.angleDeg * kPi / 180;
  const cv::Point2d along(std::cos(a), std::sin(a)), across(-along.y, along.x);
  const cv::Point2d d = cell - centre;
  double inside;  // cells inside the shadow's edge (negative: outside)
  if (shadow.shape == CastShadow::Shape::Band) {
    inside = d.dot(across);
  } else {
    const double rx = shadow.radii.x * w, ry = shadow.radii.y * h;
    const double u = d.dot(along) / rx, v = d.dot(across) / ry;
    inside = (1 - std::sqrt(u * u + v * v)) * std::min(rx, ry);
  }
  const double t = std::clamp(inside / std::max(0.05, shadow.softness) + 0.5, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

void SceneRenderer::changeLight(double gain, cv::Vec3d tint, cv::Point2d gradient) {
  style_.lightGain = gain;
  style_.lightTint = tint;
  style_.lightGradient = gradient;
  computeCamera();
  litSheet_.release();
}

cv::Point2d SceneRenderer::imagePoint(cv::Point2d board) const {
  const cv::Point2d pinhole = project(boardToImage_, board);
  if (style_.lensBarrel == 0) return pinhole;
  // distort() samples the pinhole image at c + (p - c)(1 + k r^2) for output point p at radius r
  // (image half-diagonals): find the r whose sample is this point.
  const cv::Point2d centre(style_.imageSize.width / 2.0, style_.imageSize.height / 2.0);
  const double halfDiagonal = std::hypot(centre.x, centre.y), k = style_.lensBarrel;
  const double ru = cv::norm(pinhole - centre) / halfDiagonal;
  if (ru < 1e-12) return pinhole;
  double r = ru;
  for (int i = 0; i < 8; ++i) r -= (r + k * r * r * r - ru) / (1 + 3 * k * r * r);
  return centre + (pinhole - centre) * (r / ru);
}

void SceneRenderer::distort(cv::Mat& image) const {
  cv::Mat out;
  cv::remap(image, out, distortionMapX_, distortionMapY_, cv::INTER_LINEAR, cv::BORDER_CONSTANT,
            cv::Scalar(45, 60, 75) * style_.lightGain);
  image = out;
}

void SceneRenderer::drawPrint(cv::Mat& sheet, const Position& pos) const {
  const int files = variant_->size.files, ranks = variant_->size.ranks;
  const double t = texelsPerCell_;
  sheet.setTo(cv::Scalar(70, 95, 120));  // the table: brown wood
  const double sheetRight = std::max(files + 2.0, swatchStrip(*variant_).size() + 1.0);
  cv::rectangle(sheet, toTexture({-2, ranks + 2.0}), toTexture({sheetRight, -4}), cv::Scalar(246, 248, 248), cv::FILLED);

  auto fillCell = [&](double x, double y, Surface s) {
    const cv::Point2d a = toTexture({x, y + 1}), b = toTexture({x + 1, y});
    cv::rectangle(sheet, cv::Rect(cv::Point(static_cast<int>(std::lround(a.x)), static_cast<int>(std::lround(a.y))),
                                  cv::Point(static_cast<int>(std::lround(b.x)), static_cast<int>(std::lround(b.y)))),
                  printedColour(s), cv::FILLED);
    if (s == Surface::AntiTile) {
      const int width = static_cast<int>(std::lround(t / 8));
      cv::line(sheet, a, b, cv::Scalar(246, 248, 248), width, cv::LINE_AA);
      cv::line(sheet, cv::Point2d(a.x, b.y), cv::Point2d(b.x, a.y), cv::Scalar(246, 248, 248), width, cv::LINE_AA);
    }
  };
  const bool loosePaper = style_.paperShift > 0 || style_.paperTurnDeg > 0 || style_.paperCurl > 0;
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f) {
      const Square sq = makeSquare(f, r);
      fillCell(f, r, loosePaper ? printed_[static_cast<std::size_t>(r * files + f)] : surfaceAt(pos, sq));
    }
  if (loosePaper) drawLoosePaper(sheet, pos);
  const auto strip = swatchStrip(*variant_);
  for (std::size_t i = 0; i < strip.size(); ++i) fillCell(static_cast<double>(i), -3, strip[i]);

  const cv::Point2d centres[4] = {{-0.5, -0.5}, {files + 0.5, -0.5}, {files + 0.5, ranks + 0.5}, {-0.5, ranks + 0.5}};
  for (int id = 0; id < 4; ++id) {
    if (covered_[id]) continue;
    const cv::Point2d topLeft = toTexture(centres[id] + cv::Point2d(-0.35, 0.35));
    const cv::Rect where(static_cast<int>(std::lround(topLeft.x)), static_cast<int>(std::lround(topLeft.y)),
                         markers_[id].cols, markers_[id].rows);
    markers_[id].copyTo(sheet(where));
  }
}

void SceneRenderer::drawLoosePaper(cv::Mat& sheet, const Position& pos) const {
  const int files = variant_->size.files, ranks = variant_->size.ranks;
  const double t = texelsPerCell_;
  // The loose sheets: a sector card per slot holding one, otherwise each cell whose surface is not
  // the one printed under it (a colour square, a tile, an anti-tile).
  std::vector<std::vector<Square>> sheets;
  std::vector<int> lieOf;
  if (variant_->hasSectors()) {
    for (int slot = 0; slot < kSlotColumns * kSlotRows; ++slot) {
      const auto squares = slotSquares(slot);
      if (surfaceAt(pos, squares[0]) == Surface::Void) continue;
      sheets.push_back({squares.begin(), squares.end()});
      lieOf.push_back(slot);
    }
  } else {
    for (int r = 0; r < ranks; ++r)
      for (int f = 0; f < files; ++f) {
        const Square sq = makeSquare(f, r);
        if (surfaceAt(pos, sq) == printed_[static_cast<std::size_t>(r * files + f)]) continue;
        sheets.push_back({sq});
        lieOf.push_back(sq);
      }
  }
  const cv::Scalar white(246, 248, 248);
  for (std::size_t k = 0; k < sheets.size(); ++k) {
    const PaperLie& lie = paperLie_[static_cast<std::size_t>(lieOf[k])];
    double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
    for (Square sq : sheets[k]) {
      x0 = std::min<double>(x0, fileOf(sq)), x1 = std::max<double>(x1, fileOf(sq) + 1);
      y0 = std::min<double>(y0, rankOf(sq)), y1 = std::max<double>(y1, rankOf(sq) + 1);
    }
    const cv::Point2d middle((x0 + x1) / 2, (y0 + y1) / 2), half((x1 - x0) / 2, (y1 - y0) / 2);
    const cv::Point2d laid = middle + lie.shift;
    const double c = std::cos(lie.turn), sn = std::sin(lie.turn);
    const cv::Point2d curl(std::cos(lie.curlAngle), std::sin(lie.curlAngle));
    const double reach = std::hypot(half.x, half.y) + 0.2;
    const cv::Point2d lo = toTexture({laid.x - reach, laid.y + reach}), hi = toTexture({laid.x + reach, laid.y - reach});
    for (int y = std::max(0, static_cast<int>(lo.y)); y < std::min(sheet.rows, static_cast<int>(hi.y) + 1); ++y)
      for (int x = std::max(0, static_cast<int>(lo.x)); x < std::min(sheet.cols, static_cast<int>(hi.x) + 1); ++x) {
        const cv::Point2d b(left_ + (x + 0.5) / t, top_ - (y + 0.5) / t);
        // Where this texel lies on the sheet, in the cells the sheet stands for.
        const cv::Point2d d = b - laid;
        const cv::Point2d q = middle + cv::Point2d(c * d.x + sn * d.y, -sn * d.x + c * d.y);
        const double outX = std::abs(q.x - middle.x) - half.x, outY = std::abs(q.y - middle.y) - half.y;
        const double lift = (q - middle).dot(curl) / std::max(half.x, half.y);  // -1..1 across the sheet
        cv::Vec3b& px = sheet.at<cv::Vec3b>(y, x);
        if (outX > 0 || outY > 0) {
          // The thin shadow under the lifted edge.
          const double out = std::hypot(std::max(0.0, outX), std::max(0.0, outY));
          if (style_.paperCurl > 0 && out < 0.06 && lift > 0.5)
            for (int ch = 0; ch < 3; ++ch) px[ch] = static_cast<uchar>(px[ch] * (1 - 3 * style_.paperCurl * (1 - out / 0.06)));
          continue;
        }
        const int f = std::clamp(static_cast<int>(std::floor(q.x)), 0, files - 1);
        const int r = std::clamp(static_cast<int>(std::floor(q.y)), 0, ranks - 1);
        const Surface surface = surfaceAt(pos, makeSquare(f, r));
        cv::Scalar colour = printedColour(surface);
        if (surface == Surface::AntiTile) {
          const double lx = q.x - f, ly = q.y - r, w = 1.0 / 16 * std::sqrt(2.0);
          if (std::abs(lx - ly) < w || std::abs(lx + ly - 1) < w) colour = white;
        }
        const double shade = 1 - style_.paperCurl * (0.5 + 0.5 * lift);
        for (int ch = 0; ch < 3; ++ch) px[ch] = cv::saturate_cast<uchar>(colour[ch] * shade);
      }
  }
}

void SceneRenderer::drawPiece(cv::Mat& sheet, cv::Point2d centre, bool light) const {
  const double t = texelsPerCell_;
  const cv::Vec3d albedo = light ? style_.lightPiece : style_.darkPiece;
  // Cast shadow first: a soft darker disc beside the base.
  const cv::Point2d shadowCentre = toTexture(centre + style_.shadowOffset);
  const double rb = style_.pieceRadius * t, rt = style_.topRadius * t;
  const cv::Point2d c = toTexture(centre);
  const int reach = static_cast<int>(rb + cv::norm(style_.shadowOffset) * t) + 3;
  const cv::Vec3d lightDir = cv::normalize(cv::Vec3d(-style_.shadowOffset.x, style_.shadowOffset.y, 0.6));
  for (int y = static_cast<int>(c.y) - reach; y <= static_cast<int>(c.y) + reach; ++y)
    for (int x = static_cast<int>(c.x) - reach; x <= static_cast<int>(c.x) + reach; ++x) {
      if (x < 0 || y < 0 || x >= sheet.cols || y >= sheet.rows) continue;
      cv::Vec3b& px = sheet.at<cv::Vec3b>(y, x);
      // The cast shadow: the base's disc drawn out toward shadowCentre (long under a low lamp).
      const cv::Point2d toShadow = shadowCentre - c, fromBase(x - c.x, y - c.y);
      const double along = std::clamp(fromBase.dot(toShadow) / std::max(1e-9, toShadow.dot(toShadow)), 0.0, 1.0);
      const double ds = cv::norm(fromBase - along * toShadow);
      const double shadow = std::clamp((rb + 1.5 - ds) / 3.0, 0.0, 1.0) * 0.45;
      cv::Vec3d out(px[0], px[1], px[2]);
      out *= 1 - shadow;
      const double d = std::hypot(x - c.x, y - c.y);
      if (d < rb + 0.5) {
        const double coverage = std::clamp(rb + 0.5 - d, 0.0, 1.0);
        cv::Vec3d colour;
        if (d < rt) {
          // The round top: a dome lit from the light's side, with a soft highlight.
          const double nx = (x - c.x) / rt, ny = -(y - c.y) / rt;
          const double nz = std::sqrt(std::max(0.0, 1 - nx * nx - ny * ny));
          const double lambert = std::max(0.0, nx * lightDir[0] + ny * lightDir[1] + nz * lightDir[2]);
          const double highlight = std::pow(std::max(0.0, 2 * nz * lambert - lightDir[2]), 12) * (light ? 25 : 60);
          colour = albedo * (0.45 + 0.6 * lambert) + cv::Vec3d(highlight, highlight, highlight);
        } else {
          // The base seen from above: a ring sloping down and away, darker toward its rim.
          const double slope = (d - rt) / std::max(1.0, rb - rt);
          colour = albedo * (0.85 - 0.35 * slope);
          if (d > rb - 1.2) colour *= 0.7;  // the rim's edge
        }
        out = out * (1 - coverage) + colour * coverage;
      }
      for (int k = 0; k < 3; ++k) px[k] = cv::saturate_cast<uchar>(out[k]);
    }
}

void SceneRenderer::drawHand(cv::Mat& sheet, const Hand& hand) const {
  const double t = texelsPerCell_;
  const double a = hand.fromAngleDeg * kPi / 180;
  const cv::Point2d dir(std::cos(a), std::sin(a));
  const cv::Point2d palm = hand.tip + dir * 0.9;
  const cv::Point2d elbow = hand.tip + dir * 30.0;
  const cv::Scalar skin(hand.skin[0], hand.skin[1], hand.skin[2]);
  const cv::Scalar sleeve(90, 60, 50);
  // Shadow of the hand and arm, offset and darker: a blurred mask darkening what lies below.
  cv::Mat shade = cv::Mat::zeros(sheet.size(), CV_8U);
  const cv::Point2d off(0.35, -0.35);
  cv::line(shade, toTexture(palm + off), toTexture(elbow + off), 255, static_cast<int>(1.6 * t), cv::LINE_AA);
  cv::ellipse(shade, toTexture(palm + off), cv::Size(static_cast<int>(0.9 * t), static_cast<int>(0.7 * t)),
              -hand.fromAngleDeg, 0, 360, 255, cv::FILLED, cv::LINE_AA);
  const cv::Rect area = cv::boundingRect(shade);
  if (area.area() > 0) {
    const int pad = static_cast<int>(t);
    const cv::Rect roi = cv::Rect(area.x - pad, area.y - pad, area.width + 2 * pad, area.height + 2 * pad) &
                         cv::Rect(0, 0, sheet.cols, sheet.rows);
    cv::Mat mask;
    cv::GaussianBlur(shade(roi), mask, cv::Size(0, 0), 0.3 * t);
    cv::Mat part = sheet(roi);
    for (int y = 0; y < roi.height; ++y)
      for (int x = 0; x < roi.width; ++x) {
        const float k = 1.0f - 0.5f * mask.at<uchar>(y, x) / 255.0f;
        cv::Vec3b& px = part.at<cv::Vec3b>(y, x);
        for (int c = 0; c < 3; ++c) px[c] = static_cast<uchar>(px[c] * k);
      }
  }
  cv::line(sheet, toTexture(palm + dir * 1.5), toTexture(elbow), sleeve, static_cast<int>(1.5 * t), cv::LINE_AA);
  cv::line(sheet, toTexture(palm), toTexture(palm + dir * 2.0), skin, static_cast<int>(0.9 * t), cv::LINE_AA);
  cv::ellipse(sheet, toTexture(palm), cv::Size(static_cast<int>(0.85 * t), static_cast<int>(0.65 * t)),
              -hand.fromAngleDeg, 0, 360, skin, cv::FILLED, cv::LINE_AA);
  for (int finger = -1; finger <= 1; ++finger) {
    const cv::Point2d side(-dir.y, dir.x);
    cv::line(sheet, toTexture(palm + side * (0.25 * finger)), toTexture(hand.tip + side * (0.2 * finger)),
             skin * 0.92, static_cast<int>(0.22 * t), cv::LINE_AA);
  }
}

void SceneRenderer::applyLight(cv::Mat& sheet) const {
  cv::Mat lit;
  sheet.convertTo(lit, CV_32FC3);
  cv::multiply(lit, lightField_, lit);
  lit.convertTo(sheet, CV_8UC3);
}

cv::Mat SceneRenderer::topDown(const Position& pos, const std::vector<Hand>& hands) {
  const int cols = lightField_.cols, rows = lightField_.rows;
  cv::Mat sheet(rows, cols, CV_8UC3);
  drawPrint(sheet, pos);
  const int files = variant_->size.files, ranks = variant_->size.ranks;
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f) {
      const Square sq = makeSquare(f, r);
      const PieceCode p = pos.at(sq);
      if (!p) continue;
      drawPiece(sheet, cv::Point2d(f + 0.5, r + 0.5) + jitter_[sq], pieceSide(p) % 2 == 0);
    }
  for (const Hand& h : hands) drawHand(sheet, h);
  return sheet;
}

cv::Mat SceneRenderer::render(const Position& pos, const std::vector<Hand>& hands) {
  // A board standing still is drawn once; only the camera's noise differs between its frames.
  cv::Mat sheet;
  if (hands.empty() && !litSheet_.empty() && litKey_ == pos.key()) {
    sheet = litSheet_;
  } else {
    sheet = topDown(pos, hands);
    applyLight(sheet);
    if (hands.empty()) {
      litSheet_ = sheet;
      litKey_ = pos.key();
    } else {
      litSheet_.release();
    }
  }
  cv::Mat image;
  cv::warpPerspective(sheet, image, cv::Mat(textureToImage_), style_.imageSize, cv::INTER_LINEAR, cv::BORDER_CONSTANT,
                      cv::Scalar(45, 60, 75) * style_.lightGain);
  if (style_.lensBarrel != 0) distort(image);
  if (style_.blurSigma > 0.05) cv::GaussianBlur(image, image, cv::Size(0, 0), style_.blurSigma);
  if (style_.noiseSigma > 0) {
    cv::Mat noise(image.size(), CV_16SC3);
    cv::theRNG().state = rng_();
    cv::randn(noise, 0, style_.noiseSigma);
    cv::Mat noisy;
    image.convertTo(noisy, CV_16SC3);
    noisy += noise;
    noisy.convertTo(image, CV_8UC3);
  }
  if (style_.jpegQuality > 0) {
    std::vector<uchar> bytes;
    cv::imencode(".jpg", image, bytes, {cv::IMWRITE_JPEG_QUALITY, style_.jpegQuality});
    image = cv::imdecode(bytes, cv::IMREAD_COLOR);
  }
  return image;
}

}  // namespace tessera::scene
