#include "scene_renderer.hpp"

#include <algorithm>
#include <cmath>

#include <opencv2/aruco.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"

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

  // The light over the sheet, per texel: exposure and tint, a gradient across, a spot falloff.
  const int cols = static_cast<int>(std::lround((right_ - left_) * t_)), rows = static_cast<int>(std::lround((top_ - bottom_) * t_));
  lightField_.create(rows, cols, CV_32FC3);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      const double fx = static_cast<double>(x) / cols, fy = 1.0 - static_cast<double>(y) / rows;
      const double d2 = (fx - style_.spotCentre.x) * (fx - style_.spotCentre.x) + (fy - style_.spotCentre.y) * (fy - style_.spotCentre.y);
      const double level = style_.lightGain * (1 + style_.lightGradient.x * (fx - 0.5) + style_.lightGradient.y * (fy - 0.5)) *
                           (1 - style_.spotStrength * std::min(1.0, d2 * 2));
      lightField_.at<cv::Vec3f>(y, x) = cv::Vec3f(static_cast<float>(level * style_.lightTint[0]),
                                                  static_cast<float>(level * style_.lightTint[1]),
                                                  static_cast<float>(level * style_.lightTint[2]));
    }
}

void SceneRenderer::changeLight(double gain, cv::Vec3d tint, cv::Point2d gradient) {
  style_.lightGain = gain;
  style_.lightTint = tint;
  style_.lightGradient = gradient;
  computeCamera();
  litSheet_.release();
}

cv::Point2d SceneRenderer::imagePoint(cv::Point2d board) const { return project(boardToImage_, board); }

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
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f) fillCell(f, r, surfaceAt(pos, makeSquare(f, r)));
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

void SceneRenderer::drawPiece(cv::Mat& sheet, cv::Point2d centre, bool light) const {
  const double t = texelsPerCell_;
  const cv::Vec3d albedo = light ? style_.lightPiece : style_.darkPiece;
  // Cast shadow first: a soft darker disc beside the base.
  const cv::Point2d shadowCentre = toTexture(centre + style_.shadowOffset);
  const double rb = style_.pieceRadius * t, rt = style_.topRadius * t;
  const cv::Point2d c = toTexture(centre);
  const int reach = static_cast<int>(rb + 0.1 * t) + 2;
  const cv::Vec3d lightDir = cv::normalize(cv::Vec3d(-style_.shadowOffset.x, style_.shadowOffset.y, 0.6));
  for (int y = static_cast<int>(c.y) - reach; y <= static_cast<int>(c.y) + reach; ++y)
    for (int x = static_cast<int>(c.x) - reach; x <= static_cast<int>(c.x) + reach; ++x) {
      if (x < 0 || y < 0 || x >= sheet.cols || y >= sheet.rows) continue;
      cv::Vec3b& px = sheet.at<cv::Vec3b>(y, x);
      const double ds = std::hypot(x - shadowCentre.x, y - shadowCentre.y);
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
