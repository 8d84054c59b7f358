#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <chrono>
#include <csignal>
#include <iomanip>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <random>

#include "commands.hpp"
#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/position_text.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "host/cli/variant_option.hpp"
#include "host/inputs/camera_input.hpp"
#include "host/inputs/filmed_game_source.hpp"
#include "host/table/table.hpp"

namespace tessera::commands {
namespace {

// The file that marks a folder as the demo's own, whose record and journal it may replace.
constexpr const char* kDemoMark = ".tessera-demo";

// The demo writes game.pgn and game.journal, the names a live game uses: a folder holding anything
// the demo did not write (a real game, say) is refused rather than overwritten. A folder not there
// is made now, so that a path no folder can have is refused like any other bad argument.
void checkDemoFolder(const std::filesystem::path& folder) {
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec)) {
    if (!std::filesystem::create_directories(folder, ec) && ec)
      throw cli::UsageError("--out: cannot create the folder " + folder.string() + ": " + ec.message());
    return;
  }
  if (!std::filesystem::is_directory(folder, ec))
    throw cli::UsageError("--out '" + folder.string() + "' is a file, not a folder");
  if (std::filesystem::exists(folder / kDemoMark, ec) || std::filesystem::is_empty(folder, ec)) return;
  throw cli::UsageError("--out '" + folder.string() +
                        "' holds files the demo did not write, and the demo would replace its game.pgn and "
                        "game.journal: choose another folder, or empty this one");
}

}  // namespace

cli::Command demoCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      {"variant", "NAME", "variant to use (see 'tessera variants'); default desert-dust"},
      {"plies", "N", "how many actions the built-in game has, 1-60 (default 12)"},
      {"seed", "N", "seed of the built-in game and of the scene (default 1)"},
      {"out", "DIR", "where the record and the display frames go (default ./demo-out)"},
      {"http", "PORT", "serve the live web page on PORT while the demo runs (the game then plays in real time)"},
      {"linger", "SECONDS", "with --http: keep serving this long after the game (default 0)"},
  };
  return {"demo", "a built-in game seen by the camera pipeline, refereed, with hints and the display (no hardware)",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream& err) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText(
                  "tessera demo [--variant NAME] [--plies N] [--seed N] [--out DIR] [--http PORT]",
                  "Films a built-in game of the variant (default Desert Dust) on a rendered board: a hand\n"
                  "reaches in for every action. Every frame goes through the real camera pipeline (board\n"
                  "location, cell classification, stabiliser); each settled board is refereed, the engine\n"
                  "suggests the next actions, and the display is drawn. Verdicts are printed as they come;\n"
                  "the record (game.pgn) and the display frames (display/) are written to the folder.",
                  specs);
              return 0;
            }
            const Variant& variant = options.has("variant") ? cli::chooseVariant(options) : builtinVariant("desert-dust");
            const int plies = static_cast<int>(options.integer("plies", 12, 1, 60));
            const unsigned seed = static_cast<unsigned>(options.integer("seed", 1, 0, 1000000));
            const std::filesystem::path folder = options.value("out", "demo-out");
            const bool serving = options.has("http");
            if (options.has("linger") && !serving) throw cli::UsageError("--linger keeps the web page served: it needs --http");
            checkDemoFolder(folder);

            std::mt19937 rng(seed);
            Position scriptPos = startPosition(variant);
            const std::vector<Move> script = scene::playDistinctly(scriptPos, plies, rng);
            Game scripted(variant);
            for (const Move& m : script) scripted.play(m);

            std::filesystem::create_directories(folder);
            std::ofstream(folder / kDemoMark) << "written by tessera demo, which replaces what is in this folder\n";
            std::filesystem::remove_all(folder / "display");
            std::filesystem::remove(folder / "game.journal");
            table::TableOptions setup;
            setup.session.mode = session::PlayMode::Hints;
            setup.session.hintMillis = 100;
            setup.session.autoChoose = true;
            setup.session.journalPath = (folder / "game.journal").string();
            setup.engineInBackground = serving;  // served: filmed in real time
            setup.session.recordTimes = serving;
            setup.session.recordPath = (folder / "game.pgn").string();
            setup.displayFolder = folder / "display";
            if (serving) setup.httpPort = static_cast<unsigned short>(options.integer("http", 8080, 0, 65535));
            const long linger = options.integer("linger", 0, 0, 86400);

            out << variant.title << " (" << variant.size.files << "x" << variant.size.ranks << "): a built-in game of "
                << countedNoun(script.size(), "action", "actions") << ", filmed at 800x600 and read by the camera pipeline"
                << std::endl;
            const auto started = std::chrono::steady_clock::now();
            boost::asio::io_context io;
            table::Table t(io, variant, setup, out);
            t.start();

            std::mt19937 styleRng(seed + 7);
            const scene::SceneStyle style =
                scene::randomStyle(styleRng, {800, 600}, scene::sheetCells(variant), false);
            inputs::CameraInputHandlers handlers;
            handlers.onProblem = [&](const std::string& p) { err << "camera: " << p << std::endl; };
            boost::asio::steady_timer lingerTimer(io);
            handlers.onFinished = [&] {
              if (!serving || linger == 0) return io.stop();
              lingerTimer.expires_after(std::chrono::seconds(linger));
              lingerTimer.async_wait([&](const boost::system::error_code&) { io.stop(); });
            };
            inputs::CameraInput camera(
                io, std::make_unique<inputs::FilmedGameSource>(variant, script, style, seed), variant, serving,
                t.session(), handlers);
            camera.start();
            boost::asio::signal_set signals(io, SIGINT, SIGTERM);
            signals.async_wait([&](const boost::system::error_code& ec, int) {
              if (!ec) io.stop();
            });
            io.run();

            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
            const bool same = t.session().game().actions() == scripted.actions();
            out << countedNoun(camera.frames(), "frame", "frames") << " (" << camera.unreadable()
                << " with a hand over the markers), "
                << countedNoun(camera.snapshots(), "settled snapshot", "settled snapshots") << ", "
                << countedNoun(t.eventsOf(session::SessionEvent::Kind::Mismatch), "mismatch", "mismatches") << ", "
                << countedNoun(t.display().framesWritten(), "display frame", "display frames") << ", " << std::fixed
                << std::setprecision(1) << seconds << " s" << std::endl;
            out << "record " << (same ? "equals" : "DIFFERS FROM") << " the scripted game ("
                << t.session().game().actions().size() << " of " << countedNoun(script.size(), "action", "actions") << ")"
                << std::endl;
            out << "wrote " << setup.session.recordPath << " and " << (folder / "display").string() << "/" << std::endl;
            return same ? 0 : 1;
          }};
}

}  // namespace tessera::commands
