#include <filesystem>
#include <fstream>
#include <ostream>
#include <sstream>

#include "commands.hpp"
#include "core/record/pgn.hpp"
#include "core/text/counted_noun.hpp"
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

// "chess, 63 actions replayed, all legal; ends 1-0 by checkmate"
std::string verdict(PgnGame& record) {
  const GameResult result = record.game->result();
  std::string text = record.game->variant().name + ", " + countedNoun(record.game->actions().size(), "action", "actions") +
                     " replayed, all legal";
  if (result.finished()) text += "; ends " + result.token + " by " + result.reason;
  return text;
}

int checkRecord(const cli::ParsedOptions& options, std::ostream& out, std::ostream& err) {
  const std::string path = options.value("check");
  if (std::error_code unreadable; std::filesystem::is_directory(path, unreadable)) {
    err << path << " is a directory, not a game record\n";
    return 1;
  }
  const auto lookup = [&](std::string_view name) -> const Variant& { return cli::findVariant(options, std::string(name)); };
  std::vector<PgnGameInFile> games = readPgnGames(readFile(path), lookup);
  // Readers take a game without its closing result, but a record that is checked must have it: PGN
  // ends every game's movetext with one, and without it the next game's tags may be read as a
  // continuation by other programs.
  for (PgnGameInFile& game : games)
    if (game.read && game.read->recordedResult.empty()) {
      game.fault = "no result closes the movetext (PGN ends each game with one: 1-0, 0-1, 1/2-1/2 or *; with four players the finishing order)";
      game.read.reset();
    }
  if (games.empty()) {
    err << "no game record in " << path << "\n";
    return 1;
  }
  if (games.size() == 1) {
    if (!games[0].read) {
      err << path << ": " << games[0].fault << "\n";
      return 1;
    }
    out << path << ": " << verdict(*games[0].read) << "\n";
    return 0;
  }
  std::vector<std::string> bad;
  for (std::size_t i = 0; i < games.size(); ++i) {
    const std::string game = "game " + std::to_string(i + 1) + " (from line " + std::to_string(games[i].line) + ")";
    if (games[i].read) {
      out << path << ": " << game << ": " << verdict(*games[i].read) << "\n";
      continue;
    }
    out.flush();  // the lines in the order of the games when both go to one file
    err << path << ": " << game << ", " << games[i].fault << "\n";
    bad.push_back(std::to_string(i + 1));
  }
  if (bad.empty()) {
    out << path << ": " << games.size() << " games, all legal\n";
    return 0;
  }
  std::string list;
  for (const std::string& number : bad) list += (list.empty() ? "" : ", ") + number;
  out.flush();
  err << path << ": " << games.size() << " games, " << bad.size() << " bad: " << (bad.size() == 1 ? "game " : "games ")
      << list << "\n";
  return 1;
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
      {"check", "FILE", "read the PGN record FILE and replay each game in it, reporting each bad one"},
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
                                   "Replays every game of a PGN file (Variant tag, optional FEN tag) and reports, for\n"
                                   "each game, the first action that cannot be read or is not legal, words after the\n"
                                   "result, or a result that the Result tag or the final position denies.\n"
                                   "With --journal, rebuilds the record from the live game's journal.",
                                   specs);
              return 0;
            }
            if (options.has("check") && options.has("journal")) throw cli::UsageError("give either --check or --journal");
            if (options.has("check") && options.has("out")) throw cli::UsageError("--out goes with --journal; --check writes nothing");
            return options.has("check") ? checkRecord(options, out, err) : recordFromJournal(options, out, err);
          }};
}

}  // namespace tessera::commands
