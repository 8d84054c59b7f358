#pragma once
// A scripted game filmed on the scene renderer, read frame by frame by the camera (BoardWatcher)
// and refereed from its settled snapshots alone (SnapshotReferee), the referee telling the camera
// what the board shows after every snapshot it judged, as a session does. Fails the test at once if
// an action is accepted that is not the scripted one at that point. After the game, the board is
// left standing for `restFrames` frames.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "hardware/camera/board_watcher.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "hardware/camera/variant/snapshot_referee.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::camera {

struct RefereedFilm {
  std::vector<Move> rebuilt;
  int frames = 0, unreadable = 0, mismatches = 0, proposals = 0;
  int secondReadings = 0;  // snapshots that read a still board the second time
  int severalAtOnce = 0;   // snapshots that accepted more than one action
  double readingMs = 0;
};

inline RefereedFilm refereeFilm(scene::SceneRenderer& renderer, const Variant& variant, const std::vector<Move>& script,
                                const scene::FilmOptions& film = {}, int restFrames = 0) {
  ReaderOptions readerOptions;
  readerOptions.reportSides = variant.sides == 2;
  BoardWatcher watcher(layoutForVariant(variant), readerOptions);
  Game game(variant);
  SnapshotReferee referee(game);
  watcher.expect(referee.expected());
  RefereedFilm result;
  const auto sink = [&](const cv::Mat& image, double seconds) {
    ++result.frames;
    const BoardWatcher::Step step = watcher.push(image, seconds);
    result.readingMs += step.reading.locateMs + step.reading.classifyMs;
    result.unreadable += !step.reading.readable;
    if (!step.snapshot) return;
    result.secondReadings += step.snapshot->reading == 2;
    const std::size_t before = game.actions().size();
    const RefereeEvent event = referee.onSnapshot(*step.snapshot);
    result.severalAtOnce += game.actions().size() > before + 1;
    if (event.boardShowsPosition) watcher.confirm(referee.expected());
    else watcher.expect(referee.expected());
    result.mismatches += event.kind == RefereeEvent::Kind::Mismatch;
    if (event.kind == RefereeEvent::Kind::Mismatch && std::getenv("TESSERA_FILM_DEBUG")) {
      const Observation want = referee.expected();
      if (game.actions().size() < script.size())
        std::printf("    the next scripted action: %s\n", longAlgebraic(game.position(), script[game.actions().size()]).c_str());
      for (std::size_t i = 0; i < want.cells.size(); ++i) {
        const CellObservation& got = step.snapshot->observation.cells[i];
        if (got.occupant != want.cells[i].occupant || got.surface != want.cells[i].surface)
          std::printf("    cell %zu: want %s %s, read %s %.2f %s %.2f (settled %d)\n", i,
                      std::string(surfaceName(want.cells[i].surface)).c_str(),
                      std::string(occupantName(want.cells[i].occupant)).c_str(), std::string(surfaceName(got.surface)).c_str(),
                      got.surfaceConfidence, std::string(occupantName(got.occupant)).c_str(), got.occupantConfidence,
                      watcher.stabiliser().settled());
      }
      if (const char* dump = std::getenv("TESSERA_SCENE_DUMP")) {
        cv::imwrite(std::string(dump) + "/mismatch-" + std::to_string(result.frames) + ".png", image);
        const RectifiedBoard& board = watcher.reader().rectified();
        cv::Mat light, seen;
        watcher.reader().light().perPixel(board, light);
        board.image.convertTo(seen, CV_32FC3);
        cv::divide(seen, light, seen, 220.0);
        cv::imwrite(std::string(dump) + "/mismatch-" + std::to_string(result.frames) + "-read.png", seen);
        cv::imwrite(std::string(dump) + "/mismatch-" + std::to_string(result.frames) + "-rectified.png", board.image);
      }
    }
    result.proposals += event.kind == RefereeEvent::Kind::Proposed;
    if (event.kind == RefereeEvent::Kind::Mismatch || event.kind == RefereeEvent::Kind::Proposed ||
        event.kind == RefereeEvent::Kind::Unresolved)
      std::printf("  %.1f s: %s %s\n", seconds,
                  event.kind == RefereeEvent::Kind::Mismatch ? "mismatch" : "several explanations:", event.text.c_str());
    for (std::size_t i = before; i < game.actions().size(); ++i) {
      ASSERT_LT(i, script.size()) << "an action accepted beyond the script at " << seconds << " s";
      ASSERT_EQ(game.actions()[i], script[i]) << "wrong action accepted at " << seconds << " s: " << event.text;
    }
  };
  const Position start = startPosition(variant);
  scene::filmGame(renderer, start, script, film, sink);
  Position end = start;
  for (const Move& m : script) end.make(m);
  for (int i = 0; i < restFrames; ++i) sink(renderer.render(end, {}), (result.frames + 1) / film.framesPerSecond);
  result.rebuilt = game.actions();
  return result;
}

}  // namespace tessera::camera
