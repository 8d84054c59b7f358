// The camera pipeline on frames no test scene shows: a rendered start position of a variant, then
// changed by the input into what a bad camera, a bad cable or a bad file could give (cropped,
// scaled to a few pixels, turned, mirrored, warped past any real pose, painted over, flooded with
// noise, over- or under-exposed, blurred, drained of colour, or JPEG-coded and corrupted). The
// input is a variant byte, then operations of five bytes (a code and four parameters); the code
// kNextFrame sends the frame so far to the reader and starts the next one from the rendered scene,
// so that the locator's kept location and the stabiliser see sequences as well.
// Promises: no crash; a frame read as readable has every cell of the board read with confidences
// in 0..1; a location found is a finite homography; and no input takes 10 s (fuzz.sh's limit).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <random>
#include <vector>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include "core/rules/position_text.hpp"
#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "tests/fuzz/variants_to_fuzz.hpp"

namespace {

using namespace tessera;

constexpr int kNextFrame = 10;
constexpr int kMaxSide = 1600;

// One rendered start position per variant, drawn once: rendering costs more than reading.
const cv::Mat& sceneOf(const Variant& variant) {
  static std::map<const Variant*, cv::Mat> scenes;
  auto it = scenes.find(&variant);
  if (it != scenes.end()) return it->second;
  std::mt19937 rng(11);
  const scene::SceneStyle style = scene::randomStyle(rng, {480, 360}, scene::sheetCells(variant), false);
  scene::SceneRenderer renderer(variant, style, 5);
  return scenes.emplace(&variant, renderer.render(startPosition(variant))).first->second;
}

double fraction(std::uint8_t byte) { return byte / 255.0; }

cv::Mat cropped(const cv::Mat& image, const std::uint8_t* p) {
  const int x0 = static_cast<int>(fraction(p[0]) * (image.cols - 1) / 2);
  const int y0 = static_cast<int>(fraction(p[1]) * (image.rows - 1) / 2);
  const int x1 = std::max(x0 + 1, image.cols - static_cast<int>(fraction(p[2]) * (image.cols - 1) / 2));
  const int y1 = std::max(y0 + 1, image.rows - static_cast<int>(fraction(p[3]) * (image.rows - 1) / 2));
  return image(cv::Rect(x0, y0, x1 - x0, y1 - y0)).clone();
}

cv::Mat scaled(const cv::Mat& image, const std::uint8_t* p) {
  const double sx = (p[0] + 1) / 64.0, sy = (p[1] & 1) ? sx : (p[2] + 1) / 64.0;
  const cv::Size size(std::clamp(static_cast<int>(image.cols * sx), 1, kMaxSide),
                      std::clamp(static_cast<int>(image.rows * sy), 1, kMaxSide));
  const int modes[] = {cv::INTER_NEAREST, cv::INTER_LINEAR, cv::INTER_AREA, cv::INTER_CUBIC};
  cv::Mat out;
  cv::resize(image, out, size, 0, 0, modes[p[3] % 4]);
  return out;
}

cv::Mat turned(const cv::Mat& image, const std::uint8_t* p) {
  cv::Mat out = image.clone();
  const int turns[] = {cv::ROTATE_90_CLOCKWISE, cv::ROTATE_180, cv::ROTATE_90_COUNTERCLOCKWISE};
  if (p[0] % 4 != 3) cv::rotate(image, out, turns[p[0] % 4]);
  if (p[1] % 4 != 3) cv::flip(out, out, p[1] % 4 - 1);  // -1 both ways, 0 upside down, 1 mirrored
  return out;
}

// Each corner moved by up to 60% of the image: folded, crossed and collapsed quadrilaterals too.
cv::Mat warped(const cv::Mat& image, const std::uint8_t* p) {
  const float w = static_cast<float>(image.cols), h = static_cast<float>(image.rows);
  const cv::Point2f from[4] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
  cv::Point2f to[4];
  for (int i = 0; i < 4; ++i) {
    const float dx = (static_cast<int>(p[i] & 0x0f) - 8) * 0.075f * w;
    const float dy = (static_cast<int>(p[i] >> 4) - 8) * 0.075f * h;
    to[i] = from[i] + cv::Point2f(dx, dy);
  }
  cv::Mat out;
  cv::warpPerspective(image, out, cv::getPerspectiveTransform(from, to), image.size());
  return out;
}

cv::Mat paintedOver(const cv::Mat& image, const std::uint8_t* p) {
  cv::Mat out = image.clone();
  const int x = static_cast<int>(fraction(p[0]) * image.cols), y = static_cast<int>(fraction(p[1]) * image.rows);
  const cv::Rect rect = cv::Rect(x, y, 1 + (p[2] & 0x7f) * image.cols / 128, 1 + (p[3] & 0x7f) * image.rows / 128) &
                        cv::Rect(0, 0, image.cols, image.rows);
  const cv::Scalar colour((p[2] >> 7) * 255, (p[3] >> 7) * 255, (p[0] ^ p[1]));
  out(rect).setTo(colour);
  return out;
}

cv::Mat noisy(const cv::Mat& image, const std::uint8_t* p) {
  cv::Mat noise(image.size(), CV_16SC3);
  cv::theRNG().state = p[1] | (p[2] << 8) | 1;
  cv::randn(noise, cv::Scalar::all(0), cv::Scalar::all(p[0] / 2.0));
  cv::Mat out;
  cv::add(image, noise, out, cv::noArray(), CV_8UC3);
  return out;
}

cv::Mat exposed(const cv::Mat& image, const std::uint8_t* p) {
  cv::Mat out;
  cv::multiply(image, cv::Scalar(p[0] / 64.0, p[1] / 64.0, p[2] / 64.0), out);
  out += cv::Scalar::all(p[3] >> 4);
  return out;
}

cv::Mat blurred(const cv::Mat& image, const std::uint8_t* p) {
  cv::Mat out;
  const int k = 2 * (p[0] % 16) + 1;
  cv::GaussianBlur(image, out, cv::Size(k, k), 0);
  return out;
}

cv::Mat colourless(const cv::Mat& image, const std::uint8_t*) {
  cv::Mat grey, out;
  cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
  cv::cvtColor(grey, out, cv::COLOR_GRAY2BGR);
  return out;
}

// JPEG at a quality from the input, one byte of the file overwritten: a broken frame from a USB
// camera's MJPG stream. One that no longer decodes is no frame (a source never passes it on).
cv::Mat recoded(const cv::Mat& image, const std::uint8_t* p) {
  std::vector<std::uint8_t> bytes;
  cv::imencode(".jpg", image, bytes, {cv::IMWRITE_JPEG_QUALITY, p[0] % 101});
  if (p[3] & 1) bytes[(p[1] | (p[2] << 8)) % bytes.size()] = p[3];
  cv::Mat out = cv::imdecode(bytes, cv::IMREAD_COLOR);
  return out.empty() ? image : out;
}

void checkReading(const camera::FrameReading& reading, const camera::BoardLayout& layout) {
  if (reading.location.found())
    for (int i = 0; i < 9; ++i)
      if (!std::isfinite(reading.location.boardToImage.val[i])) std::abort();
  if (!reading.readable) return;
  if (reading.cells.files != layout.files || reading.cells.ranks != layout.ranks ||
      reading.cells.cells.size() != static_cast<std::size_t>(layout.files * layout.ranks))
    std::abort();
  for (const CellObservation& cell : reading.cells.cells)
    if (!(cell.occupantConfidence >= 0 && cell.occupantConfidence <= 1 && cell.surfaceConfidence >= 0 &&
          cell.surfaceConfidence <= 1))
      std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const Variant& variant = fuzz::variantOfByte(data[0]);
  const cv::Mat& scene = sceneOf(variant);
  camera::ReaderOptions options;
  options.reportSides = variant.sides == 2;
  camera::BoardReader reader(camera::layoutForVariant(variant), options);
  camera::Stabiliser stabiliser;
  using Operation = cv::Mat (*)(const cv::Mat&, const std::uint8_t*);
  const Operation operations[] = {cropped, scaled, turned, warped, paintedOver,
                                  noisy,   exposed, blurred, colourless, recoded};
  static_assert(std::size(operations) == kNextFrame);

  cv::Mat frame = scene;
  double seconds = 0.0;
  auto send = [&] {
    const camera::FrameReading reading = reader.read(frame);
    checkReading(reading, reader.layout());
    (void)stabiliser.push(reading, seconds);
    seconds += 0.25;
    frame = scene;
  };
  for (std::size_t at = 1; at + 5 <= size; at += 5) {
    const int code = data[at] % (kNextFrame + 1);
    if (code == kNextFrame) {
      send();
      continue;
    }
    // OpenCV refusing an operation (a transform it cannot invert) spoils nothing: it is skipped.
    try {
      frame = operations[code](frame, data + at + 1);
    } catch (const cv::Exception&) {
    }
  }
  send();
  return 0;
}
