#include "filmed_game_source.hpp"

#include "core/rules/position_text.hpp"

namespace tessera::inputs {
namespace {
constexpr std::size_t kFramesAhead = 6;
struct Stopped {};
}  // namespace

FilmedGameSource::FilmedGameSource(const Variant& variant, std::vector<Move> script, scene::SceneStyle style,
                                   unsigned seed, scene::FilmOptions film) {
  filming_ = std::thread([this, &variant, script = std::move(script), style, seed, film] {
    scene::SceneRenderer renderer(variant, style, seed);
    try {
      scene::filmGame(renderer, startPosition(variant), script, film, [this](const cv::Mat& image, double seconds) {
        std::unique_lock lock(mutex_);
        changed_.wait(lock, [this] { return stopping_ || ready_.size() < kFramesAhead; });
        if (stopping_) throw Stopped{};
        ready_.push_back({image.clone(), seconds, index_++});
        changed_.notify_all();
      });
    } catch (const Stopped&) {
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
    changed_.notify_all();
  });
}

FilmedGameSource::~FilmedGameSource() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
  }
  filming_.join();
}

camera::FrameRead FilmedGameSource::read() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [this] { return finished_ || !ready_.empty(); });
  camera::FrameRead r;
  if (ready_.empty()) return r;  // Finished
  r.status = camera::FrameRead::Status::Frame;
  r.frame = std::move(ready_.front());
  ready_.pop_front();
  changed_.notify_all();
  return r;
}

}  // namespace tessera::inputs
