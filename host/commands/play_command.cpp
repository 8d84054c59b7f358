#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <ostream>

#include "commands.hpp"
#include "host/cli/lens_option.hpp"
#include "core/record/pgn.hpp"
#include "core/text/counted_noun.hpp"
#include "hardware/camera/frame_source.hpp"
#include "hardware/link/firmware_link.hpp"
#include "host/cli/config_arguments.hpp"
#include "host/cli/input_option.hpp"
#include "host/cli/output_path.hpp"
#include "host/cli/variant_option.hpp"
#include "host/inputs/camera_input.hpp"
#include "host/inputs/read_again.hpp"
#include "host/inputs/switch_board_input.hpp"
#include "host/session/uci_engine.hpp"
#include "host/publish/board_publisher.hpp"
#include "host/table/table.hpp"
#ifdef TESSERA_HAVE_GPIO
#include "hardware/gpio/gpio_devices.hpp"
#endif

namespace tessera::commands {


cli::Command playCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      cli::kVariantFileOption,
      {"input", "SPEC", "frames:DIR (recorded images or video), camera[:DEV] (a V4L2 device: /dev/videoN, N, or a /dev/v4l/by-id/ name), camera:libcamera[:N] (a Pi Camera Module: tessera cameras lists them), link[:PORT] or gpio (required)"},
      {"mode", "MODE", "referee (two players, default), engine (play against the engine) or hints (after every action)"},
      {"engine-side", "SIDE", "with --mode engine: the side the engine plays by its name, white or black, or south, west, north or east with four players (default the second side: black, west)"},
      {"engine-ms", "N", "with --mode engine: its thinking time per action, 10-60000 ms (default 500)"},
      {"engine", "ENGINE", "whose advice and actions: tessera (default) or, orthodox chess only, an external UCI engine: uci:PATH[,OPTION=VALUE...], e.g. uci:/usr/games/stockfish,UCI_Elo=1800"},
      {"time-control", "M+S", "clocks: M minutes each, S seconds added per action, e.g. 5+3; a side out of time loses (default none: the clocks count up)"},
      {"journal", "FILE", "crash-safe game journal; an existing one is resumed"},
      {"pgn", "FILE", "keep the game record here, rewritten after every action (default: print it at the end)"},
      {"display-out", "DIR", "write the display image as PNG frames into DIR (latest.png is always the newest)"},
      {"display-latest-only", "", "with --display-out: keep only latest.png (for long unattended games)"},
      {"screen", "", "show the display full-screen on this computer's screen (keys: h hint, t takeback, c confirm, 1-9 choose, p pair again (a new pairing code, every phone unpaired), l the legend of the fairy pieces, q quit; a touch on a piece shows where it can go, on the panel the legend)"},
      {"screen-size", "WxH", "with --screen: the screen's pixels, e.g. 1920x1080 (default: the full-screen window's size)"},
      {"screen-inches", "D", "with --screen: the screen's diagonal in inches, 3-100, e.g. 7 for the Pi Touch Display; what the game waits for is then drawn to read from 2 m"},
      {"http", "PORT", "serve the web page on PORT (0: any free port); anyone may watch, commands need a device paired with the code the screen and this terminal show"},
      {"http-bind", "ADDRESS", "with --http: serve on this address only, e.g. 127.0.0.1 for this computer alone (default 0.0.0.0, every network; 127.0.0.1 for a recording)"},
      {"http-read-only", "", "with --http: the web page only watches; commands come from the board's buttons and screen"},
      {"fps", "N", "frame rate of a recording: an image folder's, or a video's that gives none; 1-120 (default 10)"},
      cli::kLensOption,
      {"realtime", "", "play a recording at its frame rate instead of as fast as possible"},
      {"auto-choose", "", "take the proposed explanation when several fit (no player at hand)"},
      {"linger", "SECONDS", "with --http or --screen: keep showing the game this long after a recording ends (default 0)"},
      {"config", "FILE", "settings file: [tessera] with these options (name = value), [gpio] with the pins"},
      {"publish", "URL", "publish the game to a club's broker: mqtt://[USER:PASSWORD@]HOST[:PORT]/PREFIX (mqtts:// for TLS); needs --board and --journal (docs/club.md)"},
      {"board", "NAME", "with --publish: this board's name in the round (letters, digits, - and _)"},
      {"ca-file", "FILE", "with --publish mqtts://: the CA certificate that signed the broker's"},
  };
  return {"play", "referee a game at the table: camera, link or GPIO input, display, web page, journal",
          [](const cli::CommandArgs& commandLine, std::ostream& out, std::ostream& err) {
            cli::CommandArgs args = commandLine;
            cli::ConfigArguments config;
            if (const auto first = cli::parseOptions(specs, commandLine); first.has("config")) {
              config = cli::configArguments(first.value("config"), specs, commandLine);
              args = config.args;
              args.insert(args.end(), commandLine.begin(), commandLine.end());
            }
            const auto options = cli::parseOptions(specs, args);
            // Runs the check of option `name`'s value; a wrong value from the file is named with its line.
            const auto checking = [&](const std::string& name, const auto& check) -> decltype(auto) {
              try {
                return check();
              } catch (const cli::UsageError& e) {
                throw cli::UsageError(config.placeOf(name) + e.what());
              }
            };
            if (options.helpRequested()) {
              out << cli::helpText(
                  "tessera play --variant NAME --input SPEC [--mode referee|engine|hints] [--journal FILE]\n"
                  "             [--pgn FILE] [--display-out DIR] [--http PORT]",
                  "Watches the board, checks every change against the rules and keeps the record.\n"
                  "Each settled board becomes a verdict (printed as it comes); accepted actions go to\n"
                  "the journal before anything else, so a power cut loses nothing. Against the engine\n"
                  "the engine announces its action and only that is accepted (override from the web\n"
                  "page). A recording (frames:DIR) ends the program when it ends.",
                  specs);
              return 0;
            }
            if (!options.has("input")) throw cli::UsageError("--input is required");
            const cli::InputSpec input = checking("input", [&] { return cli::parseInput(options.value("input")); });
            // With a variant file, what can be wrong is the file, or a name it does not have.
            const Variant& variant = checking(options.has("variant-file") ? "variant-file" : "variant",
                                              [&]() -> const Variant& { return cli::chooseVariant(options); });

            table::TableOptions setup;
            setup.session.mode = checking("mode", [&] {
              const std::string text = options.value("mode", "referee");
              const auto mode = session::parsePlayMode(text);
              if (!mode) throw cli::UsageError("--mode must be referee, engine or hints, not '" + text + "'");
              return *mode;
            });
            setup.session.engineSide = checking("engine-side", [&] {
              try {
                return session::engineSideNamed(variant, options.value("engine-side"));
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(e.what());
              }
            });
            setup.session.engineMillis = checking("engine-ms", [&] { return static_cast<int>(options.integer("engine-ms", 500, 10, 60000)); });
            setup.session.externalEngine = checking("engine", [&]() -> std::optional<UciEngineSpec> {
              const std::string text = options.value("engine", "tessera");
              if (text == "tessera") return std::nullopt;
              if (!isUciEngineSpec(text))
                throw cli::UsageError("--engine is 'tessera' or 'uci:PATH[,OPTION=VALUE...]', not '" + text + "'");
              if (!uciEnginesKnow(variant))
                throw cli::UsageError("--engine " + text + ": an external engine is for orthodox chess (--variant chess); " +
                                      variant.name + " is Tessera's own, and only its engine plays it");
              try {
                const UciEngineSpec spec = parseUciEngineSpec(text);
                const session::UciEngine tried(spec);  // started once here, so that a wrong path or option is said now
                err << "engine: " << tried.description() << std::endl;
                return spec;
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(std::string("--engine: ") + e.what());
              } catch (const session::UciEngineError& e) {
                throw cli::UsageError(std::string("--engine: ") + e.what());
              }
            });
            setup.session.autoChoose = options.has("auto-choose");
            setup.session.sensorsSeePiecesOnly = input.kind == "link" || input.kind == "gpio";
            checking("time-control", [&] {
              try {
                setup.session.timeControl = session::parseTimeControl(options.value("time-control", "none"));
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(std::string("--time-control: ") + e.what());
              }
              if (setup.session.timeControl.counting() && variant.sides != 2)
                throw cli::UsageError("--time-control: time controls are for two players");
            });
            setup.session.journalPath = options.value("journal");
            setup.session.recordPath = options.value("pgn");
            if (!setup.session.recordPath.empty() && !setup.session.journalPath.empty())
              checking("pgn", [&] { cli::checkNotTheSameFile(setup.session.recordPath, "--pgn", setup.session.journalPath, "--journal"); });
            if (!setup.session.recordPath.empty()) checking("pgn", [&] { cli::checkWritable(setup.session.recordPath, "--pgn"); });
            // A journal there already is gone on with, and what is wrong with it is the journal's to say.
            std::error_code noJournal;
            if (!setup.session.journalPath.empty() && !std::filesystem::exists(setup.session.journalPath, noJournal))
              checking("journal", [&] { cli::checkWritable(setup.session.journalPath, "--journal"); });
            if (options.has("display-out")) setup.displayFolder = options.value("display-out");
            setup.numberedFrames = !options.has("display-latest-only");
            if (options.has("http"))
              setup.httpPort = checking("http", [&] { return static_cast<unsigned short>(options.integer("http", 8080, 0, 65535)); });
            // Phones at the table reach a live board over the network; a recording is replayed to be
            // looked at on this computer, and is served to it alone unless told otherwise.
            setup.httpBind = checking("http-bind", [&] {
              const std::string address = options.value("http-bind", input.kind == "frames" ? "127.0.0.1" : "0.0.0.0");
              boost::system::error_code notAnAddress;
              boost::asio::ip::make_address(address, notAnAddress);
              if (notAnAddress)
                throw cli::UsageError("--http-bind is an IP address of this computer, such as 0.0.0.0 (every network) or "
                                      "127.0.0.1 (this computer alone), not '" + address + "'");
              return address;
            });
            setup.httpReadOnly = options.has("http-read-only");
            // A recording read as fast as it decodes has no real time for the engine to think in.
            setup.engineInBackground = !(input.kind == "frames" && !options.has("realtime"));
            setup.session.recordTimes = setup.engineInBackground;  // and its times are no thinking times
            const double fps = checking("fps", [&] { return static_cast<double>(options.integer("fps", 10, 1, 120)); });
            const long linger = checking("linger", [&] { return options.integer("linger", 0, 0, 86400); });

            std::optional<cv::Size> screenSize;
            if (options.has("screen-size")) screenSize = checking("screen-size", [&] {
              int w = 0, h = 0;
              char x = 0, rest = 0;
              const std::string text = options.value("screen-size");
              if (std::sscanf(text.c_str(), "%d%c%d%c", &w, &x, &h, &rest) != 3 || x != 'x' || w < 320 || h < 240 || w > 10000 || h > 10000)
                throw cli::UsageError("--screen-size is WIDTHxHEIGHT in pixels (320x240 to 10000x10000), e.g. 1920x1080, not '" + text + "'");
              return cv::Size(w, h);
            });
            std::optional<double> screenInches;
            if (options.has("screen-inches")) screenInches = checking("screen-inches", [&] {
              double inches = 0;
              char rest = 0;
              const std::string text = options.value("screen-inches");
              if (std::sscanf(text.c_str(), "%lf%c", &inches, &rest) != 1 || !(inches >= 3 && inches <= 100))
                throw cli::UsageError("--screen-inches is the screen's diagonal in inches, 3 to 100, e.g. 7 or 15.6, not '" + text + "'");
              return inches;
            });
            // An option that means something only with another is refused alone rather than ignored.
            const auto needs = [&](const std::string& name, bool other, const std::string& why) {
              if (options.has(name) && !other) checking(name, [&] { throw cli::UsageError("--" + name + " " + why); });
            };
            needs("display-latest-only", options.has("display-out"), "keeps only the newest display frame: it needs --display-out DIR");
            needs("screen-size", options.has("screen"), "is the full-screen window's size: it needs --screen");
            needs("screen-inches", options.has("screen"), "sizes what the full-screen window draws: it needs --screen");
            const bool againstTheEngine = setup.session.mode == session::PlayMode::Engine;
            needs("engine-side", againstTheEngine, "is the side the engine plays: it needs --mode engine");
            needs("engine-ms", againstTheEngine, "is the engine's thinking time per action: it needs --mode engine");
            const bool recording = input.kind == "frames";
            needs("fps", recording, "is a recording's frame rate: it needs --input frames:DIR|VIDEO");
            needs("realtime", recording, "plays a recording at its frame rate: it needs --input frames:DIR|VIDEO");
            needs("lens", input.kind == "frames" || input.kind == "camera", "is the camera's lens: it needs --input camera or frames");
            camera::ReaderOptions readerOptions;
            if (options.has("lens")) readerOptions.lens = checking("lens", [&] { return cli::parseLens(options.value("lens")); });
            needs("linger", recording, "keeps the game shown after a recording ends: it needs --input frames:DIR|VIDEO");
            needs("http-bind", options.has("http"), "is the address the web page is served on: it needs --http PORT");
            needs("http-read-only", options.has("http"), "makes the web page watch only: it needs --http PORT");
            needs("linger", options.has("http") || options.has("screen"), "keeps the game shown after a recording ends: it needs --http or --screen");
            needs("board", options.has("publish"), "names this board for its broker: it needs --publish URL");
            needs("ca-file", options.has("publish"), "is the broker's CA certificate: it needs --publish mqtts://...");
            std::optional<publish::PublisherOptions> publishing;
            if (options.has("publish")) publishing = checking("publish", [&] {
              publish::PublisherOptions p;
              try {
                p.address = publish::parseMqttAddress(options.value("publish"));
                if (!options.has("board")) throw cli::UsageError("--publish needs --board NAME (this board's name in the round)");
                p.board = options.value("board");
                publish::checkBoardName(p.board);
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(std::string("--publish: ") + e.what());
              }
              if (setup.session.journalPath.empty())
                throw cli::UsageError("--publish needs --journal FILE: the journal is the queue of what is still to send");
              p.caFile = options.value("ca-file");
              if (!p.caFile.empty() && !p.address.tls)
                throw cli::UsageError("--ca-file is for a TLS broker: write its address as mqtts://HOST[:PORT]/PREFIX");
              return p;
            });
            // Checked after the options, before a game is started on a recording that cannot be played.
            checking("input", [&] { cli::checkRecording(input); });
            if (options.has("screen")) setup.screen = table::ScreenOptions{screenSize, screenInches};
            boost::asio::io_context io;
            table::Table t(io, variant, setup, err);
            std::unique_ptr<publish::BoardPublisher> publisher;
            if (publishing) publisher = std::make_unique<publish::BoardPublisher>(io, *publishing, t.session(), t.bus(), err);
            t.start();

            std::unique_ptr<inputs::CameraInput> camera;
            std::unique_ptr<link::FirmwareLink> firmware;
            std::unique_ptr<inputs::ReadAgain> rereader;
#ifdef TESSERA_HAVE_GPIO
            std::unique_ptr<gpio::GpioDevices> gpio;
            std::unique_ptr<inputs::SwitchBoardInput> switchBoard;
#endif
            boost::asio::steady_timer lingerTimer(io);
            if (input.kind == "frames" || input.kind == "camera") {
              inputs::CameraInputHandlers handlers;
              handlers.onProblem = [&](const std::string& p) {
                err << (p.empty() ? std::string("camera: frames again") : "camera: " + p) << std::endl;
              };
              handlers.onFinished = [&] {
                if (linger == 0) return io.stop();
                err << "recording ended; serving the page for " << linger << " s more" << std::endl;
                lingerTimer.expires_after(std::chrono::seconds(linger));
                lingerTimer.async_wait([&](const boost::system::error_code&) { io.stop(); });
              };
              camera = std::make_unique<inputs::CameraInput>(
                  io, camera::openFrameSource(input.device, fps), variant,
                  input.kind == "frames" && options.has("realtime"), t.session(), handlers, readerOptions);
              camera->start();
            } else if (input.kind == "link") {
              link::LinkOptions linkOptions;
              linkOptions.devicePath = input.device;
              link::LinkHandlers handlers;
              handlers.onObservation = [&](const Observation& o) { rereader->feed(o); };
              handlers.onEvent = [&](const link::LinkEvent& e) { err << "link: " << e.message << std::endl; };
              rereader = std::make_unique<inputs::ReadAgain>(io, t.session());
              firmware = std::make_unique<link::FirmwareLink>(io, linkOptions, handlers);
              // The board's LEDs show the squares to fix, a lifted piece's destinations, the engine's action.
              t.showOnLeds([&](const std::vector<link::Rgb>& colours) {
                if (firmware->state() == link::LinkState::Connected) firmware->sendLedFrame(colours);
              });
              firmware->start();
            } else {
#ifdef TESSERA_HAVE_GPIO
              if (!options.has("config")) throw cli::UsageError("--input gpio needs --config FILE with a [gpio] section (the pins)");
              gpio = std::make_unique<gpio::GpioDevices>(gpio::readGpioConfigFile(options.value("config")));
              switchBoard = std::make_unique<inputs::SwitchBoardInput>(io, gpio->board(), gpio->buttons(),
                                                                        gpio->scanInterval(), t.session());
              switchBoard->start();
#else
              throw cli::UsageError("--input gpio: this build has no libgpiod (install libgpiod-dev and rebuild)");
#endif
            }

            boost::asio::signal_set signals(io, SIGINT, SIGTERM);
            signals.async_wait([&](const boost::system::error_code& ec, int) {
              if (!ec) io.stop();
            });
            io.run();
            // What the broker has not acknowledged yet gets a few seconds to go (the rest stays in the
            // journal, sent when the board plays on with it).
            // A broker that cannot be reached says why first (a wrong certificate...).
            for (int i = 0; publisher && !publisher->upToDate() && (publisher->connected() || publisher->refusal().empty()) && i < 50; ++i) {
              io.restart();
              io.run_for(std::chrono::milliseconds(100));
            }
            if (publisher && publisher->unsent() > 0)
              err << "publish: " << countedNoun(publisher->unsent(), "action", "actions") << " not sent to the broker"
                  << (publisher->refusal().empty() ? "" : " (" + publisher->refusal() + ")")
                  << ": kept in the journal, they go when the board plays on with it" << std::endl;

            if (camera)
              err << camera->describe() << ": " << countedNoun(camera->frames(), "frame", "frames") << ", "
                  << camera->unreadable() << " without a readable board, "
                  << countedNoun(camera->snapshots(), "settled snapshot", "settled snapshots") << std::endl;
            const GameResult result = t.session().result();
            err << countedNoun(t.session().game().actions().size(), "action", "actions") << "; "
                << (result.finished() ? result.token + " " + result.reason : std::string("game going on")) << "; "
                << countedNoun(t.eventsOf(session::SessionEvent::Kind::Mismatch), "mismatch", "mismatches") << std::endl;
            if (setup.session.recordPath.empty()) out << t.session().pgn();
            // A recording in which the board is never seen referees nothing: no success, though the
            // record and the journal stay as the game left them.
            if (input.kind == "frames" && camera->frames() == 0) {
              err << "error: the recording " << input.device << " has no frame that could be read" << std::endl;
              return 1;
            }
            if (input.kind == "frames" && camera->unreadable() == camera->frames()) {
              err << "error: the board was found in none of the " << countedNoun(camera->frames(), "frame", "frames")
                  << ": is the recording of " << variant.name << "'s board as tessera print makes it, seen whole?" << std::endl;
              return 1;
            }
            return 0;
          }};
}

}  // namespace tessera::commands
