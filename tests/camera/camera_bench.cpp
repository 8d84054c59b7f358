// tessera_camera_bench: milliseconds per 1280x720 frame for board location, classification and
// the whole step (reading plus stabiliser), over rendered frames of every variant, and for finding
// the board in one dark, noisy frame of each.
// The first frame of each recording searches the whole image for the markers (acquire); later
// frames look only near where they were (tracking), which is the steady state the target is for.
// Usage: tessera_camera_bench [frames-per-variant] [width height] [opencv-threads]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <opencv2/core.hpp>

#include "hardware/camera/board_reader.hpp"
#include "hardware/camera/simulation/random_play.hpp"
#include "hardware/camera/simulation/scene_renderer.hpp"
#include "hardware/camera/stabiliser.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace {

struct Series {
  std::vector<double> ms;
  void add(double v) { ms.push_back(v); }
  double mean() const {
    double s = 0;
    for (double v : ms) s += v;
    return ms.empty() ? 0 : s / static_cast<double>(ms.size());
  }
  double percentile(double p) const {
    if (ms.empty()) return 0;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    return sorted[std::min(sorted.size() - 1, static_cast<std::size_t>(p * static_cast<double>(sorted.size())))];
  }
};

}  // namespace

int main(int argc, char** argv) {
  using namespace tessera;
  const int framesPerVariant = argc > 1 ? std::stoi(argv[1]) : 40;
  const cv::Size size = argc > 3 ? cv::Size(std::stoi(argv[2]), std::stoi(argv[3])) : cv::Size(1280, 720);
  if (argc > 4) cv::setNumThreads(std::stoi(argv[4]));
  std::mt19937 rng(5);
  Series acquire, locate, classify, whole, darkAcquire;
  int unreadable = 0, total = 0, darkRead = 0;
  for (const std::string& name : builtinVariantNames()) {
    const Variant& variant = builtinVariant(name);
    Position pos = startPosition(variant);
    scene::playRandomly(pos, 12, rng);
    const auto sceneSeed = rng();  // drawn before the style, on every CPU
    scene::SceneRenderer renderer(variant, scene::randomStyle(rng, size, scene::sheetCells(variant), false), sceneSeed);
    std::vector<cv::Mat> frames;
    for (int i = 0; i < 4; ++i) frames.push_back(renderer.render(pos));
    camera::ReaderOptions options;
    options.reportSides = variant.sides == 2;
    // The same board in a dark room: a webcam at full gain, its sensor noise (sigma 25 grey
    // levels) making outlines everywhere for the marker search to sort out.
    scene::SceneStyle dark = renderer.style();
    dark.lightGain = 0.45;
    dark.noiseSigma = 25;
    scene::SceneRenderer darkRenderer(variant, dark, sceneSeed);
    camera::BoardReader darkReader(camera::layoutForVariant(variant), options);
    const camera::FrameReading darkReading = darkReader.read(darkRenderer.render(pos));
    darkAcquire.add(darkReading.locateMs);
    darkRead += darkReading.readable;
    camera::BoardReader reader(camera::layoutForVariant(variant), options);
    camera::Stabiliser stabiliser;
    for (int i = 0; i < framesPerVariant; ++i) {
      const auto start = std::chrono::steady_clock::now();
      const camera::FrameReading reading = reader.read(frames[static_cast<std::size_t>(i) % frames.size()]);
      stabiliser.push(reading, i * 0.1);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      ++total;
      if (!reading.readable) {
        ++unreadable;
        continue;
      }
      if (reading.location.how == camera::BoardLocation::How::Fresh && i == 0) {
        acquire.add(reading.locateMs);
        continue;
      }
      locate.add(reading.locateMs);
      classify.add(reading.classifyMs);
      whole.add(ms);
    }
  }
  std::printf("frames %d at %dx%d, %d unreadable, OpenCV threads %d\n", total, size.width, size.height, unreadable,
              cv::getNumThreads());
  std::printf("acquire (first frame, whole image searched): mean %.2f ms, slowest %.2f ms\n", acquire.mean(),
              acquire.percentile(1.0));
  std::printf("acquire in a dark room (gain 0.45, noise sigma 25): mean %.2f ms, slowest %.2f ms, %d of %zu read\n",
              darkAcquire.mean(), darkAcquire.percentile(1.0), darkRead, darkAcquire.ms.size());
  std::printf("tracking frames:\n");
  std::printf("%-10s %8s %8s %8s\n", "ms/frame", "mean", "p50", "p99");
  std::printf("%-10s %8.2f %8.2f %8.2f\n", "locate", locate.mean(), locate.percentile(0.5), locate.percentile(0.99));
  std::printf("%-10s %8.2f %8.2f %8.2f\n", "classify", classify.mean(), classify.percentile(0.5), classify.percentile(0.99));
  std::printf("%-10s %8.2f %8.2f %8.2f\n", "whole", whole.mean(), whole.percentile(0.5), whole.percentile(0.99));
  return unreadable * 10 > total ? 1 : 0;
}
