// Random legal games in every variant, each action turned into the snapshot each sensor profile
// would report and fed to the referee; the game rebuilt from the verdicts (a choice answered with
// the action actually played, as a player would on the display) must equal the game played. Then
// noise: one cell misread in a share of the snapshots must never become a wrong accepted action.
// The same with gaps: now and then two to four actions are made before the board is read.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <random>
#include <string>

#include "core/referee/reconcile.hpp"
#include "core/referee/sensor_view.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "random_gaps.hpp"

using namespace tessera;

namespace {

// TESSERA_RECONCILE_GAMES overrides the number of games per variant and profile.
int gamesPerCase() {
  if (const char* env = std::getenv("TESSERA_RECONCILE_GAMES")) return std::max(1, std::atoi(env));
  return 40;
}

constexpr int kMaxPlies = 80;

struct Case {
  std::string variant;
  SensorProfile profile;
};

std::string caseName(const ::testing::TestParamInfo<Case>& info) {
  std::string name = info.param.variant + "_" + std::string(sensorProfileName(info.param.profile));
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

// A reading of the cell, in the profile's own words, that the truth cannot be.
CellObservation misread(const CellObservation& cell, const CellObservation& truth, SensorProfile profile, std::mt19937& rng) {
  std::vector<CellObservation> wrong;
  const auto consider = [&](Occupant o, Surface s) {
    const CellObservation c{o, s, 1.0f, cell.surfaceConfidence};
    if (!cellAgrees(c, truth)) wrong.push_back(c);
  };
  const std::vector<Occupant> occupants = profile == SensorProfile::Occupancy
                                              ? std::vector<Occupant>{Occupant::Empty, Occupant::Occupied}
                                              : std::vector<Occupant>{Occupant::Empty, Occupant::Light, Occupant::Dark};
  for (Occupant o : occupants) consider(o, cell.surface);
  if (profile == SensorProfile::Camera)
    for (Surface s : {Surface::LightSquare, Surface::DarkSquare, Surface::Yellow, Surface::Blue, Surface::Green, Surface::Void})
      consider(cell.occupant, s);
  return wrong[std::uniform_int_distribution<std::size_t>(0, wrong.size() - 1)(rng)];
}

bool offers(const Verdict& v, const Move& m) {
  for (const Explanation& e : v.choices)
    if (e.kind == Explanation::Kind::Action && e.move == m) return true;
  return false;
}

class ReconcileProperty : public ::testing::TestWithParam<Case> {};

TEST_P(ReconcileProperty, GamesRebuiltFromVerdictsEqualTheGamesPlayedAndMisreadsAreNeverAccepted) {
  const Variant& variant = builtinVariant(GetParam().variant);
  const SensorProfile profile = GetParam().profile;
  std::mt19937 rng(20261123);
  int snapshots = 0, readAgain = 0, silent = 0, asked = 0, hidden = 0, noisy = 0, noisyMismatch = 0, noisyAsked = 0;
  for (int g = 0; g < gamesPerCase(); ++g) {
    Game played(variant), rebuilt(variant);
    for (int ply = 0; ply < kMaxPlies && !played.result().finished(); ++ply) {
      MoveList legal;
      generateLegal(played.position(), legal);
      const Move actual = legal[std::uniform_int_distribution<int>(0, legal.size() - 1)(rng)];
      const std::string context = "game " + std::to_string(g) + " ply " + std::to_string(ply) + " at " +
                                  positionString(played.position()) + " playing " +
                                  longAlgebraic(played.position(), actual);
      played.play(actual);
      const Observation clean = sensorView(played.position(), profile);

      // A misread first: the board is then read again, right.
      if (std::uniform_int_distribution<int>(0, 9)(rng) < 2) {
        Observation noisySnapshot = clean;
        const int index = std::uniform_int_distribution<int>(0, static_cast<int>(clean.cells.size()) - 1)(rng);
        const Square sq = makeSquare(index % clean.files, index / clean.files);
        auto& cell = noisySnapshot.cells[static_cast<std::size_t>(index)];
        cell = misread(cell, fullView(played.position(), sq), profile, rng);
        const Verdict v = reconcile(rebuilt.position(), noisySnapshot);
        ++noisy;
        ASSERT_NE(v.kind, VerdictKind::Action) << context << ": a misread snapshot was accepted as "
                                               << longAlgebraic(rebuilt.position(), v.action);
        ASSERT_NE(v.kind, VerdictKind::Takeback) << context << ": a misread snapshot was taken as a takeback";
        ASSERT_NE(v.kind, VerdictKind::Unexpected) << context;
        if (v.kind == VerdictKind::Choose) {
          ASSERT_TRUE(offers(v, actual)) << context << ": a misread hides the action played from the choices";
          ++noisyAsked;
        }
        noisyMismatch += v.kind == VerdictKind::Mismatch;
      }

      Verdict v = reconcile(rebuilt.position(), clean);
      ++snapshots;
      if (v.kind == VerdictKind::Choose && v.exactChoices == 1) {
        // Only a misread could make it something else: the settled board, read again, settles it.
        ReconcileOptions again;
        again.readTwice = true;
        v = reconcile(rebuilt.position(), clean, again);
        ASSERT_NE(v.kind, VerdictKind::Choose) << context;
        ++readAgain;
      }
      switch (v.kind) {
        case VerdictKind::Action:
          ASSERT_EQ(v.action, actual) << context;
          ++silent;
          rebuilt.play(v.action);
          break;
        case VerdictKind::Choose:
          ASSERT_TRUE(offers(v, actual)) << context << ": the action played is not among the choices";
          ++asked;
          rebuilt.play(actual);
          break;
        case VerdictKind::Unchanged: {
          bool found = false;
          for (const Move& m : v.hiddenActions) found = found || m == actual;
          ASSERT_TRUE(found) << context << ": the board looks unchanged but the action is not offered";
          ++hidden;
          rebuilt.play(actual);
          break;
        }
        default:
          FAIL() << context << ": verdict " << static_cast<int>(v.kind);
      }
    }
    ASSERT_EQ(positionString(rebuilt.position()), positionString(played.position()));
    ASSERT_EQ(rebuilt.actions(), played.actions());
  }
  // What a player meets: how often the device must ask. Printed for the docs, checked for sense.
  std::printf("[ reconcile ] %s %s: %d snapshots, %d accepted (%d on a second reading), %d asked, %d hidden; %d misread: %d mismatch, %d asked\n",
              GetParam().variant.c_str(), std::string(sensorProfileName(profile)).c_str(), snapshots, silent, readAgain, asked,
              hidden, noisy, noisyMismatch, noisyAsked);
  EXPECT_GT(noisy, 0);
  // Only a promotion's piece, a colour's choice, or a four-player side the camera cannot see is asked.
  if (profile == SensorProfile::Camera && variant.sides == 2) {
    EXPECT_GT(silent, 4 * asked);
  }
}

// Whether `moves` from `pos` lead to a board the sensor reads as `seen`.
bool showsAs(Position pos, const std::vector<Move>& moves, const Observation& seen) {
  for (const Move& m : moves) pos.make(m);
  return BoardDistance(pos, seen, 0.0f).ofBase() == 0;
}

bool beginsWith(const std::vector<Move>& moves, const std::vector<Move>& start) {
  return start.size() <= moves.size() && std::equal(start.begin(), start.end(), moves.begin());
}

// Random games in which, a third of the time, two to four actions are made before the board is read.
// A misread snapshot must never be accepted as anything but the actions really made (or the start
// of them); a clean one, read twice where the referee waits for that, must be explained by the
// actions made, or by fewer that leave the same board (the shortest explanation), and never be a
// mismatch when every action made left a trace.
TEST_P(ReconcileProperty, GapsAreRebuiltAndAMisreadNeverBecomesAWrongSequence) {
  const Variant& variant = builtinVariant(GetParam().variant);
  const SensorProfile profile = GetParam().profile;
  std::mt19937 rng(20261205);
  int gaps = 0, gapsPlayed = 0, gapsAsked = 0, shorter = 0, notGuessed = 0, noisy = 0, noisyAccepted = 0;
  ReconcileOptions once;
  once.gapPlies = kLongestGap;
  ReconcileOptions twice = once;
  twice.readTwice = true;
  for (int g = 0; g < std::max(1, gamesPerCase() / 4); ++g) {
    Game played(variant), rebuilt(variant);
    while (played.actions().size() < static_cast<std::size_t>(kMaxPlies) && !played.result().finished()) {
      const int plies = std::uniform_int_distribution<int>(0, 2)(rng) == 0 ? std::uniform_int_distribution<int>(2, 4)(rng) : 1;
      std::vector<Move> made;
      for (int i = 0; i < plies && !played.result().finished(); ++i) {
        const std::optional<Move> m = randomSeenAction(played.position(), profile, rng);
        if (!m) break;
        made.push_back(*m);
        played.play(*m);
      }
      if (made.empty()) break;
      gaps += made.size() > 1;
      const std::string context = "game " + std::to_string(g) + " at " + positionString(rebuilt.position()) + ", " +
                                  std::to_string(made.size()) + " actions made, the first " +
                                  longAlgebraic(rebuilt.position(), made.front());
      const Observation clean = sensorView(played.position(), profile);

      // A misread first: whatever is accepted from it must be what was made, or begin it.
      if (std::uniform_int_distribution<int>(0, 9)(rng) < 2) {
        Observation noisySnapshot = clean;
        const int index = std::uniform_int_distribution<int>(0, static_cast<int>(clean.cells.size()) - 1)(rng);
        auto& cell = noisySnapshot.cells[static_cast<std::size_t>(index)];
        cell = misread(cell, fullView(played.position(), makeSquare(index % clean.files, index / clean.files)), profile, rng);
        const Verdict v = reconcile(rebuilt.position(), noisySnapshot, once);
        ++noisy;
        ASSERT_NE(v.kind, VerdictKind::Gap) << context << ": a gap read once was played";
        ASSERT_NE(v.kind, VerdictKind::Takeback) << context;
        ASSERT_NE(v.kind, VerdictKind::Amend) << context;
        if (v.kind == VerdictKind::Action) {
          ASSERT_TRUE(v.action == made.front() || showsAs(rebuilt.position(), {v.action}, clean))
              << context << ": a misread snapshot was accepted as " << longAlgebraic(rebuilt.position(), v.action);
          ++noisyAccepted;
        }
      }

      Verdict v = reconcile(rebuilt.position(), clean, once);
      if (v.kind == VerdictKind::Choose && v.exactChoices == 1) v = reconcile(rebuilt.position(), clean, twice);
      std::vector<Move> accepted;
      bool resync = false;
      switch (v.kind) {
        case VerdictKind::Action: accepted = {v.action}; break;
        case VerdictKind::Gap:
          accepted = v.gapActions;
          ++gapsPlayed;
          break;
        case VerdictKind::Choose: {
          ++gapsAsked;
          // The player answers with what was made, when it is offered; else the exact choices are
          // fewer actions that leave the same board.
          bool offered = false;
          for (int i = 0; i < v.exactChoices; ++i) {
            const Explanation& e = v.choices[static_cast<std::size_t>(i)];
            offered = offered || (e.kind == Explanation::Kind::Sequence ? e.moves == made
                                                                        : e.kind == Explanation::Kind::Action && made == std::vector<Move>{e.move});
          }
          if (offered) accepted = made;
          else resync = true;
          const bool fewer = v.choices.front().kind != Explanation::Kind::Sequence || v.choices.front().moves.size() < made.size();
          ASSERT_TRUE(offered || fewer || !everyActionLeavesATrace(rebuilt.position(), made, profile))
              << context << ": what was made is not offered";
          shorter += !offered;
          break;
        }
        case VerdictKind::Unchanged:
          if (made.size() == 1) {
            // An action this sensor cannot see (a Tile seen by an occupancy sensor): entered by hand.
            ASSERT_NE(std::find(v.hiddenActions.begin(), v.hiddenActions.end(), made.front()), v.hiddenActions.end()) << context;
            accepted = made;
          } else {
            ++notGuessed;
            resync = true;
          }
          break;
        case VerdictKind::Amend:
        case VerdictKind::Takeback:
          // Made forward, yet the board is one an amended last action or an earlier position leaves.
          ASSERT_GT(made.size(), 1u) << context;
          ++shorter;
          resync = true;
          break;
        case VerdictKind::Mismatch:
          ASSERT_FALSE(made.size() <= static_cast<std::size_t>(kLongestGap) && everyActionLeavesATrace(rebuilt.position(), made, profile))
              << context << ": a gap whose every action left a trace does not reconcile";
          ++notGuessed;
          resync = true;
          break;
        default: FAIL() << context << ": verdict " << static_cast<int>(v.kind);
      }
      if (!resync && !beginsWith(made, accepted)) {
        // Fewer actions that leave the same board: the shortest explanation, not a misread.
        ASSERT_TRUE(showsAs(rebuilt.position(), accepted, clean)) << context << ": accepted actions that were not made";
        ++shorter;
        resync = true;
      }
      for (const Move& m : accepted)
        if (!resync) rebuilt.play(m);
      // What is left of a gap whose beginning alone was sure: the same reading, judged again.
      while (!resync && rebuilt.actions().size() < played.actions().size()) {
        const Verdict rest = reconcile(rebuilt.position(), clean, twice);
        const std::size_t done = rebuilt.actions().size() - (played.actions().size() - made.size());
        const std::vector<Move> left(made.begin() + static_cast<std::ptrdiff_t>(done), made.end());
        if (rest.kind == VerdictKind::Gap && beginsWith(left, rest.gapActions)) {
          for (const Move& m : rest.gapActions) rebuilt.play(m);
        } else if (rest.kind == VerdictKind::Action && rest.action == left.front()) {
          rebuilt.play(rest.action);
        } else {
          for (const Move& m : left) rebuilt.play(m);  // asked: the player answers
        }
      }
      if (resync) rebuilt = played;
      ASSERT_EQ(rebuilt.actions(), played.actions()) << context;
    }
  }
  std::printf("[ gaps ] %s %s: %d gaps, %d played, %d asked, %d explained by fewer actions, %d not guessed; %d misread, %d of them accepted as the action made first\n",
              GetParam().variant.c_str(), std::string(sensorProfileName(profile)).c_str(), gaps, gapsPlayed, gapsAsked,
              shorter, notGuessed, noisy, noisyAccepted);
  EXPECT_GT(gaps, 0);
}

std::vector<Case> allCases() {
  std::vector<Case> cases;
  for (const char* v : {"chess", "desert-dust", "chameleon-redux", "chameleon-redux:rotation=90", "chameleon-redux-4p",
                        "tiled-squares", "shifting-chess", "shifting-chess:empty=AII+DIII", "shifting-sands",
                        "shifting-sands:size=8x8"})
    for (SensorProfile p : {SensorProfile::Camera, SensorProfile::Occupancy, SensorProfile::OccupancyAndSide})
      cases.push_back({v, p});
  return cases;
}

INSTANTIATE_TEST_SUITE_P(EveryVariantAndSensor, ReconcileProperty, ::testing::ValuesIn(allCases()), caseName);

}  // namespace
