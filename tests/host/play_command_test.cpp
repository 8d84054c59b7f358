// `tessera play --input frames:DIR` over filmed games of every variant: the record, the verdicts,
// the display frames (the last action framed at the right squares), the journal, and a restart
// mid-game that resumes from the journal.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include <opencv2/imgcodecs.hpp>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "hardware/camera/simulation/scene_game.hpp"
#include "host/views/display/board_layout_px.hpp"
#include "host/views/display/board_palette.hpp"
#include "host/cli/options.hpp"
#include "host/commands/commands.hpp"
#include "tests/display/display_probe.hpp"
#include "tests/host/filmed_commands.hpp"
#include "tests/host/record_moves.hpp"

namespace tessera {
namespace {

namespace fs = std::filesystem;
using testing::Filmed;
using testing::CommandRun;
using testing::filmInto;
using testing::run;
using testing::scratch;

CommandRun play(const std::vector<std::string>& args) { return run("play", args); }

// The message of the wrong argument `play` is refused for, or "no error".
std::string usageErrorOf(const std::vector<std::string>& args) {
  try {
    play(args);
  } catch (const cli::UsageError& e) {
    return e.what();
  }
  return "no error";
}

class PlayEveryVariant : public ::testing::TestWithParam<const char*> {};

TEST_P(PlayEveryVariant, RefereesAFilmedGameIntoTheRecordAndTheDisplay) {
  const Variant& variant = builtinVariant(GetParam());
  const fs::path frames = scratch(std::string(GetParam()) + "-frames");
  const fs::path display = scratch(std::string(GetParam()) + "-display");
  const Filmed film = filmInto(variant, frames, 6, 23);
  Game played(variant);
  for (const Move& m : film.script) played.play(m);

  const CommandRun r = play({"--variant", GetParam(), "--input", "frames:" + frames.string(), "--display-out",
                      display.string(), "--auto-choose"});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, writePgn(played)) << r.err;
  EXPECT_NE(r.err.find(std::to_string(film.frames) + " frames"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" 0 mismatches"), std::string::npos) << r.err;
  // One "action:" line per scripted action, as they came.
  std::size_t actions = 0;
  for (std::size_t at = r.err.find("action: "); at != std::string::npos; at = r.err.find("action: ", at + 1)) ++actions;
  EXPECT_EQ(actions, film.script.size()) << r.err;

  // The newest display frame frames the last action's destination.
  const cv::Mat latest = cv::imread((display / "latest.png").string());
  ASSERT_FALSE(latest.empty());
  const Move last = film.script.back();
  if (last.kind != MoveKind::SectorShift) {
    const display::PixelLayout layout = display::fitLayout(variant.size);
    EXPECT_TRUE(display::near(display::pixelAt(latest, display::borderPoint(layout, last.to)), display::kLastAction));
  }
  fs::remove_all(frames);
  fs::remove_all(display);
}

INSTANTIATE_TEST_SUITE_P(Variants, PlayEveryVariant,
                         ::testing::Values("chess", "desert-dust", "chameleon-redux", "chameleon-redux-4p",
                                           "tiled-squares", "shifting-chess", "shifting-sands"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(PlayCommand, ResumesFromTheJournalWhenRestartedMidGameAndSurvivesABadFrame) {
  const Variant& variant = builtinVariant("chess");
  const fs::path all = scratch("resume-all");
  const Filmed film = filmInto(variant, all, 8, 23);
  Game played(variant);
  for (const Move& m : film.script) played.play(m);

  // The power goes at the middle of the stillness after the fourth action; the camera comes back
  // to the board as it stands, and one frame on the way is garbage.
  const int cut = 14 + 4 * 21 - 7;
  const fs::path before = scratch("resume-before"), after = scratch("resume-after");
  fs::create_directories(before);
  fs::create_directories(after);
  for (const auto& entry : fs::directory_iterator(all)) {
    const int index = std::stoi(entry.path().stem().string().substr(6));
    fs::copy_file(entry.path(), (index < cut ? before : after) / entry.path().filename());
  }
  std::ofstream(after / "frame-00150-torn.jpg") << "not an image";
  const fs::path journal = scratch("resume.journal"), pgn = scratch("resume.pgn");

  const CommandRun first = play({"--variant", "chess", "--input", "frames:" + before.string(), "--journal", journal.string(),
                          "--pgn", pgn.string()});
  EXPECT_EQ(first.code, 0) << first.err;
  EXPECT_NE(first.err.find("4 actions"), std::string::npos) << first.err;

  const CommandRun second = play({"--variant", "chess", "--input", "frames:" + after.string(), "--journal",
                           journal.string(), "--pgn", pgn.string()});
  EXPECT_EQ(second.code, 0) << second.err;
  EXPECT_NE(second.err.find("resumed from"), std::string::npos) << second.err;
  std::ifstream in(pgn);
  const std::string record((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(record, writePgn(played)) << second.err << "\n(a recording replayed fast: no thinking times)";
  // The record rebuilt from the journal has every action, and no thinking time either: the
  // recording was replayed faster than it was played, so its times would be the program's.
  const CommandRun rebuilt = run("pgn", {"--journal", journal.string()});
  EXPECT_EQ(rebuilt.code, 0) << rebuilt.err;
  EXPECT_EQ(rebuilt.out, writePgn(played));
  fs::remove_all(scratch(""));
}

TEST(PlayCommand, RefusesWrongArgumentsClearly) {
  EXPECT_THROW(play({"--variant", "chess"}), cli::UsageError);
  EXPECT_THROW(play({"--input", "scanner"}), cli::UsageError);
  EXPECT_THROW(play({"--input", "frames:/tmp", "--mode", "blitz"}), cli::UsageError);
}

TEST(PlayCommand, SaysSoWhenThereIsNoScreenForTheWindow) {
  const fs::path frames = scratch("screen-frames");
  fs::create_directories(frames);
  ::unsetenv("DISPLAY");
  ::unsetenv("WAYLAND_DISPLAY");
  try {
    play({"--variant", "chess", "--input", "frames:" + frames.string(), "--screen"});
    ADD_FAILURE() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("--screen needs a graphical display"), std::string::npos) << e.what();
  }
  fs::remove_all(frames);
}

TEST(PlayCommand, ReadsItsSettingsFromAConfigFileWithClearErrors) {
  const fs::path dir = scratch("config");
  fs::create_directories(dir);
  const auto errorOf = [&](const std::string& text, const std::vector<std::string>& extra = {}) {
    std::ofstream(dir / "tessera.conf") << text;
    std::vector<std::string> args{"--config", (dir / "tessera.conf").string()};
    args.insert(args.end(), extra.begin(), extra.end());
    return usageErrorOf(args);
  };
  EXPECT_NE(errorOf("[tessera]\nvariant = chess\ncolour = red\n").find("line 3: unknown setting 'colour'"),
            std::string::npos);
  EXPECT_NE(errorOf("[tessera]\nrealtime = maybe\n").find("'realtime' is yes or no"), std::string::npos);
  EXPECT_NE(errorOf("[tessera]\ninput = frames:/x\nmode = blitz\n").find("--mode must be"), std::string::npos);
  EXPECT_NE(errorOf("[tessera]\ninput = frames:/x\nengine_ms = 5\n").find("engine-ms"), std::string::npos);
  EXPECT_NE(errorOf("[gpio]\nchip = gpiochip0\n").find("tessera"), std::string::npos) << "no [tessera] section";
  EXPECT_NE(errorOf("[tessera]\ninput = frames:/x\ntime_control = 5+x\n").find("--time-control: a time control is"),
            std::string::npos);
  EXPECT_NE(errorOf("[tessera]\nvariant = chameleon-redux-4p\ninput = frames:/x\ntime_control = 5+3\n").find("two players"),
            std::string::npos);
  EXPECT_NE(errorOf("[tessera]\ninput = frames:/x\nscreen_size = big\n").find("--screen-size is WIDTHxHEIGHT"),
            std::string::npos);
  for (const char* inches : {"seven", "7in", "2", "nan", "150"})
    EXPECT_NE(errorOf(std::string("[tessera]\ninput = frames:/x\nscreen_inches = ") + inches + "\n").find("--screen-inches is the screen's diagonal in inches, 3 to 100"),
              std::string::npos) << inches;
  // The command line wins over the file: the file's bad mode is never read.
  const fs::path frames = scratch("config-frames");
  fs::create_directories(frames);
  EXPECT_EQ(errorOf("[tessera]\nvariant = chess\ninput = frames:" + frames.string() + "\nmode = blitz\n",
                    {"--mode", "referee"}),
            "no error");
  fs::remove_all(dir);
  fs::remove_all(frames);
}

// Found by the second audit of `tessera play` (2026-11-28): a wrong value in the file was reported
// as if it had been given on the command line, with neither the file nor the line.
TEST(PlayCommand, AWrongValueFromTheConfigFileIsNamedWithTheFileAndTheLine) {
  const fs::path dir = scratch("config-lines");
  fs::create_directories(dir);
  const std::string conf = (dir / "c.conf").string();
  const auto errorOf = [&](const std::string& text, const std::vector<std::string>& extra = {}) {
    std::ofstream(conf) << "[tessera]\ninput = frames:/x\n" << text;
    std::vector<std::string> args{"--config", conf};
    args.insert(args.end(), extra.begin(), extra.end());
    return usageErrorOf(args);
  };
  EXPECT_EQ(errorOf("mode = \"engine\"\n"), conf + " line 3: mode: --mode must be referee, engine or hints, not '\"engine\"'");
  EXPECT_EQ(errorOf("http = 99999\n"), conf + " line 3: http: --http must be between 0 and 65535, got 99999");
  EXPECT_EQ(errorOf("\n# the engine\nengine_ms = 5\n"), conf + " line 5: engine_ms: --engine-ms must be between 10 and 60000, got 5");
  EXPECT_EQ(errorOf("variant = nope\n").rfind(conf + " line 3: variant: ", 0), 0u) << errorOf("variant = nope\n");
  EXPECT_EQ(errorOf("screen_size = big\n").rfind(conf + " line 3: screen_size: --screen-size is WIDTHxHEIGHT", 0), 0u);
  EXPECT_EQ(errorOf("mode =\n"), conf + " line 3: 'mode' has no value (leave the line out for the default)");
  EXPECT_EQ(errorOf("journal = \n"), conf + " line 3: 'journal' has no value (leave the line out for the default)");
  // Comments go on lines of their own.
  EXPECT_EQ(errorOf("mode = engine # against the engine\n"),
            conf + ": line 3: '# against the engine' after the value: a comment goes on a line of its own, starting with # or ;");
  // A wrong value on the command line is the command line's, whatever the file says.
  EXPECT_EQ(errorOf("mode = engine\n", {"--mode", "blitz"}), "--mode must be referee, engine or hints, not 'blitz'");
  EXPECT_EQ(errorOf("variant = chess\n", {"--http", "-1"}), "--http must be between 0 and 65535, got -1");
  fs::remove_all(dir);
}

// Found by the same audit: an option that means something only with another was silently ignored
// without it, and a journal that could not be created was found out only when the game started
// (exit 1, where the same mistake with --pgn was a usage error).
TEST(PlayCommand, AnOptionThatNeedsAnotherIsRefusedWithoutIt) {
  const fs::path dir = scratch("needs");
  fs::create_directories(dir);
  const auto errorOf = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--variant", "chess", "--input", "frames:" + (dir / "none").string()});
    return usageErrorOf(args);
  };
  EXPECT_EQ(errorOf({"--display-latest-only"}), "--display-latest-only keeps only the newest display frame: it needs --display-out DIR");
  EXPECT_EQ(errorOf({"--screen-size", "800x480"}), "--screen-size is the full-screen window's size: it needs --screen");
  EXPECT_EQ(errorOf({"--screen-inches", "7"}), "--screen-inches sizes what the full-screen window draws: it needs --screen");
  EXPECT_EQ(errorOf({"--engine-side", "white"}), "--engine-side is the side the engine plays: it needs --mode engine");
  EXPECT_EQ(errorOf({"--mode", "hints", "--engine-ms", "800"}), "--engine-ms is the engine's thinking time per action: it needs --mode engine");
  EXPECT_EQ(errorOf({"--screen-size", "big"}).rfind("--screen-size is WIDTHxHEIGHT", 0), 0u) << "a wrong value is told first";
  // The engine's side is named as the variant names its sides: with four players North and East
  // can be the engine's too (white and black were the only words taken, for South and West).
  const auto fourPlayerErrorOf = [&](std::vector<std::string> args) {
    args.insert(args.begin(), {"--variant", "chameleon-redux-4p", "--input", "frames:" + (dir / "none").string(), "--mode", "engine"});
    return usageErrorOf(args);
  };
  EXPECT_EQ(fourPlayerErrorOf({"--engine-side", "black"}),
            "--engine-side must be south, west, north or east in Chameleon Chess Redux, four players, not 'black'");
  EXPECT_EQ(errorOf({"--mode", "engine", "--engine-side", "north"}), "--engine-side must be white or black in Orthodox chess, not 'north'");
  // What belongs to a recording means nothing with a camera or a board that reads itself: a
  // frame rate, playing in real time, and lingering after the recording ends.
  const auto liveErrorOf = [&](const std::string& input, std::vector<std::string> args) {
    args.insert(args.begin(), {"--variant", "chess", "--input", input});
    return usageErrorOf(args);
  };
  EXPECT_EQ(liveErrorOf("camera", {"--fps", "30"}), "--fps is a recording's frame rate: it needs --input frames:DIR|VIDEO");
  EXPECT_EQ(liveErrorOf("link:/dev/ttyACM0", {"--realtime"}), "--realtime plays a recording at its frame rate: it needs --input frames:DIR|VIDEO");
  EXPECT_EQ(liveErrorOf("camera:0", {"--http", "0", "--linger", "60"}),
            "--linger keeps the game shown after a recording ends: it needs --input frames:DIR|VIDEO");
  EXPECT_EQ(errorOf({"--linger", "60"}), "--linger keeps the game shown after a recording ends: it needs --http or --screen");
  EXPECT_EQ(errorOf({"--http-bind", "127.0.0.1"}), "--http-bind is the address the web page is served on: it needs --http PORT");
  EXPECT_EQ(errorOf({"--http-read-only"}), "--http-read-only makes the web page watch only: it needs --http PORT");
  EXPECT_EQ(errorOf({"--http", "0", "--http-bind", "the-club"}),
            "--http-bind is an IP address of this computer, such as 0.0.0.0 (every network) or 127.0.0.1 (this computer alone), "
            "not 'the-club'");
  EXPECT_EQ(errorOf({"--journal", "/nonexistent/game.journal"}), "--journal: cannot write '/nonexistent/game.journal': No such file or directory");
  // With what they need, they go on to the recording (not there).
  const std::string noRecording = "--input frames:" + (dir / "none").string() + ": no such folder or video file";
  EXPECT_EQ(errorOf({"--journal", dir.string()}), noRecording) << "a file there is the journal's to judge, at the start";
  EXPECT_EQ(errorOf({"--mode", "engine", "--engine-side", "white", "--engine-ms", "800"}), noRecording);
  EXPECT_EQ(errorOf({"--display-out", (dir / "display").string(), "--display-latest-only"}), noRecording);
  EXPECT_EQ(errorOf({"--fps", "25", "--realtime", "--http", "0", "--linger", "5"}), noRecording);
  EXPECT_EQ(errorOf({"--http", "0", "--http-bind", "::1", "--http-read-only"}), noRecording);
  EXPECT_EQ(fourPlayerErrorOf({"--engine-side", "North"}), noRecording);
  EXPECT_EQ(errorOf({"--mode", "engine", "--engine-side", "WHITE"}), noRecording);
  EXPECT_EQ(errorOf({"--journal", (dir / "game.journal").string()}), noRecording);
  EXPECT_FALSE(fs::exists(dir / "game.journal")) << "the check left a file behind";
  // From the configuration file, such a setting is named with its line.
  std::ofstream(dir / "c.conf") << "[tessera]\nengine_ms = 800\n";
  EXPECT_EQ(errorOf({"--config", (dir / "c.conf").string()}),
            (dir / "c.conf").string() + " line 2: engine_ms: --engine-ms is the engine's thinking time per action: it needs --mode engine");
  EXPECT_EQ(errorOf({"--config", (dir / "c.conf").string(), "--mode", "engine"}), noRecording);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tessera
