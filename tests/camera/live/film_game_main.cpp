// tessera_live_film FILE: draws the V4L2 live test's game film (game_film.hpp) at 640x480 into FILE,
// on this machine, before scripts/test-camera-vm.sh boots the VM that shows it.
#include <cstdio>
#include <exception>

#include "tests/camera/live/game_film.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: tessera_live_film FILE\n");
    return 2;
  }
  try {
    const tessera::testing::GameFilm film = tessera::testing::makeGameFilm({640, 480});
    tessera::testing::writeGameFilm(argv[1], film);
    std::printf("tessera_live_film: %zu actions, %zu frames in %s\n", film.script.size(),
                film.firstHalf.size() + film.secondHalf.size(), argv[1]);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tessera_live_film: %s\n", e.what());
    return 1;
  }
}
