#include <iomanip>
#include <sstream>
#include <ostream>

#include "commands.hpp"
#include "host/cli/lens_option.hpp"
#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/board_watcher.hpp"
#include "hardware/camera/frame_source.hpp"
#include "hardware/camera/variant/snapshot_referee.hpp"
#include "hardware/camera/variant/variant_layout.hpp"
#include "host/cli/output_path.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {

cli::Command replayCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"frames", "DIR|VIDEO", "a folder of images (name order, numbers in names by value) or a video file (required)"},
      {"fps", "N", "frame rate of an image folder, 1-120 (default 10)"},
      {"out", "FILE", "write the game record (PGN) here instead of to the standard output"},
      cli::kLensOption,
  };
  return {"replay", "read a recorded game (video or image folder) with the camera pipeline into a PGN record",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream& err) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera replay --variant NAME --frames DIR|VIDEO [--fps N] [--out game.pgn] [--lens K]",
                                   "Runs the camera pipeline and the referee over a recording of a game on the\n"
                                   "printed board (tessera print): every settled board is reconciled with the\n"
                                   "rules, and the accepted actions become the record. Frames that could not be\n"
                                   "read and boards that did not reconcile are reported.",
                                   specs);
              return 0;
            }
            if (!options.has("frames")) throw cli::UsageError("--frames is required");
            if (const auto problem = camera::recordingProblem(options.value("frames")))
              throw cli::UsageError("--frames " + options.value("frames") + ": " + *problem);
            const Variant& variant = cli::chooseVariant(options);
            if (options.has("out")) cli::checkWritable(options.value("out"), "--out");
            const double fps = static_cast<double>(options.integer("fps", 10, 1, 120));
            const camera::Lens lens = options.has("lens") ? cli::parseLens(options.value("lens")) : camera::Lens{};
            if (camera::isFolderWithoutImages(options.value("frames"))) {
              err << "error: no images in " << options.value("frames") << " (.png, .jpg, .jpeg or .bmp)\n";
              return 1;
            }
            auto source = camera::openFrameSource(options.value("frames"), fps);

            camera::ReaderOptions readerOptions;
            readerOptions.reportSides = variant.sides == 2;
            readerOptions.lens = lens;
            camera::BoardWatcher watcher(camera::layoutForVariant(variant), readerOptions);
            Game game(variant);
            camera::SnapshotReferee referee(game);
            watcher.expect(referee.expected());

            long frames = 0, unreadable = 0, problems = 0, mismatches = 0;
            for (camera::FrameRead r = source->read(); r.status != camera::FrameRead::Status::Finished;
                 r = source->read()) {
              if (r.status == camera::FrameRead::Status::Unavailable) {
                err << "warning: " << r.problem << "\n";
                if (++problems > 1000) break;  // a live camera that never comes back: give up on the replay
                continue;
              }
              ++frames;
              const camera::BoardWatcher::Step step = watcher.push(r.frame.image, r.frame.seconds);
              if (!step.reading.readable) ++unreadable;
              if (!step.snapshot) continue;
              const camera::RefereeEvent event = referee.onSnapshot(*step.snapshot);
              if (event.boardShowsPosition) watcher.confirm(referee.expected());
              else watcher.expect(referee.expected());
              const auto at = [&] {
                std::ostringstream s;
                s << std::fixed << std::setprecision(1) << event.seconds << " s";
                return s.str();
              };
              switch (event.kind) {
                case camera::RefereeEvent::Kind::Played:
                case camera::RefereeEvent::Kind::TakenBack:
                  err << at() << ": " << event.text << "\n";
                  break;
                case camera::RefereeEvent::Kind::Proposed:
                  err << at() << ": several explanations, took " << event.text << "\n";
                  break;
                case camera::RefereeEvent::Kind::Unresolved:
                  err << at() << ": several explanations, none taken\n";
                  break;
                case camera::RefereeEvent::Kind::Mismatch:
                  ++mismatches;
                  err << at() << ": board does not reconcile; differing squares: " << event.text << "\n";
                  break;
                default: break;
              }
            }
            err << source->describe() << ": " << countedNoun(frames, "frame", "frames") << ", " << unreadable
                << " without a readable board (hands over markers, board not found), "
                << countedNoun(mismatches, "settled board that did not reconcile", "settled boards that did not reconcile")
                << "; " << countedNoun(game.actions().size(), "action", "actions") << "\n";

            // A replay that failed keeps no record: a file named by --out stays as it was.
            if (frames == 0) {
              err << "error: no frame of " << source->describe() << " could be read\n";
              return 1;
            }
            if (unreadable == frames) {
              err << "error: the board was found in none of the " << countedNoun(frames, "frame", "frames")
                  << ": is the recording of " << variant.name << "'s board as tessera print makes it, seen whole?\n";
              return 1;
            }
            const std::string pgn = writePgn(game);
            if (options.has("out")) {
              cli::writeWholeFile(options.value("out"), pgn);
              out << options.value("out") << ": " << countedNoun(game.actions().size(), "action", "actions") << "\n";
            } else {
              out << pgn;
            }
            return 0;
          }};
}

}  // namespace tessera::commands
