#pragma once
// A FrameSource that films a scripted game as it is read (hardware/camera/simulation/scene_game.hpp renders
// the frames on a second thread, a few ahead): the demo's camera, with no camera and no files.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/simulation/scene_game.hpp"

namespace tessera::inputs {

class FilmedGameSource : public camera::FrameSource {
 public:
  FilmedGameSource(const Variant& variant, std::vector<Move> script, scene::SceneStyle style, unsigned seed,
                   scene::FilmOptions film = {});
  ~FilmedGameSource() override;
  camera::FrameRead read() override;
  std::string describe() const override { return "filmed demo game"; }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<camera::Frame> ready_;
  bool finished_ = false, stopping_ = false;
  long index_ = 0;
  std::thread filming_;
};

}  // namespace tessera::inputs
