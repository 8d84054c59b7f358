// The ray-traced scenes' generator, lens and figures, without POV-Ray: the camera model, scenes
// within the board spec and the conditions of issue 70, the ground truth read back, the develop
// step's lens against the camera model, and the reading's tallies and CI checks.
// (PovrayScenes.CiSubset renders and reads CI's scenes with POV-Ray itself.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include <opencv2/imgproc.hpp>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "develop.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "pov_writer.hpp"
#include "scene.hpp"
#include "scene_reading.hpp"
#include "truth_file.hpp"

namespace tessera::povray {
namespace {

const std::vector<std::string> kVariants = {"chess",          "desert-dust",    "chameleon-redux",   "tiled-squares",
                                            "shifting-chess", "shifting-sands", "chameleon-redux-4p"};

// The sheet `tessera print` draws: 2 cells of margin left, right and above, 4 below, the strip of
// 10 swatches (8 for the Chameleon board) as wide as it needs.
cv::Rect2d printedSheet(const Variant& v) {
  const double width = std::max(v.size.files + 2.0, camera::layoutForVariant(v).swatches.size() + 1.0) + 2;
  return {-2, -4, width, v.size.ranks + 6.0};
}

Scene sceneOf(unsigned seed, const std::string& variant, Condition condition, Stage stage, cv::Size image = {1280, 720}) {
  const Variant& v = builtinVariant(variant);
  return makeScene({seed, variant, condition, stage}, v, printedSheet(v), image);
}

TEST(PovrayLens, TheUndistortedRadiusUndoesTheDistortion) {
  const std::vector<Lens> lenses = {lensWithField("wide", 102, -0.3, 0.054, 1280),
                                    lensWithField("barrel", 70, -0.1, 0.006, 1280),
                                    lensWithField("pincushion", 55, 0.1, 0, 1280)};
  for (const Lens& lens : lenses) {
    EXPECT_TRUE(lens.monotonic()) << lens.name;
    for (double r = 0; r < 2.0; r += 0.05)
      EXPECT_NEAR(lens.undistortedRadius(lens.distortedRadius(r)), r, 1e-9) << lens.name << " at " << r;
  }
  EXPECT_FALSE((Lens{"too strong", 1000, -0.3, 0.01}).monotonic()) << "bends back beyond some radius";
}

TEST(PovrayLens, TheFieldOfViewSpansThePicturesWidth) {
  for (const Lens& lens : {lensWithField("standard", 66, 0, 0, 1280), lensWithField("wide", 102, -0.3, 0.054, 1280)}) {
    // A camera looking straight down at a point straight ahead of the picture's right edge.
    const Camera c = cameraAimedAt({0, 0, 0}, 1000, 0, 0, 0, lens, {1280, 720});
    const double half = lens.name == "wide" ? 51 : 33;
    const auto p = c.project(cv::Vec3d(1000 * std::tan(half * CV_PI / 180), 0, 0));
    ASSERT_TRUE(p.has_value());
    EXPECT_NEAR(p->x, 1279.5, 1e-6) << lens.name;
    EXPECT_NEAR(p->y, 359.5, 1e-6) << lens.name;
  }
}

TEST(PovrayCamera, LooksAtItsTargetWithTheBoardUnmirrored) {
  const Lens lens = lensWithField("standard", 66, 0, 0, 1280);
  const Camera down = cameraAimedAt({100, 0, 200}, 800, 0, 0, 0, lens, {1280, 720});
  EXPECT_NEAR(cv::norm(down.location - cv::Vec3d(100, 800, 200)), 0, 1e-9);
  const cv::Point2d centre = *down.project({100, 0, 200});
  EXPECT_NEAR(cv::norm(centre - down.centre()), 0, 1e-9);
  // Seen from above, the files (+x) run to the picture's right and the ranks (+z) up it: a sheet
  // printed upright is seen upright, not mirrored (ArUco reads no mirrored marker).
  const cv::Point2d alongFiles = *down.project({150, 0, 200}), alongRanks = *down.project({100, 0, 250});
  EXPECT_GT(alongFiles.x, centre.x + 10);
  EXPECT_NEAR(alongFiles.y, centre.y, 1e-9);
  EXPECT_LT(alongRanks.y, centre.y - 10);
  // Tilted and turned, the axes stay square and the target stays in the middle.
  const Camera tilted = cameraAimedAt({100, 0, 200}, 800, 30, 40, 75, lens, {1280, 720});
  EXPECT_NEAR(tilted.forward.dot(tilted.up), 0, 1e-12);
  EXPECT_NEAR(tilted.forward.dot(tilted.right), 0, 1e-12);
  EXPECT_NEAR(std::acos(-tilted.forward[1]) * 180 / CV_PI, 30, 1e-9);
  EXPECT_NEAR(cv::norm(*tilted.project({100, 0, 200}) - tilted.centre()), 0, 1e-9);
  EXPECT_GT(tilted.right.cross(tilted.up).dot(tilted.forward), 0) << "the same handedness as looking straight down";
}

TEST(PovrayCamera, EachPixelTakesItsColourFromWhereTheLensBendsTheRayFrom) {
  // A point's pixel in the final picture must take its colour from the point's pinhole image in
  // the undistorted render: the develop step and the camera model agree.
  for (const Lens& lens : {lensWithField("wide", 102, -0.3, 0.054, 1280), lensWithField("pincushion", 55, 0.1, 0, 1280)}) {
    const Camera c = cameraAimedAt({0, 0, 0}, 700, 20, 10, 33, lens, {1280, 720});
    const cv::Size rendered = c.renderSize();
    for (const cv::Vec3d& world : {cv::Vec3d(30, 0, 40), cv::Vec3d(-200, 0, 90), cv::Vec3d(150, 20, -120)}) {
      const auto pixel = c.project(world);
      ASSERT_TRUE(pixel.has_value());
      const cv::Vec3d p = world - c.location;
      const double depth = p.dot(c.forward);
      const cv::Point2d pinhole((rendered.width - 1) / 2.0 + lens.focalPixels * p.dot(c.right) / depth,
                                (rendered.height - 1) / 2.0 - lens.focalPixels * p.dot(c.up) / depth);
      EXPECT_NEAR(cv::norm(c.sourceOf(*pixel, rendered) - pinhole), 0, 1e-6) << lens.name;
    }
    // Every corner's source lies inside the render.
    for (const cv::Point2d corner : {cv::Point2d(0, 0), cv::Point2d(1279, 0), cv::Point2d(0, 719), cv::Point2d(1279, 719)}) {
      const cv::Point2d s = c.sourceOf(corner, rendered);
      EXPECT_TRUE(s.x >= 0 && s.y >= 0 && s.x <= rendered.width - 1 && s.y <= rendered.height - 1) << lens.name;
    }
  }
  const Camera barrel = cameraAimedAt({0, 0, 0}, 700, 0, 0, 0, lensWithField("wide", 102, -0.3, 0.054, 1280), {1280, 720});
  EXPECT_GT(barrel.renderSize().width, 1280) << "barrel: the render reaches beyond the picture";
  const Camera pincushion = cameraAimedAt({0, 0, 0}, 700, 0, 0, 0, lensWithField("p", 55, 0.1, 0, 1280), {1280, 720});
  EXPECT_LT(pincushion.renderSize().width, 1280) << "pincushion: it needs less";
}

TEST(PovrayDevelop, ADotRenderedThroughThePinholeLandsWhereTheLensPutsIt) {
  const Camera c = cameraAimedAt({0, 0, 0}, 700, 12, 0, 20, lensWithField("wide", 102, -0.3, 0.054, 640), {640, 360});
  const cv::Size rendered = c.renderSize();
  const cv::Vec3d world(-180, 0, 60);
  const cv::Vec3d p = world - c.location;
  const double depth = p.dot(c.forward);
  const cv::Point pinhole(static_cast<int>(std::lround((rendered.width - 1) / 2.0 + c.lens.focalPixels * p.dot(c.right) / depth)),
                          static_cast<int>(std::lround((rendered.height - 1) / 2.0 - c.lens.focalPixels * p.dot(c.up) / depth)));
  cv::Mat render(rendered, CV_16UC3, cv::Scalar(0, 0, 0));
  cv::circle(render, pinhole, 2, cv::Scalar(65535, 65535, 65535), cv::FILLED);
  Develop plain;
  plain.noiseSigma = 0;
  const cv::Mat picture = developPicture(render, c, plain, 1);
  ASSERT_EQ(picture.size(), c.image);
  cv::Mat grey;
  cv::cvtColor(picture, grey, cv::COLOR_BGR2GRAY);
  const cv::Moments m = cv::moments(grey);
  const cv::Point2d found(m.m10 / m.m00, m.m01 / m.m00);
  EXPECT_LT(cv::norm(found - *c.project(world)), 1.0) << "the dot, squeezed by the lens, lies where project() says";
}

TEST(PovrayDevelop, VignettingDarkensTheCornersAndWhiteBalanceTintsAsAsked) {
  const Camera c = cameraAimedAt({0, 0, 0}, 700, 0, 0, 0, lensWithField("standard", 66, 0, 0, 320), {320, 180});
  const cv::Mat grey(c.image, CV_8UC3, cv::Scalar(180, 180, 180));
  Develop d;
  d.noiseSigma = 0;
  d.vignetting = 0.4;
  d.whiteBalance = {1.0, 1.0, 0.5};  // RGB: blue halved
  const cv::Mat picture = developPicture(grey, c, d, 1);
  const cv::Vec3b middle = picture.at<cv::Vec3b>(90, 160), corner = picture.at<cv::Vec3b>(0, 0);
  EXPECT_NEAR(middle[2], 180, 1);  // red, in the middle: untouched
  EXPECT_LT(middle[0], 140);       // blue: half the light is 0.73 of the sRGB value
  EXPECT_LT(corner[2], middle[2] - 25) << "40% of the light lost at the corner";
}

TEST(PovrayScene, EveryPlannedSceneStaysWithinTheBoardSpecAndItsConditionsBounds) {
  // The full set at 1280x720 and CI's few at 960x540, as scripts/render-povray-scenes.sh renders them.
  std::vector<std::pair<SceneSpec, cv::Size>> plans;
  for (const SceneSpec& s : fullPlan(70)) plans.emplace_back(s, cv::Size(1280, 720));
  for (const SceneSpec& s : ciPlan()) plans.emplace_back(s, cv::Size(960, 540));
  for (const auto& [spec, image] : plans) {
    const Scene s = sceneOf(spec.seed, spec.variant, spec.condition, spec.stage, image);
    const Condition condition = spec.condition;
    const std::string what = spec.variant + " " + std::string(conditionName(condition)) + " " + std::to_string(spec.seed);
    EXPECT_GE(s.distanceMm, 400) << what;
    EXPECT_LE(s.distanceMm, 1000) << what;
    EXPECT_LE(s.tiltDeg, 30) << what;
    EXPECT_GE(s.cellMm, 25) << what;
    EXPECT_LE(s.cellMm, 60) << what;
    EXPECT_GE(s.smallestMarkerPixels, 20) << what;
    // The whole sheet in the picture.
    for (const cv::Point2d corner : {s.sheet.tl(), s.sheet.br(), cv::Point2d(s.sheet.x, s.sheet.br().y),
                                     cv::Point2d(s.sheet.br().x, s.sheet.y)}) {
      const auto p = s.camera.project(boardToWorld(s, corner));
      ASSERT_TRUE(p.has_value()) << what;
      EXPECT_TRUE(p->x > 0 && p->y > 0 && p->x < image.width - 1 && p->y < image.height - 1) << what;
    }
    const bool messy = condition == Condition::Messy;
    for (const StandingPiece& piece : s.pieces) {
      const cv::Point2d centre(std::floor(piece.at.x) + 0.5, std::floor(piece.at.y) + 0.5);
      EXPECT_LE(cv::norm(piece.at - centre), messy ? 0.2 : 0.05) << what;
    }
    for (const LaidPaper& paper : s.papers) {
      const cv::Point2d home((std::floor(paper.centre.x / paper.files) + 0.5) * paper.files,
                             (std::floor(paper.centre.y / paper.ranks) + 0.5) * paper.ranks);
      EXPECT_LE(cv::norm(paper.centre - home), messy ? 0.15 : 0.03) << what;
      EXPECT_LE(std::abs(paper.angleDeg), messy ? 10 : 2) << what;
      if (!messy) {
        EXPECT_EQ(paper.liftMm, 0) << what << ": only messy paper curls";
      }
    }
    EXPECT_EQ(s.curl.flat(), !messy) << what;
    EXPECT_EQ(s.camera.lens.distorts(), condition == Condition::Lens) << what;
    EXPECT_EQ(!s.occluders.empty(), condition == Condition::Shadow) << what;
    if (condition == Condition::Shadow) {
      // The shadow 25-50% darker in the picture's values: 47-78% of the light gone.
      EXPECT_GE(s.keyShare, 0.46) << what;
      EXPECT_LE(s.keyShare, 0.79) << what;
    }
    if (condition == Condition::Light) {
      EXPECT_GE(s.gradient, 1.7) << what << ": about 2:1 across the board";
      EXPECT_LE(s.gradient, 2.4) << what;
      EXPECT_GE(s.develop.vignetting, 0.25) << what;
      EXPECT_GT(cv::norm(s.develop.whiteBalance - cv::Vec3d(1, 1, 1)), 0.1) << what;
    } else {
      EXPECT_LT(s.gradient, 1.5) << what;
      EXPECT_EQ(s.develop.whiteBalance, cv::Vec3d(1, 1, 1)) << what;
    }
  }
}

TEST(PovrayScene, PiecesAndPaperAreThoseOfThePosition) {
  for (const std::string& variant : kVariants) {
    const Scene s = sceneOf(7, variant, Condition::Plain, Stage::Mid);
    const Variant& v = builtinVariant(variant);
    const Position pos = parsePosition(v, s.position);
    const Observation truth = sensorView(pos, SensorProfile::Camera);
    // One standing piece on each occupied cell, light or dark as the camera should read it.
    std::multiset<std::tuple<int, int, bool>> standing, expected;
    for (const StandingPiece& p : s.pieces)
      standing.emplace(static_cast<int>(p.at.x), static_cast<int>(p.at.y), p.light);
    for (int r = 0; r < v.size.ranks; ++r)
      for (int f = 0; f < v.size.files; ++f) {
        const PieceCode code = pos.at(makeSquare(f, r));
        if (code) expected.emplace(f, r, v.sides == 2 ? truth.at(f, r).occupant == Occupant::Light : pieceSide(code) % 2 == 0);
      }
    EXPECT_EQ(standing, expected) << variant;
    // Where the paper lies, each cell shows the surface the camera should read; elsewhere the sheet prints it.
    std::vector<Surface> shown = camera::printedCells(v);
    for (const LaidPaper& paper : s.papers)
      for (int r = 0; r < paper.ranks; ++r)
        for (int f = 0; f < paper.files; ++f) {
          const int file = static_cast<int>(std::floor(paper.centre.x - paper.files / 2.0 + 0.5)) + f;
          const int rank = static_cast<int>(std::floor(paper.centre.y - paper.ranks / 2.0 + 0.5)) + r;
          shown[static_cast<std::size_t>(rank * v.size.files + file)] =
              paper.cells[static_cast<std::size_t>(r * paper.files + f)];
        }
    for (int r = 0; r < v.size.ranks; ++r)
      for (int f = 0; f < v.size.files; ++f)
        EXPECT_EQ(shown[static_cast<std::size_t>(r * v.size.files + f)], truth.at(f, r).surface)
            << variant << " " << squareName(makeSquare(f, r));
  }
  const Scene sectors = sceneOf(7, "shifting-chess", Condition::Plain, Stage::Start);
  ASSERT_FALSE(sectors.papers.empty());
  EXPECT_EQ(sectors.papers[0].files, 2) << "Shifting Chess's sectors are 2x2 cards";
}

TEST(PovrayScene, TheSameSeedMakesTheSameScene) {
  const Scene a = sceneOf(5, "tiled-squares", Condition::Messy, Stage::Mid);
  const Scene b = sceneOf(5, "tiled-squares", Condition::Messy, Stage::Mid);
  EXPECT_EQ(povScene(a, "sheet.png", Quality::Final), povScene(b, "sheet.png", Quality::Final));
  EXPECT_EQ(truthText(a), truthText(b));
  EXPECT_NE(truthText(a), truthText(sceneOf(6, "tiled-squares", Condition::Messy, Stage::Mid)));
}

TEST(PovrayScene, ThePovSceneHoldsEveryPieceSheetAndOccluder) {
  const Scene s = sceneOf(9, "shifting-sands", Condition::Shadow, Stage::Mid);
  const std::string pov = povScene(s, "sheet.png", Quality::Draft);
  const auto count = [&](const std::string& what) {
    std::size_t n = 0;
    for (std::size_t at = pov.find(what); at != std::string::npos; at = pov.find(what, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(count("_Shape texture"), s.pieces.size());
  EXPECT_EQ(count("mesh2 {"), s.papers.size() + 1) << "the sheet and each laid paper";
  EXPECT_EQ(count("image_map { png \"sheet.png\""), 1u);
  EXPECT_EQ(count("light_source"), 3u);
  std::size_t solids = 0;
  for (const Occluder& o : s.occluders) solids += o.solids.size();
  EXPECT_EQ(count("no_image"), solids);
  const std::string settings = povSettings(s, Quality::Draft);
  const cv::Size rendered = s.camera.renderSize();
  EXPECT_NE(settings.find("Width=" + std::to_string(rendered.width) + "\n"), std::string::npos);
  EXPECT_NE(settings.find("Height=" + std::to_string(rendered.height) + "\n"), std::string::npos);
}

TEST(PovrayTruth, TheGroundTruthReadsBackAsTheScene) {
  const Scene s = sceneOf(11, "desert-dust", Condition::Lens, Stage::Mid);
  const Truth t = Truth::parse(truthText(s));
  EXPECT_EQ(t.text("variant"), "desert-dust");
  EXPECT_EQ(t.text("position"), s.position);
  EXPECT_EQ(t.text("condition"), "lens");
  EXPECT_EQ(t.text("stage"), "mid");
  EXPECT_EQ(t.renderSize(), s.camera.renderSize());
  const Camera c = t.camera();
  for (const cv::Point2d board : {cv::Point2d(0, 0), cv::Point2d(12, 12), cv::Point2d(-1.5, -3.5)}) {
    const auto expected = s.camera.project(boardToWorld(s, board));
    const auto read = c.project(sheetPoint(t.cellMm(), t.sheet(), t.curl(), board));
    ASSERT_TRUE(expected && read);
    EXPECT_LT(cv::norm(*expected - *read), 1e-5);
  }
  EXPECT_EQ(t.develop().jpegQuality, s.develop.jpegQuality);
  EXPECT_NEAR(t.develop().vignetting, s.develop.vignetting, 1e-9);
  const Scene messy = sceneOf(11, "chess", Condition::Messy, Stage::Start);
  const SheetCurl curl = Truth::parse(truthText(messy)).curl();
  EXPECT_NEAR(curl.heightAt(0.1, 0.9), messy.curl.heightAt(0.1, 0.9), 1e-6);
  EXPECT_THROW(Truth::parse("variant chess"), std::runtime_error);
  EXPECT_THROW(t.text("no such key"), std::runtime_error);
}

TEST(PovrayPlan, SeventyScenesMeetEveryConditionWithEveryVariantFromTheStartAndInMidGame) {
  const std::vector<SceneSpec> plan = fullPlan(70);
  std::set<std::tuple<std::string, Condition, Stage>> met;
  for (const SceneSpec& s : plan) met.emplace(s.variant, s.condition, s.stage);
  EXPECT_EQ(met.size(), 70u);
  std::set<std::pair<std::string, Condition>> firstHalf;
  std::set<Stage> stagesOfFirstHalf;
  for (std::size_t k = 0; k < 35; ++k) {
    firstHalf.emplace(plan[k].variant, plan[k].condition);
    stagesOfFirstHalf.insert(plan[k].stage);
  }
  EXPECT_EQ(firstHalf.size(), 35u) << "any 35 in a row: every pair";
  EXPECT_EQ(stagesOfFirstHalf.size(), 2u);
  std::set<Condition> ci;
  for (const SceneSpec& s : ciPlan()) ci.insert(s.condition);
  EXPECT_EQ(ci.size(), kConditions.size()) << "CI's few: every condition";
}

CellResult cell(Occupant truth, Surface surface, Outcome outcome, Occupant seen) {
  CellResult c;
  c.truth = {truth, surface, 1, 1};
  c.seen = {seen, surface, 1, 1};
  c.outcome = outcome;
  return c;
}

SceneResult fabricated(const std::string& name, Condition condition, int wrong, int allMarkers = 30) {
  SceneResult s;
  s.name = name;
  s.variant = "chess";
  s.condition = condition;
  s.frames = 30;
  s.located = 30;
  s.allMarkersSeen = allMarkers;
  s.settled = true;
  s.markerTruthError = 0.3;
  for (int i = 0; i < 10; ++i)
    s.cells.push_back(i < wrong ? cell(Occupant::Empty, Surface::LightSquare, Outcome::Wrong, Occupant::Light)
                                : cell(Occupant::Dark, Surface::DarkSquare, Outcome::Right, Occupant::Dark));
  return s;
}

TEST(PovrayReading, TheChecksFailOnlyOnWhatTodaysPipelineMustGetRight) {
  EXPECT_TRUE(checkFailures({fabricated("a", Condition::Plain, 0), fabricated("b", Condition::Shadow, 4)}, 1.0).empty())
      << "cells read wrong in a shadow are figures, not failures";
  const auto wrongInPlain = checkFailures({fabricated("p", Condition::Plain, 1)}, 1.0);
  ASSERT_EQ(wrongInPlain.size(), 1u);
  EXPECT_EQ(wrongInPlain[0], "p: a plain scene with 1 cells read wrong and 0 not read");
  EXPECT_TRUE(checkFailures({fabricated("m", Condition::Lens, 0, 27)}, 1.0).empty())
      << "all four markers in 9 frames of 10: enough for calibrate";
  const auto markerMissed = checkFailures({fabricated("m", Condition::Lens, 0, 26)}, 1.0);
  ASSERT_EQ(markerMissed.size(), 1u);
  EXPECT_EQ(markerMissed[0], "m: the board found in 30 of 30 frames, all four markers in 26");
  SceneResult offTruth = fabricated("t", Condition::Light, 0);
  offTruth.markerTruthError = 2.5;
  EXPECT_EQ(checkFailures({offTruth}, 1.0).size(), 1u) << "a ground truth whose camera is off is a failure too";
  EXPECT_FALSE(checkFailures({}, 1.0).empty()) << "nothing read is no pass";
}

TEST(PovrayReading, TheReportCountsEveryCellByConditionAndClass) {
  const std::vector<SceneResult> results = {fabricated("s1", Condition::Shadow, 2), fabricated("s2", Condition::Shadow, 0),
                                            fabricated("p1", Condition::Plain, 0)};
  const std::string report = reportMarkdown(results);
  // Shadow: 20 cells, 2 wrong; one scene of two with every cell right.
  EXPECT_NE(report.find("| " + std::string(conditionTitle(Condition::Shadow)) + " | 2 | 2 | 20 | 90.00 % | 10.00 % | 0.00 % | 0.00 % | 1 |"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("| all | 3 | 3 | 30 | 93.33 % | 6.67 % | 0.00 % | 0.00 % | 2 |"), std::string::npos) << report;
  EXPECT_NE(report.find("| empty | 2 | 0.00 % | 100.00 % | 0.00 % | 0.00 % |"), std::string::npos) << report;
  EXPECT_NE(report.find("| empty on light square | light piece on light square | 2 |"), std::string::npos) << report;
  EXPECT_NE(report.find("| variant | dark piece | empty |\n|---|---|---|\n| chess | 0.00 % (0.00 %) | 100.00 % (0.00 %) |"),
            std::string::npos)
      << report;
  EXPECT_NE(summaryText(results).find("shadow    2 scenes,     20 cells: right and sure 90.00 %"), std::string::npos)
      << summaryText(results);
}

}  // namespace
}  // namespace tessera::povray
