#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <ostream>

#include "commands.hpp"
#include "host/cli/options.hpp"
#include "host/hub/hub.hpp"
#include "host/hub/hub_http.hpp"

namespace tessera::commands {

cli::Command hubCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      {"broker", "URL", "the club's broker and topic prefix: mqtt://[USER:PASSWORD@]HOST[:PORT]/PREFIX (mqtts:// for TLS) (required)"},
      {"out", "DIR", "where the round's files go: round.pgn, boards/NAME.pgn, livechess/, and the hub's own copy (required)"},
      {"round", "FILE", "the round's pairings (board = players | variant | time control), pushed to the boards"},
      {"http", "PORT", "serve the arbiter page, the spectator pages, the PGN and the feeds on PORT (0: any free port)"},
      {"http-address", "ADDR", "with --http: the address to listen on (default 0.0.0.0, every interface)"},
      {"ca-file", "FILE", "with mqtts://: the CA certificate that signed the broker's"},
      {"quiet-after", "SECONDS", "a playing board with no action this long is an alert (default 600)"},
      {"mismatch-after", "SECONDS", "a board that does not match its game this long is an alert (default 30)"},
  };
  return {"hub", "follow every board of a club night through the broker: arbiter page, round PGN, live feeds",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream& err) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText(
                  "tessera hub --broker mqtt://HOST[:PORT]/PREFIX --out DIR [--round FILE] [--http PORT]",
                  "Subscribes to every board publishing under PREFIX (tessera play --publish) and keeps\n"
                  "the round: DIR/round.pgn and DIR/boards/NAME.pgn rewritten on every action, with\n"
                  "clock comments and the variants' tags, the DGT LiveChess layout in DIR/livechess/,\n"
                  "and an arbiter page with every board and the alerts (docs/club.md).",
                  specs);
              return 0;
            }
            if (!options.has("broker")) throw cli::UsageError("--broker mqtt://HOST[:PORT]/PREFIX is required");
            if (!options.has("out")) throw cli::UsageError("--out DIR is required (where the round's files go)");
            hub::HubOptions setup;
            try {
              setup.address = publish::parseMqttAddress(options.value("broker"));
            } catch (const std::invalid_argument& e) {
              throw cli::UsageError(std::string("--broker: ") + e.what());
            }
            setup.folder = options.value("out");
            setup.caFile = options.value("ca-file");
            if (!setup.caFile.empty() && !setup.address.tls)
              throw cli::UsageError("--ca-file is for a TLS broker: write its address as mqtts://HOST[:PORT]/PREFIX");
            if (options.has("round")) {
              try {
                setup.round = hub::readRoundFile(options.value("round"));
              } catch (const std::invalid_argument& e) {
                throw cli::UsageError(std::string("--round: ") + e.what());
              }
            }
            setup.quietAfterSeconds = options.integer("quiet-after", 600, 1, 86400);
            setup.mismatchAfterSeconds = options.integer("mismatch-after", 30, 0, 86400);
            if (options.has("http-address") && !options.has("http")) throw cli::UsageError("--http-address needs --http PORT");

            boost::asio::io_context io;
            hub::Hub hub(io, setup, err);
            std::unique_ptr<hub::HubHttp> http;
            if (options.has("http")) {
              const auto port = static_cast<unsigned short>(options.integer("http", 8080, 0, 65535));
              try {
                http = std::make_unique<hub::HubHttp>(io, hub, options.value("http-address", "0.0.0.0"), port);
              } catch (const std::exception& e) {
                err << "error: cannot serve on port " << port << ": " << e.what() << std::endl;
                return 1;
              }
              err << "hub: serving http://localhost:" << http->port() << "/" << std::endl;
            }
            boost::asio::signal_set signals(io, SIGINT, SIGTERM);
            signals.async_wait([&](const boost::system::error_code& ec, int) {
              if (!ec) io.stop();
            });
            io.run();
            err << "hub: stopped; the round is in " << setup.folder.string() << "/round.pgn" << std::endl;
            return 0;
          }};
}

}  // namespace tessera::commands
