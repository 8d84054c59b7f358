#include "game_film.hpp"

#include <fstream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "core/rules/position_text.hpp"
#include "core/rules/variant.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "tests/camera/plain_style.hpp"

namespace tessera::testing {
namespace {

constexpr unsigned kSeed = 73;
constexpr int kActions = 10;
constexpr const char* kMagic = "tessera-game-film";

std::vector<Move> scriptedGame() {
  std::mt19937 rng(kSeed);
  Position pos = startPosition(builtinVariant("chess"));
  return scene::playDistinctly(pos, kActions, rng);
}

// Two seconds of stillness after each action (not the usual 1.4): in the VM the reader is slowed too.
std::vector<FilmFrame> film(scene::SceneRenderer& renderer, const Position& start, const std::vector<Move>& actions) {
  std::vector<FilmFrame> frames;
  scene::FilmOptions options;
  options.stillFrames = 20;
  scene::filmGame(renderer, start, actions, options,
                  [&](const cv::Mat& image, double seconds) { frames.push_back({image.clone(), seconds}); });
  return frames;
}

}  // namespace

GameFilm makeGameFilm(cv::Size size) {
  const Variant& chess = builtinVariant("chess");
  GameFilm result;
  result.script = scriptedGame();
  result.firstHalfActions = result.script.size() / 2;
  const std::vector<Move> first(result.script.begin(), result.script.begin() + static_cast<long>(result.firstHalfActions));
  const std::vector<Move> second(result.script.begin() + static_cast<long>(result.firstHalfActions), result.script.end());
  scene::SceneRenderer renderer(chess, camera::plainStyle(size), kSeed);
  Position halfWay = startPosition(chess);
  for (const Move& m : first) halfWay.make(m);
  result.firstHalf = film(renderer, startPosition(chess), first);
  result.secondHalf = film(renderer, halfWay, second);
  return result;
}

void writeGameFilm(const std::string& path, const GameFilm& film) {
  std::ofstream out(path, std::ios::binary);
  const cv::Size size = film.firstHalf.at(0).image.size();
  out << kMagic << " " << size.width << " " << size.height << " " << film.firstHalfActions << " " << film.firstHalf.size()
      << " " << film.secondHalf.size() << "\n";
  for (const auto* half : {&film.firstHalf, &film.secondHalf}) {
    for (const FilmFrame& frame : *half) {
      out.write(reinterpret_cast<const char*>(&frame.seconds), sizeof frame.seconds);
      const cv::Mat pixels = frame.image.isContinuous() ? frame.image : frame.image.clone();
      out.write(reinterpret_cast<const char*>(pixels.data), static_cast<std::streamsize>(pixels.total() * pixels.elemSize()));
    }
  }
  if (!out) throw std::runtime_error("cannot write the film " + path);
}

GameFilm readGameFilm(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::string header;
  std::getline(in, header);
  std::istringstream fields(header);
  std::string magic;
  int width = 0, height = 0;
  std::size_t firstCount = 0, secondCount = 0;
  GameFilm result;
  fields >> magic >> width >> height >> result.firstHalfActions >> firstCount >> secondCount;
  if (!in || magic != kMagic || width <= 0 || height <= 0) throw std::runtime_error(path + " is not a game film");
  result.script = scriptedGame();
  for (auto [half, count] : {std::pair{&result.firstHalf, firstCount}, std::pair{&result.secondHalf, secondCount}}) {
    for (std::size_t i = 0; i < count; ++i) {
      FilmFrame frame{cv::Mat(height, width, CV_8UC3), 0.0};
      in.read(reinterpret_cast<char*>(&frame.seconds), sizeof frame.seconds);
      in.read(reinterpret_cast<char*>(frame.image.data), static_cast<std::streamsize>(frame.image.total() * 3));
      if (!in) throw std::runtime_error(path + " ends before its frame " + std::to_string(i));
      half->push_back(std::move(frame));
    }
  }
  return result;
}

}  // namespace tessera::testing
