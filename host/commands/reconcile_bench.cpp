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

namespace {

const std::vector<std::string> kVariants = {"chess", "desert-dust", "chameleon-redux", "chameleon-redux-4p",
                                            "tiled-squares", "shifting-chess", "shifting-sands",
                                            "shifting-sands:size=10x10"};

struct Timing {
  double mean = 0, p99 = 0, max = 0;
};

// The 99th percentile: the worst single figure is at the mercy of the scheduler on a shared machine.
Timing timingOf(std::vector<double> times) {
  Timing t;
  if (times.empty()) return t;
  std::sort(times.begin(), times.end());
  for (double x : times) t.mean += x / static_cast<double>(times.size());
  t.p99 = times[times.size() * 99 / 100];
  t.max = times.back();
  return t;
}

void printLine(std::ostream& out, const std::string& what, const Timing& t, std::size_t count, const char* unit) {
  out << std::left << std::setw(52) << what << std::right << std::fixed << std::setprecision(1) << std::setw(7) << t.mean
      << " us mean " << std::setw(7) << t.p99 << " us p99 " << std::setw(7) << t.max << " us max (" << count << " " << unit
      << ")\n";
}

double microsecondsOf(Position& pos, const Observation& seen, const ReconcileOptions& options, Verdict& verdict) {
  const auto start = std::chrono::steady_clock::now();
  verdict = reconcile(pos, seen, options);
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

double benchReconcile(std::ostream& out, bool quick) {
  const int games = quick ? 2 : 10, plies = 80;
  double worstOverall = 0;
  for (const std::string& name : kVariants)
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
          ReconcileOptions options;
          options.gapPlies = kLongestGap;
          Verdict v;
          times.push_back(microsecondsOf(game.position(), seen, options, v));
          if (v.kind == VerdictKind::Mismatch) out << "  reconcile bench: unexpected mismatch in " << name << "\n";
          game.play(m);
        }
      }
      const Timing t = timingOf(times);
      worstOverall = std::max(worstOverall, t.p99);
      printLine(out, "reconcile " + name + ", " + std::string(sensorProfileName(profile)), t, times.size(), "snapshots");
    }
  return worstOverall;
}

double benchReconcileGaps(std::ostream& out, bool quick) {
  const int games = quick ? 2 : 10, plies = 60;
  double worstOverall = 0;
  out << "reconcile gap: 2 to 4 random actions made before the board is read (read twice); held: a piece held in\n"
         "the air, which nothing explains, so that every gap up to 4 actions is searched for in vain\n";
  for (const std::string& name : kVariants)
    for (SensorProfile profile : {SensorProfile::Camera, SensorProfile::Occupancy}) {
      std::mt19937 rng(7);
      std::vector<double> gaps, lifted;
      for (int g = 0; g < games; ++g) {
        Game game(builtinVariant(name));
        for (int ply = 0; ply < plies && !game.result().finished(); ++ply) {
          // Two to four actions the sensor sees, made before the board is read (read twice: played).
          const int gap = 2 + ply % 3;
          Position after = game.position();
          for (int i = 0; i < gap; ++i) {
            MoveList legal;
            generateLegal(after, legal);
            if (legal.empty()) break;
            after.make(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
          }
          ReconcileOptions options;
          options.gapPlies = kLongestGap;
          options.readTwice = true;
          Verdict v;
          gaps.push_back(microsecondsOf(game.position(), sensorView(after, profile), options, v));
          // A piece held in the air: nothing fits, and every gap up to four actions is searched for.
          Observation held = sensorView(game.position(), profile);
          const std::size_t first = std::uniform_int_distribution<std::size_t>(0, held.cells.size() - 1)(rng);
          for (std::size_t i = 0; i < held.cells.size(); ++i) {
            CellObservation& cell = held.cells[(first + i) % held.cells.size()];
            if (cell.occupant == Occupant::Empty) continue;
            cell.occupant = Occupant::Empty;
            break;
          }
          lifted.push_back(microsecondsOf(game.position(), held, options, v));
          MoveList legal;
          generateLegal(game.position(), legal);
          game.play(legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)]);
        }
      }
      const std::string what = name + ", " + std::string(sensorProfileName(profile));
      const Timing t = timingOf(gaps), held = timingOf(lifted);
      worstOverall = std::max({worstOverall, t.p99, held.p99});
      printLine(out, "reconcile gap " + what, t, gaps.size(), "boards");
      printLine(out, "reconcile held " + what, held, lifted.size(), "boards");
    }
  return worstOverall;
}

}  // namespace tessera::commands
