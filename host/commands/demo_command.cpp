#include <ostream>
#include <random>

#include "commands.hpp"
#include "core/attacks.hpp"
#include "core/game_status.hpp"
#include "core/move_text.hpp"
#include "core/movegen.hpp"
#include "core/perft.hpp"
#include "core/position_text.hpp"
#include "host/cli/variant_option.hpp"

namespace tessera::commands {
namespace {

// The demo player: takes the most valuable capture it sees, otherwise a seeded random move, so
// that the same game is shown every time.
Move chooseMove(Position& pos, const MoveList& moves, std::mt19937& rng) {
  int best = -1, bestScore = 0;
  for (int i = 0; i < moves.size(); ++i) {
    const PieceCode target = pos.at(moves[i].to);
    const int score = target ? static_cast<int>(pos.variant().pieces[pieceType(target)].moves.templates.size()) : 0;
    if (score > bestScore) {
      bestScore = score;
      best = i;
    }
  }
  if (best >= 0) return moves[best];
  return moves[std::uniform_int_distribution<int>(0, moves.size() - 1)(rng)];
}

}  // namespace

cli::Command demoCommand() {
  static const std::vector<cli::OptionSpec> specs = {
      cli::kVariantOption,
      {"plies", "N", "how many half-moves to play (default 24)"},
      {"seed", "N", "seed of the demo player (default 1)"},
  };
  return {"demo", "play and analyse a built-in game (default: Desert Dust), no hardware needed",
          [](const cli::CommandArgs& args, std::ostream& out, std::ostream&) {
            const auto options = cli::parseOptions(specs, args);
            if (options.helpRequested()) {
              out << cli::helpText("tessera demo [--variant NAME] [--plies N] [--seed N]",
                                   "Plays a game of the variant move by move, printing each action with the\n"
                                   "number of legal replies, checks and holdings, then the start-position perft.",
                                   specs);
              return 0;
            }
            cli::ParsedOptions withDefault = options;
            const Variant& variant = options.has("variant") ? cli::chooseVariant(options) : builtinVariant("desert-dust");
            const int plies = static_cast<int>(options.integer("plies", 24, 1, 1000));
            std::mt19937 rng(static_cast<unsigned>(options.integer("seed", 1, 0, 1000000)));
            Position pos = startPosition(variant);
            out << variant.title << " (" << variant.size.files << "x" << variant.size.ranks << ")\n";
            out << "start: " << positionString(pos) << "\n";
            for (int ply = 0; ply < plies; ++ply) {
              const GameStatus status = gameStatus(pos);
              if (status != GameStatus::Ongoing) {
                out << "game over: " << gameStatusName(status) << "\n";
                break;
              }
              MoveList moves;
              generateLegal(pos, moves);
              const Move m = chooseMove(pos, moves, rng);
              const std::string text = san(pos, m);
              const int mover = pos.sideToMove();
              pos.make(m);
              MoveList replies;
              generateLegal(pos, replies);
              out << (mover == 0 ? std::to_string(pos.fullmoveNumber()) + ". " : std::to_string(pos.fullmoveNumber() - 1) + "... ")
                  << text << "  (" << moves.size() << " legal moves were open; " << replies.size() << " replies)"
                  << (inCheck(pos, pos.sideToMove()) ? " check" : "") << "\n";
            }
            out << "final: " << positionString(pos) << "\n";
            Position start = startPosition(variant);
            for (int depth = 1; depth <= 3; ++depth)
              out << "start-position perft " << depth << ": " << perft(start, depth) << "\n";
            return 0;
          }};
}

}  // namespace tessera::commands
