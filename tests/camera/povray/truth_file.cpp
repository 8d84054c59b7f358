#include "truth_file.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace tessera::povray {
namespace {

std::string exact(double v) {
  char text[40];
  std::snprintf(text, sizeof text, "%.10g", v);
  return text;
}

std::string numbers(std::initializer_list<double> values) {
  std::string out;
  for (const double v : values) out += (out.empty() ? "" : " ") + exact(v);
  return out;
}

std::string vec(const cv::Vec3d& v) { return numbers({v[0], v[1], v[2]}); }

cv::Vec3d vecOf(const std::vector<double>& n) { return {n.at(0), n.at(1), n.at(2)}; }

}  // namespace

std::string truthText(const Scene& s) {
  const Camera& c = s.camera;
  std::ostringstream out;
  const auto line = [&](const std::string& key, const std::string& value) { out << key << " = " << value << "\n"; };
  out << "# The ground truth of a Tessera ray-traced scene (tessera_povray_scenes).\n"
      << "# World: millimetres, y up; a point (x, y) of the board in cells (a1's lower left 0 0) lies at\n"
      << "# (x * cell_mm, h, y * cell_mm), h the sheet's height there: 0 on a flat sheet, else from its\n"
      << "# corners' lifts and bow (SheetCurl::heightAt). Pictures: pixel centres at whole numbers, y down.\n";
  line("seed", std::to_string(s.spec.seed));
  line("variant", s.variantName);
  line("condition", std::string(conditionName(s.spec.condition)));
  line("stage", std::string(stageName(s.spec.stage)));
  line("plies", std::to_string(s.plies));
  line("position", s.position);
  line("image", "image.jpg");
  line("image_size", numbers({static_cast<double>(c.image.width), static_cast<double>(c.image.height)}));
  const cv::Size rendered = c.renderSize();
  line("render_size", numbers({static_cast<double>(rendered.width), static_cast<double>(rendered.height)}));
  line("cell_mm", exact(s.cellMm));
  line("sheet_cells", numbers({s.sheet.x, s.sheet.y, s.sheet.width, s.sheet.height}));
  line("sheet_corner_lift_mm", numbers({s.curl.cornerLiftMm[0], s.curl.cornerLiftMm[1], s.curl.cornerLiftMm[2],
                                        s.curl.cornerLiftMm[3]}));
  line("sheet_bow_mm", exact(s.curl.bowMm) + (s.curl.bowAcrossFiles ? " across the files" : " across the ranks"));
  line("camera_distance_mm", exact(s.distanceMm));
  line("camera_tilt_deg", exact(s.tiltDeg));
  line("camera_azimuth_deg", exact(s.azimuthDeg));
  line("camera_roll_deg", exact(s.rollDeg));
  line("camera_location_mm", vec(c.location));
  line("camera_right", vec(c.right));
  line("camera_up", vec(c.up));
  line("camera_forward", vec(c.forward));
  line("lens", c.lens.name);
  line("lens_focal_px", exact(c.lens.focalPixels));
  line("lens_k1", exact(c.lens.k1));
  line("lens_k2", exact(c.lens.k2));
  line("principal_point_px", numbers({c.centre().x, c.centre().y}));
  line("smallest_marker_px", exact(s.smallestMarkerPixels));
  for (const Light& l : s.lights)
    line("light", l.role + ": at " + vec(l.position) + " mm, " + exact(l.sizeMm) + " mm across, colour " +
                      vec(l.colour) + ", power " + exact(l.power));
  line("key_share", exact(s.keyShare));
  line("light_gradient", exact(s.gradient));
  for (const Occluder& o : s.occluders) line("shadow", o.description);
  line("piece_offset_max_cells", exact(s.pieceOffsetMax));
  line("paper_offset_max_cells", exact(s.paperOffsetMax));
  line("paper_turn_max_deg", exact(s.paperTurnMaxDeg));
  line("laid_paper", std::to_string(s.papers.size()));
  line("pieces", std::to_string(s.pieces.size()));
  line("vignetting", exact(s.develop.vignetting));
  line("white_balance", vec(s.develop.whiteBalance));
  line("noise_sigma", exact(s.develop.noiseSigma));
  line("jpeg_quality", std::to_string(s.develop.jpegQuality));
  return out.str();
}

Truth Truth::parse(const std::string& text) {
  Truth truth;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) {
    if (l.empty() || l[0] == '#') continue;
    const auto equals = l.find(" = ");
    if (equals == std::string::npos) throw std::runtime_error("truth file: no ' = ' in '" + l + "'");
    truth.fields_.emplace_back(l.substr(0, equals), l.substr(equals + 3));
  }
  return truth;
}

Truth Truth::read(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read " + path);
  std::stringstream text;
  text << in.rdbuf();
  return parse(text.str());
}

bool Truth::has(const std::string& key) const {
  for (const auto& [k, v] : fields_)
    if (k == key) return true;
  return false;
}

const std::string& Truth::text(const std::string& key) const {
  for (const auto& [k, v] : fields_)
    if (k == key) return v;
  throw std::runtime_error("truth file: no " + key);
}

std::vector<double> Truth::numbers(const std::string& key) const {
  std::istringstream in(text(key));
  std::vector<double> values;
  double v;
  while (in >> v) values.push_back(v);
  return values;
}

double Truth::number(const std::string& key) const {
  const std::vector<double> n = numbers(key);
  if (n.empty()) throw std::runtime_error("truth file: " + key + " is not a number");
  return n[0];
}

cv::Size Truth::imageSize() const {
  const auto n = numbers("image_size");
  return {static_cast<int>(n.at(0)), static_cast<int>(n.at(1))};
}

cv::Size Truth::renderSize() const {
  const auto n = numbers("render_size");
  return {static_cast<int>(n.at(0)), static_cast<int>(n.at(1))};
}

Camera Truth::camera() const {
  Camera c;
  c.location = vecOf(numbers("camera_location_mm"));
  c.right = vecOf(numbers("camera_right"));
  c.up = vecOf(numbers("camera_up"));
  c.forward = vecOf(numbers("camera_forward"));
  c.lens.name = text("lens");
  c.lens.focalPixels = number("lens_focal_px");
  c.lens.k1 = number("lens_k1");
  c.lens.k2 = number("lens_k2");
  c.image = imageSize();
  return c;
}

Develop Truth::develop() const {
  Develop d;
  d.vignetting = number("vignetting");
  d.whiteBalance = vecOf(numbers("white_balance"));
  d.noiseSigma = number("noise_sigma");
  d.jpegQuality = static_cast<int>(number("jpeg_quality"));
  return d;
}

double Truth::cellMm() const { return number("cell_mm"); }

cv::Rect2d Truth::sheet() const {
  const auto n = numbers("sheet_cells");
  return {n.at(0), n.at(1), n.at(2), n.at(3)};
}

SheetCurl Truth::curl() const {
  SheetCurl curl;
  const auto lifts = numbers("sheet_corner_lift_mm");
  for (std::size_t k = 0; k < curl.cornerLiftMm.size(); ++k) curl.cornerLiftMm[k] = lifts.at(k);
  curl.bowMm = number("sheet_bow_mm");
  curl.bowAcrossFiles = text("sheet_bow_mm").find("files") != std::string::npos;
  return curl;
}

}  // namespace tessera::povray
