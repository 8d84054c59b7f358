#include "hardware/camera/simulation/room_accuracy.hpp"

#include <cmath>
#include <cstdio>

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <random>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/lens_estimate.hpp"
#include "hardware/camera/simulation/random_play.hpp"
#include "hardware/camera/variant/variant_layout.hpp"

namespace tessera::scene {

void CellTally::add(const CellTally& other) {
  right += other.right;
  wrong += other.wrong;
  unsure += other.unsure;
}

namespace {

CellTally judge(const CellObservation& truth, const CellObservation& seen, float sure) {
  CellTally t;
  const bool surfaceRight = seen.surface == truth.surface, occupantRight = seen.occupant == truth.occupant;
  const bool confident = seen.surfaceConfidence >= sure && seen.occupantConfidence >= sure;
  // A cell wrong in one respect that it is sure of is wrong even if the other respect is unsure.
  const bool wrongAndSure = (!surfaceRight && seen.surfaceConfidence >= sure && seen.surface != Surface::Unknown) ||
                            (!occupantRight && seen.occupantConfidence >= sure && seen.occupant != Occupant::Unknown);
  if (wrongAndSure) t.wrong = 1;
  else if (surfaceRight && occupantRight && confident) t.right = 1;
  else t.unsure = 1;
  return t;
}

}  // namespace

std::vector<RoomAccuracy> measureRoomAccuracy(const RoomAccuracyOptions& options) {
  std::vector<RoomAccuracy> rooms;
  for (RoomCondition condition : options.conditions) {
    RoomAccuracy room;
    room.condition = condition;
    // Every condition sees the same positions and cameras; only the room differs.
    std::mt19937 rng(options.seed);
    for (const std::string& name : builtinVariantNames()) {
      const Variant& variant = builtinVariant(name);
      camera::ReaderOptions readerOptions;
      readerOptions.reportSides = variant.sides == 2;
      for (int b = 0; b < options.boardsPerVariant; ++b) {
        Position pos = startPosition(variant);
        const std::vector<Move> played = playRandomly(pos, std::uniform_int_distribution<int>(0, 40)(rng), rng);
        const auto sceneSeed = rng();
        SceneStyle style = randomStyle(rng, options.imageSize, sheetCells(variant));
        std::mt19937 roomRng(static_cast<unsigned>(rng()));
        applyRoomCondition(style, condition, roomRng);
        SceneRenderer renderer(variant, style, sceneSeed);
        const cv::Mat frame = renderer.render(pos);
        const camera::BoardLayout layout = camera::layoutForVariant(variant);
        camera::ReaderOptions boardOptions = readerOptions;
        if (options.calibrateLens)
          if (const auto measured = camera::estimateLens(frame, layout);
              measured && std::abs(measured->lens.barrel) >= camera::kLeastBarrel)
            boardOptions.lens = measured->lens;
        camera::BoardReader reader(layout, boardOptions);
        if (options.expectPreviousPosition && !played.empty()) {
          pos.unmake();
          reader.expect(sensorView(pos, SensorProfile::Camera));
          pos.make(played.back());
        }
        const camera::FrameReading reading = reader.read(frame);
        ++room.boards;
        if (!reading.readable) continue;
        ++room.located;
        const Observation truth = sensorView(pos, SensorProfile::Camera);
        bool allRight = true;
        for (std::size_t i = 0; i < truth.cells.size(); ++i) {
          const CellObservation& want = truth.cells[i];
          const CellTally t = judge(want, reading.cells.cells[i], options.sureConfidence);
          allRight &= t.right == 1;
          room.cells.add(t);
          room.byClass[std::string(occupantName(want.occupant))].add(t);
          room.byClass["surface " + std::string(surfaceName(want.surface))].add(t);
        }
        room.boardsAllRight += allRight;
        if (!allRight && !options.dumpFolder.empty()) {
          std::string stem = options.dumpFolder + "/" + roomConditionName(condition) + "-" + name + "-" + std::to_string(b);
          for (char& c : stem) c = c == ' ' ? '-' : c;
          cv::imwrite(stem + ".png", frame);
          // The board as read: divided by the light found, every cell read wrong outlined in red and
          // every unsure one in amber.
          const camera::RectifiedBoard& board = reader.rectified();
          cv::Mat light, seen;
          reader.light().perPixel(board, light);
          board.image.convertTo(seen, CV_32FC3);
          cv::divide(seen, light, seen, 220.0);
          seen.convertTo(seen, CV_8UC3);
          for (std::size_t i = 0; i < truth.cells.size(); ++i) {
            const CellTally t = judge(truth.cells[i], reading.cells.cells[i], options.sureConfidence);
            if (t.right) continue;
            const CellObservation& got = reading.cells.cells[i];
            std::printf("  %s %s %zu: want %s %s, read %s %.2f %s %.2f\n", stem.c_str(), t.wrong ? "WRONG" : "unsure", i,
                        std::string(surfaceName(truth.cells[i].surface)).c_str(), std::string(occupantName(truth.cells[i].occupant)).c_str(),
                        std::string(surfaceName(got.surface)).c_str(), got.surfaceConfidence,
                        std::string(occupantName(got.occupant)).c_str(), got.occupantConfidence);
            const float f = static_cast<float>(i % static_cast<std::size_t>(truth.files)), r = static_cast<float>(i / static_cast<std::size_t>(truth.files));
            cv::rectangle(seen, board.pixels(f, r, f + 1, r + 1), t.wrong ? cv::Scalar(0, 0, 255) : cv::Scalar(0, 180, 255), 1);
          }
          cv::imwrite(stem + "-rectified.png", board.image);
          cv::imwrite(stem + "-read.png", seen);
          cv::Mat lightView;
          light.convertTo(lightView, CV_8UC3);
          cv::imwrite(stem + "-light.png", lightView);
        }
      }
    }
    rooms.push_back(room);
  }
  return rooms;
}

std::string roomAccuracyTable(const std::vector<RoomAccuracy>& rooms) {
  std::string out;
  char line[256];
  std::snprintf(line, sizeof line, "%-16s %6s %7s %7s %8s %8s %8s %10s\n", "room", "boards", "located", "cells",
                "right", "wrong", "unsure", "all right");
  out += line;
  CellTally sum;
  int boards = 0, located = 0, allRight = 0;
  for (const RoomAccuracy& r : rooms) {
    const double n = std::max(1, r.cells.total());
    std::snprintf(line, sizeof line, "%-16s %6d %7d %7d %7.2f%% %7.2f%% %7.2f%% %10d\n", roomConditionName(r.condition),
                  r.boards, r.located, r.cells.total(), 100.0 * r.cells.right / n, 100.0 * r.cells.wrong / n,
                  100.0 * r.cells.unsure / n, r.boardsAllRight);
    out += line;
    sum.add(r.cells);
    boards += r.boards, located += r.located, allRight += r.boardsAllRight;
  }
  const double n = std::max(1, sum.total());
  std::snprintf(line, sizeof line, "%-16s %6d %7d %7d %7.2f%% %7.2f%% %7.2f%% %10d\n", "all", boards, located,
                sum.total(), 100.0 * sum.right / n, 100.0 * sum.wrong / n, 100.0 * sum.unsure / n, allRight);
  out += line;
  for (const RoomAccuracy& r : rooms)
    for (const auto& [name, t] : r.byClass) {
      if (t.wrong == 0 && t.unsure == 0) continue;
      std::snprintf(line, sizeof line, "  %-16s %-20s %5d cells: %4d wrong, %4d unsure\n", roomConditionName(r.condition),
                    name.c_str(), t.total(), t.wrong, t.unsure);
      out += line;
    }
  return out;
}

}  // namespace tessera::scene
