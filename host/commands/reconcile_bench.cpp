#include "reconcile_bench.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <random>
#include <string>
#include <vector>

#include "core/referee/reconcile.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/movegen.hpp"

namespace tessera::commands {

double benchReconcile(std::ostream& out, bool quick) {
  const std::vector<std::string> variants = {"chess", "desert-dust", "chameleon-redux", "chameleon-redux-4p",
                                             "tiled-squares", "shifting-chess", "shifting-sands",
                                             "shifting-sands:size=10x10"};
  const int games = quick ? 2 : 10, plies = 80;
  double worstOverall = 0;
  for (const std::string& name : variants)
    for (SensorProfile profile : {SensorProfile::Camera, SensorProfile::Occupancy}) {
      std::mt19937 rng(7);
      std::vector<double> times;
      for (int g = 0; g < games; ++g) {
        Game game(builtinVariant(name));
        for (int ply = 0; ply < plies && !game.result().finished(); ++ply) {
          MoveList legal;
          generateLegal(game.position(), legal);
          const Move m = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
          Position after = game.position();
          after.make(m);
          const Observation seen = sensorView(after, profile);
          const auto start = std::chrono::steady_clock::now();
          const Verdict v = reconcile(game.position(), seen);
          const double us = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
          times.push_back(us);
          if (v.kind == VerdictKind::Mismatch) out << "  reconcile bench: unexpected mismatch in " << name << "\n";
          game.play(m);
        }
      }
      std::sort(times.begin(), times.end());
      double total = 0;
      for (double t : times) total += t;
      // The 99th percentile: the worst single figure is at the mercy of the scheduler on a shared machine.
      const double p99 = times[times.size() * 99 / 100];
      worstOverall = std::max(worstOverall, p99);
      out << std::left << std::setw(52) << ("reconcile " + name + ", " + std::string(sensorProfileName(profile)))
          << std::right << std::fixed << std::setprecision(1) << std::setw(7) << total / times.size() << " us mean "
          << std::setw(7) << p99 << " us p99 " << std::setw(7) << times.back() << " us max (" << times.size()
          << " snapshots)\n";
    }
  return worstOverall;
}

}  // namespace tessera::commands
