#include "pov_writer.hpp"

#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>

#include "host/print/board_sheet.hpp"

namespace tessera::povray {
namespace {

// Staunton-like pieces of our own design, a cell being 1, standing on y = 0 about the y axis. The
// proportions of a tournament set: the King 1.7 cells tall on a base two thirds of a cell across,
// the Pawn 0.9 on a half. A surface of revolution (sor) passes through its points, the first and
// last only steering its ends.
constexpr const char* kPieceShapes = R"pov(
#declare Pawn_Shape = union {
  sor { 12, <0.00, -0.05>, <0.26, 0.00>, <0.26, 0.05>, <0.22, 0.09>, <0.19, 0.13>, <0.13, 0.20>,
            <0.10, 0.32>, <0.085, 0.44>, <0.16, 0.48>, <0.15, 0.51>, <0.06, 0.55>, <0.00, 0.60> }
  sphere { <0, 0.715, 0>, 0.165 }
}
#declare Rook_Shape = difference {
  union {
    sor { 11, <0.00, -0.05>, <0.29, 0.00>, <0.29, 0.06>, <0.25, 0.10>, <0.22, 0.14>, <0.18, 0.22>,
              <0.165, 0.50>, <0.18, 0.66>, <0.23, 0.72>, <0.235, 0.76>, <0.23, 0.80> }
    cylinder { <0, 0.74, 0>, <0, 1.0, 0>, 0.235 }
  }
  cylinder { <0, 0.86, 0>, <0, 1.1, 0>, 0.16 }
  #for (K, 0, 2) box { <-0.3, 0.9, -0.035>, <0.3, 1.1, 0.035> rotate y * K * 60 } #end
}
#declare Knight_Shape = union {
  sor { 9, <0.00, -0.05>, <0.30, 0.00>, <0.30, 0.06>, <0.26, 0.10>, <0.23, 0.14>, <0.20, 0.20>,
           <0.19, 0.26>, <0.12, 0.30>, <0.00, 0.32> }
  // the neck leaning back, flattened across; the head with its muzzle forward and down; ears; mane
  cone { <0, 0.25, 0>, 0.17, <0, 0.82, -0.10>, 0.11 scale <0.7, 1, 1> }
  sphere { 0, 1 scale <0.10, 0.13, 0.27> rotate x * 30 translate <0, 0.88, 0.06> }
  cone { <0.045, 0.98, -0.06>, 0.04, <0.045, 1.15, -0.09>, 0 }
  cone { <-0.045, 0.98, -0.06>, 0.04, <-0.045, 1.15, -0.09>, 0 }
  box { <-0.03, 0.35, -0.21>, <0.03, 0.88, -0.14> }
}
#declare Bishop_Shape = union {
  sor { 13, <0.00, -0.05>, <0.29, 0.00>, <0.29, 0.06>, <0.25, 0.10>, <0.22, 0.14>, <0.15, 0.22>,
            <0.11, 0.45>, <0.09, 0.72>, <0.17, 0.76>, <0.17, 0.80>, <0.09, 0.83>, <0.08, 0.86>, <0.05, 0.90> }
  difference {
    sphere { 0, 1 scale <0.15, 0.25, 0.15> translate y * 1.03 }
    box { <-0.2, 0, -0.018>, <0.2, 0.3, 0.018> rotate z * 35 translate y * 1.08 }  // the mitre's slot
  }
  sphere { <0, 1.29, 0>, 0.05 }
}
#declare Royal_Body = sor { 17, <0.00, -0.05>, <0.32, 0.00>, <0.32, 0.06>, <0.28, 0.10>, <0.25, 0.14>,
                                <0.17, 0.24>, <0.12, 0.50>, <0.10, 0.85>, <0.19, 0.90>, <0.19, 0.94>,
                                <0.11, 0.98>, <0.12, 1.05>, <0.20, 1.25>, <0.21, 1.30>, <0.17, 1.325>,
                                <0.08, 1.35>, <0.00, 1.37> }
#declare Queen_Shape = union {
  object { Royal_Body }
  #for (K, 0, 7) sphere { <0.20, 1.32, 0>, 0.035 rotate y * K * 45 } #end
  sphere { 0, 1 scale <0.12, 0.09, 0.12> translate y * 1.35 }
  sphere { <0, 1.49, 0>, 0.06 }
}
#declare King_Shape = union {
  object { Royal_Body }
  sphere { 0, 1 scale <0.13, 0.10, 0.13> translate y * 1.36 }
  box { <-0.035, 1.40, -0.035>, <0.035, 1.70, 0.035> }
  box { <-0.11, 1.53, -0.035>, <0.11, 1.60, 0.035> }
}
)pov";

std::string number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", v);
  return text;
}

std::string vec(const cv::Vec3d& v) { return "<" + number(v[0]) + ", " + number(v[1]) + ", " + number(v[2]) + ">"; }

std::string srgb(const cv::Vec3d& rgb) { return "srgb " + vec(rgb); }

cv::Vec3d printedRgb(Surface s) {
  const cv::Scalar bgr = print::printedColour(s);
  return {bgr[2] / 255.0, bgr[1] / 255.0, bgr[0] / 255.0};
}

// POV-Ray's transformation taking the unit axes to these and the origin to `centre`.
std::string matrix(const Solid& s) {
  const auto row = [](const cv::Vec3d& v) { return number(v[0]) + ", " + number(v[1]) + ", " + number(v[2]); };
  return "matrix <" + row(s.axisX) + ", " + row(s.axisY) + ", " + row(s.axisZ) + ", " + row(s.centre) + ">";
}

// A grid of columns x rows quads, each split in two triangles; place(u, v) puts the vertex at the
// fractions u, v of the way across, which are also its texture coordinates.
std::string gridMesh(int columns, int rows, const std::function<cv::Vec3d(double, double)>& place,
                     const std::string& texture) {
  std::ostringstream out;
  const int across = columns + 1;
  out << "mesh2 {\n  vertex_vectors { " << across * (rows + 1);
  for (int j = 0; j <= rows; ++j)
    for (int i = 0; i <= columns; ++i) out << ",\n    " << vec(place(static_cast<double>(i) / columns, static_cast<double>(j) / rows));
  out << " }\n  uv_vectors { " << across * (rows + 1);
  for (int j = 0; j <= rows; ++j)
    for (int i = 0; i <= columns; ++i)
      out << ", <" << number(static_cast<double>(i) / columns) << ", " << number(static_cast<double>(j) / rows) << ">";
  out << " }\n  face_indices { " << 2 * columns * rows;
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < columns; ++i) {
      const int a = j * across + i, b = a + 1, c = a + across, d = c + 1;
      out << ", <" << a << ", " << b << ", " << d << ">, <" << a << ", " << d << ", " << c << ">";
    }
  out << " }\n  " << texture << "\n}\n";
  return out.str();
}

// Paper: matte, with a slight grain.
std::string paperTexture(const std::string& pigment) {
  return "texture { " + pigment + " normal { bumps 0.05 scale 0.5 } finish { diffuse " + number(kPaperDiffuse) + " } }";
}

// The surfaces a laid piece of paper shows, from its lower left, rank by rank, in its own uv square.
std::string paperPigment(const LaidPaper& paper) {
  if (paper.cells.size() == 1 && paper.cells[0] == Surface::AntiTile) {
    // The white cross corner to corner, s/8 wide as printed: within 1/16 of a diagonal.
    const std::string white = srgb({1, 1, 1}), dark = srgb(printedRgb(Surface::AntiTile));
    return "pigment { uv_mapping function { min(abs(x - y), abs(x + y - 1)) } colour_map { [0 " + white + "] [0.0884 " +
           white + "] [0.0884 " + dark + "] [1 " + dark + "] } }";
  }
  if (paper.cells.size() == 1) return "pigment { " + srgb(printedRgb(paper.cells[0])) + " }";
  // A sector card: the function is (cell index + 0.5) / cells, cells counted rank by rank.
  const double count = static_cast<double>(paper.cells.size());
  std::string map;
  for (std::size_t k = 0; k < paper.cells.size(); ++k) {
    const std::string c = srgb(printedRgb(paper.cells[k]));
    map += "[" + number(k / count) + " " + c + "] [" + number((k + 1) / count) + " " + c + "] ";
  }
  return "pigment { uv_mapping function { (min(floor(x * " + std::to_string(paper.files) + "), " +
         std::to_string(paper.files - 1) + ") + " + std::to_string(paper.files) + " * min(floor(y * " +
         std::to_string(paper.ranks) + "), " + std::to_string(paper.ranks - 1) + ") + 0.5) / " + number(count) +
         " } colour_map { " + map + "} }";
}

std::string laidPaper(const Scene& scene, const LaidPaper& paper) {
  const double turn = paper.angleDeg * CV_PI / 180;
  const double cornerX[] = {-0.5, 0.5, 0.5, -0.5}, cornerY[] = {-0.5, -0.5, 0.5, 0.5};
  const auto k = static_cast<std::size_t>(paper.liftedCorner);
  const auto place = [&](double u, double v) {
    const double a = (u - 0.5) * paper.files, b = (v - 0.5) * paper.ranks;  // cells, from its centre
    const double toCorner = std::hypot(a - cornerX[k] * paper.files, b - cornerY[k] * paper.ranks);
    const double reach = std::max(0.0, 1.0 - toCorner / (0.6 * paper.files));
    const cv::Point2d onBoard = paper.centre + cv::Point2d(a * std::cos(turn) - b * std::sin(turn),
                                                           a * std::sin(turn) + b * std::cos(turn));
    return boardToWorld(scene, onBoard) + cv::Vec3d(0, paper.heightMm + paper.liftMm * reach * reach, 0);
  };
  const int steps = paper.liftMm > 0 ? 6 * paper.files : 1;
  return gridMesh(steps, steps, place, paperTexture(paperPigment(paper)));
}

std::string sheet(const Scene& scene, const std::string& sheetFile) {
  const cv::Rect2d& s = scene.sheet;
  const auto place = [&](double u, double v) { return boardToWorld(scene, {s.x + u * s.width, s.y + v * s.height}); };
  const bool flat = scene.curl.flat();
  const std::string pigment =
      "pigment { uv_mapping image_map { png \"" + sheetFile + "\" gamma srgb interpolate 2 } }";
  return gridMesh(flat ? 1 : static_cast<int>(3 * s.width), flat ? 1 : static_cast<int>(3 * s.height), place,
                  paperTexture(pigment));
}

std::string light(const Light& l, Quality quality) {
  std::ostringstream out;
  out << "light_source { " << vec(l.position) << ", rgb " << vec(l.colour * l.power) << "\n  fade_distance "
      << number(kFadeMm) << " fade_power 2";
  if (l.sizeMm > 0) {
    const int samples = quality == Quality::Final ? 7 : 5;
    out << "\n  area_light <" << number(l.sizeMm) << ", 0, 0>, <0, 0, " << number(l.sizeMm) << ">, " << samples << ", "
        << samples << " adaptive 1 jitter circular orient";
  }
  if (!l.castsShadows) out << "\n  shadowless";
  out << "\n}  // " << l.role << "\n";
  return out.str();
}

std::string occluder(const Occluder& o) {
  std::ostringstream out;
  out << "// " << o.description << "\n";
  for (const Solid& s : o.solids) {
    const char* shape = s.kind == Solid::Kind::Ellipsoid  ? "sphere { 0, 1 }"
                        : s.kind == Solid::Kind::Cylinder ? "cylinder { <0, -1, 0>, <0, 1, 0>, 1 }"
                                                          : "box { -1, 1 }";
    out << "object { " << shape << " scale " << vec(s.half) << " " << matrix(s)
        << " pigment { rgb 0.2 } no_image no_reflection }\n";
  }
  return out.str();
}

}  // namespace

std::optional<Quality> parseQuality(std::string_view name) {
  if (name == "draft") return Quality::Draft;
  if (name == "final") return Quality::Final;
  return std::nullopt;
}

std::string povScene(const Scene& scene, const std::string& sheetFile, Quality quality) {
  std::ostringstream out;
  out << "// Tessera ray-traced scene: " << scene.variantName << ", " << conditionName(scene.spec.condition) << ", "
      << stageName(scene.spec.stage) << ", seed " << scene.spec.seed
      << ". Written by tessera_povray_scenes; the ground truth is truth.txt.\n"
      << "// Millimetres, y up; the board's a1 corner at the origin, files along x, ranks along z.\n"
      << "#version 3.7;\n"
      << "global_settings { assumed_gamma 1.0 max_trace_level 8 }\n"
      << "background { rgb 0.2 }\n";
  // The camera's own vectors: the picture's x along `right`, its upward y along `up`, one focal
  // length from the pinhole; POV-Ray then renders the undistorted picture of Camera::renderSize.
  const Camera& c = scene.camera;
  const cv::Size rendered = c.renderSize();
  out << "camera { perspective location " << vec(c.location) << "\n  direction " << vec(c.forward) << "\n  right "
      << vec(c.right * (rendered.width / c.lens.focalPixels)) << "\n  up "
      << vec(c.up * (rendered.height / c.lens.focalPixels)) << " }\n";
  for (const Light& l : scene.lights) out << light(l, quality);
  out << "plane { y, -0.3 texture { pigment { wood turbulence 0.3 colour_map { [0 " << srgb(scene.table) << "] [1 "
      << srgb(scene.table * 0.8) << "] } scale 40 rotate <90, 30, 0> } finish { diffuse 0.75 specular 0.1 roughness 0.05 } } }\n";
  out << "// The printed sheet, as `tessera print` draws it\n" << sheet(scene, sheetFile);
  if (!scene.papers.empty()) out << "// Paper laid on it: colour squares, tiles, anti-tiles, sector cards\n";
  for (const LaidPaper& p : scene.papers) out << laidPaper(scene, p);
  out << kPieceShapes;
  out << "#declare Light_Wood = texture { pigment { wood turbulence 0.12 colour_map { [0 " << srgb(scene.lightWood)
      << "] [0.6 " << srgb(scene.lightWood * 0.93) << "] [1 " << srgb(scene.lightWood)
      << "] } scale 0.05 rotate x * 90 } finish { diffuse 0.8 specular 0.3 roughness 0.02 } }\n";
  out << "#declare Dark_Wood = texture { pigment { " << srgb(scene.darkWood)
      << " } finish { diffuse 0.8 specular 0.5 roughness 0.01 reflection { 0.02 } } }\n";
  for (const StandingPiece& p : scene.pieces) {
    const cv::Vec3d at = boardToWorld(scene, p.at);
    out << "object { " << shapeName(p.shape) << "_Shape texture { " << (p.light ? "Light_Wood" : "Dark_Wood")
        << " } scale " << number(scene.cellMm) << " rotate y * " << number(p.yawDeg) << " translate " << vec(at) << " }\n";
  }
  for (const Occluder& o : scene.occluders) out << occluder(o);
  return out.str();
}

std::string povSettings(const Scene& scene, Quality quality) {
  const cv::Size rendered = scene.camera.renderSize();
  const bool final = quality == Quality::Final;
  std::ostringstream out;
  out << "; POV-Ray's settings for scene.pov (tessera_povray_scenes)\n"
      << "Input_File_Name=scene.pov\nOutput_File_Name=render.png\nOutput_File_Type=N\nBits_Per_Color=16\n"
      << "Width=" << rendered.width << "\nHeight=" << rendered.height << "\n"
      << "Antialias=on\nSampling_Method=" << (final ? 2 : 1) << "\nAntialias_Threshold=" << (final ? "0.1" : "0.3")
      << "\nAntialias_Depth=" << (final ? 3 : 2) << "\nJitter=off\nDisplay=off\nPause_When_Done=off\n";
  return out.str();
}

}  // namespace tessera::povray
