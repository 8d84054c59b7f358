// The figurines: every piece type of every built-in variant has a designed symbol (no letter
// disc), no two types of a variant look alike when drawn as small as a phone draws them, and the
// paths read as the page's SVG reads them.
#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

#include "host/views/display/board_palette.hpp"
#include "host/views/display/figurine_painter.hpp"

namespace tessera::display {
namespace {

// The symbol drawn white on black at `size` pixels: a mask of what is covered.
cv::Mat silhouette(const Figurine& f, int size) {
  cv::Mat img(size, size, CV_8UC3, cv::Scalar(0, 0, 0));
  drawFigurine(img, {0, 0, size, size}, f, {255, 255, 255}, {128, 128, 128}, {128, 128, 128});
  cv::Mat grey;
  cv::cvtColor(img, grey, cv::COLOR_BGR2GRAY);
  return grey;
}

// The share of pixels whose grey differs by more than a third of the range.
double difference(const cv::Mat& a, const cv::Mat& b) {
  cv::Mat diff;
  cv::absdiff(a, b, diff);
  return static_cast<double>(cv::countNonZero(diff > 85)) / static_cast<double>(a.total());
}

TEST(Figurines, EveryTypeOfEveryBuiltInVariantHasItsOwnSymbolDistinctAtPhoneSize) {
  for (const std::string& name : builtinVariantNames()) {
    const Variant& v = builtinVariant(name);
    std::vector<Figurine> figurines;
    for (const PieceType& t : v.pieces) {
      figurines.push_back(figurineOf(t));
      EXPECT_NE(figurines.back().design, "letter") << name << ": " << t.name << " has no symbol";
    }
    // 28 pixels: a Desert Dust square on a 390-pixel-wide phone.
    for (std::size_t i = 0; i < figurines.size(); ++i)
      for (std::size_t j = i + 1; j < figurines.size(); ++j) {
        const double d = difference(silhouette(figurines[i], 28), silhouette(figurines[j], 28));
        EXPECT_GT(d, 0.06) << name << ": " << v.pieces[i].name << " and " << v.pieces[j].name << " differ in only "
                           << d * 100 << "% of their pixels";
      }
  }
}

TEST(Figurines, DesertDustsPiecesAllHaveSymbolsAndItsCamelCompoundsCarryTheCamelBadge) {
  const Variant& v = builtinVariant("desert-dust");
  EXPECT_EQ(v.pieces.size(), 21u);
  const Figurine hakim = figurineOf(v.pieces[static_cast<std::size_t>(v.typeByName("hakim"))]);
  const Figurine rook = figurineOf(builtinVariant("chess").pieces[static_cast<std::size_t>(builtinVariant("chess").typeByName("rook"))]);
  EXPECT_GT(hakim.layers.size(), rook.layers.size());  // the rook's shape, and the badge
  EXPECT_GT(difference(silhouette(hakim, 28), silhouette(rook, 28)), 0.03);
}

TEST(Figurines, ATypeOfAUsersVariantThatNoSymbolNamesGetsItsLetterOnADisc) {
  PieceType ferz{"ferz", 'F', "F", {}, false};
  const Figurine f = figurineOf(ferz);
  EXPECT_EQ(f.design, "letter");
  EXPECT_EQ(f.letter, 'F');
  cv::Mat img(64, 64, CV_8UC3, cv::Scalar(0, 0, 0));
  drawFigurine(img, {0, 0, 64, 64}, f, {250, 250, 250}, {20, 20, 20}, {20, 20, 20});
  EXPECT_GT(cv::countNonZero(silhouette(f, 64) > 200), 64 * 64 / 3);  // the disc
}

TEST(Figurines, PathsAreFilledEvenOddAsTheSvgFillsThem) {
  // A ring: the outer circle and the inner one in one path leave the centre empty.
  const Figurine ring{"ring", {{FigurineLayer::Role::Ink, "M10 10 L90 10 L90 90 L10 90 Z M30 30 L70 30 L70 70 L30 70 Z"}}, 0};
  cv::Mat img(100, 100, CV_8UC3, cv::Scalar(0, 0, 0));
  drawFigurine(img, {0, 0, 100, 100}, ring, {0, 0, 0}, {255, 255, 255}, {255, 255, 255});
  EXPECT_EQ(img.at<cv::Vec3b>(50, 50)[0], 0);
  EXPECT_EQ(img.at<cv::Vec3b>(20, 20)[0], 255);
  EXPECT_THROW(flattenPath("M0 0 A 5 5 0 0 1 10 10"), std::invalid_argument);
  EXPECT_THROW(flattenPath("M0 0 L 5"), std::invalid_argument);
}

}  // namespace
}  // namespace tessera::display
