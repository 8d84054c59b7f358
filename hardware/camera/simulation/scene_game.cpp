#include "scene_game.hpp"

#include "core/rules/sectors.hpp"

namespace tessera::scene {

namespace {

cv::Point2d cellCentre(Square sq) { return {fileOf(sq) + 0.5, rankOf(sq) + 0.5}; }

// Where the hand goes for an action: a sector shift names slots, not squares.
std::pair<cv::Point2d, cv::Point2d> handPath(const Move& m) {
  if (m.kind == MoveKind::SectorShift) {
    const auto from = slotSquares(m.from), to = slotSquares(m.to);
    return {cellCentre(from[0]) + cv::Point2d(0.5, 0.5), cellCentre(to[0]) + cv::Point2d(0.5, 0.5)};
  }
  return {cellCentre(m.from), cellCentre(m.to)};
}

// The side of the table each player sits at: South reaches up from rank 1, then clockwise.
double armAngle(const Position& pos) {
  if (pos.variant().sides == 2) return pos.sideToMove() == 0 ? 270.0 : 90.0;
  static constexpr double kAngles[4] = {270.0, 180.0, 90.0, 0.0};
  return kAngles[pos.sideToMove() % 4];
}

}  // namespace

void filmGame(SceneRenderer& renderer, const Position& start, const std::vector<Move>& actions,
              const FilmOptions& options, const FrameSink& sink) {
  Position pos = start;
  long frame = 0;
  auto emit = [&](const std::vector<Hand>& hands) {
    sink(renderer.render(pos, hands), static_cast<double>(frame) / options.framesPerSecond);
    ++frame;
  };
  auto stillness = [&](int actionsDone, int frames) {
    for (int i = 0; i < frames; ++i) {
      if (actionsDone == options.lamp.afterAction && i == frames / 2)
        renderer.changeLight(options.lamp.gain, options.lamp.tint, options.lamp.gradient);
      emit({});
    }
  };
  stillness(0, options.stillFrames);
  int done = 0;
  const cv::Vec3d skins[4] = {{120, 150, 205}, {80, 110, 160}, {60, 80, 115}, {140, 170, 225}};
  for (std::size_t index = 0; index < actions.size(); ++index) {
    const Move& m = actions[index];
    const auto [from, to] = handPath(m);
    Hand hand;
    hand.fromAngleDeg = armAngle(pos);
    hand.skin = skins[pos.sideToMove() % 4];
    const double a = hand.fromAngleDeg * 3.14159265358979 / 180.0;
    const cv::Point2d outside = from + cv::Point2d(std::cos(a), std::sin(a)) * 8.0;
    const int half = std::max(1, options.handFrames / 2);
    for (int i = 1; i <= half; ++i) {
      hand.tip = outside + (from - outside) * (static_cast<double>(i) / half);
      emit({hand});
    }
    pos.make(m);
    for (int i = 1; i <= half; ++i) {
      hand.tip = from + (to - from) * (static_cast<double>(i) / half);
      emit({hand});
    }
    hand.tip = to + (outside - to) * 0.5;
    emit({hand});
    stillness(++done, index < options.stillFramesAfter.size() ? options.stillFramesAfter[index] : options.stillFrames);
  }
}

}  // namespace tessera::scene
