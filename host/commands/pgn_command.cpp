#include <fstream>
#include <ostream>
#include <sstream>

#include "commands.hpp"
#include "core/pgn.hpp"
#include "host/cli/variant_option.hpp"
#include "host/record/game_journal.hpp"

namespace tessera::commands {
namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw cli::UsageError("cannot read '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

int checkRecord(const cli::ParsedOptions& options, std::ostream& out, std::ostream& err) {
  const std::string path = options.value("check");
  const auto lookup = [&](std::string_view name) -> const Variant& { return cli::findVariant(options, std::string(name)); };
  try {
    PgnGame record = readPgn(readFile(path), lookup);
    const GameResult result = record.game->result();
    out << path << ": " << record.game->variant().name << ", " << record.game->actions().size()
        << " actions replayed, all legal";
    if (result.finished() && !record.recordedResult.empty() && record.recordedResult != "*" &&
        record.recordedResult != result.token) {
      out << "\n";
      err << path << ": the record gives the result " << record.recordedResult << " but the final position ends the game "
          << result.token << " (" << result.reason << ")\n";
      return 1;
    }
    if (result.finished()) out << "; ends " << result.token << " by " << result.reason;
    out << "\n";
    return 0;
  } catch (const PgnError& e) {
    err << path << ": " << e.what() << "\n";
    return 1;
  }
}

int recordFromJournal(const cli::ParsedOptions& options, std::ostream& out, std::ostream& err) {
  const std::string path = options.value("journal");
  const auto lookup = [&](std::string_view name) -> const Variant& { return cli::findVariant(options, std::string(name)); };
  try {
    // Only read: a game going on may still be writing the journal, and a damaged one gives what it
    // holds before the damage.
    RecoveredGame recovered = GameJournal::read(path, lookup, GameJournal::Damage::EndTheRecordThere);
    for (const std::string& w : recovered.warnings) err << "warning: " << w << "\n";
    const std::string pgn = writePgn(*recovered.game, {}, elapsedTimeComments(recovered.actionMillis));
    if (options.has("out")) {
      std::ofstream file(options.value("out"), std::ios::binary);
      if (!(file << pgn)) throw cli::UsageError("cannot write '" + options.value("out") + "'");
      out << options.value("out") << ": " << recovered.game->actions().size() << " actions\n";
    } else {
      out << pgn;
    }
    return recovered.endedAtDamage ? 1 : 0;
  } catch (const JournalError& e) {
    err << e.what() << "\n";
    return 1;
  }
}

}  // namespace

cli::Command pgnCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      {"check", "FILE", "read the PGN record FILE and replay it, reporting the first bad action"},
      {"journal", "FILE", "rebuild the record of the game in the journal FILE (after a power cut, say)"},
      {"out", "FILE", "with --journal: write the PGN to FILE instead of the screen"},
      cli::kVariantFileOption,
  };
  return {"pgn", "check a game record, or rebuild one from a game journal",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream& err) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested() || (!options.has("check") && !options.has("journal"))) {
              if (!options.helpRequested()) throw cli::UsageError("give --check FILE or --journal FILE");
              out << cli::helpText("tessera pgn --check FILE | --journal FILE [--out FILE] [--variant-file FILE]",
                                   "Replays a PGN record (Variant tag, optional FEN tag) and reports the first action\n"
                                   "that cannot be read or is not legal, or a result that the final position denies.\n"
                                   "With --journal, rebuilds the record from the live game's journal.",
                                   specs);
              return 0;
            }
            if (options.has("check") && options.has("journal")) throw cli::UsageError("give either --check or --journal");
            return options.has("check") ? checkRecord(options, out, err) : recordFromJournal(options, out, err);
          }};
}

}  // namespace tessera::commands
