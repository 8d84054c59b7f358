#pragma once
// An external UCI engine (Stockfish, Fairy-Stockfish, ...) run as a child process: started, its
// options set, asked for its action or its best lines, and ended with the object. Its answers are
// only advice: the rules are ours (core/protocol/uci_client.hpp reads what it says).
//
// Every wait has a deadline, so an engine that hangs or dies is an error with a clear message,
// never a program that waits for ever; writing to an engine that has died raises no signal.
#include <atomic>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/protocol/uci_client.hpp"

namespace tessera::session {

class UciEngineError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class UciEngine {
 public:
  // Starts the program, waits for its `uciok`, sets the options (each must be one the engine
  // lists; UCI_Elo alone also sets UCI_LimitStrength) and waits for `readyok`. Throws
  // UciEngineError when the program cannot be started, is no UCI engine or refuses an option.
  explicit UciEngine(const UciEngineSpec& spec);
  ~UciEngine();
  UciEngine(const UciEngine&) = delete;
  UciEngine& operator=(const UciEngine&) = delete;

  // Its `id name` ("Fairy-Stockfish 11.1 LB 64"), or the program's file name if it gave none.
  const std::string& name() const { return name_; }
  // A summary for match tables: the name and the options set ("Stockfish 16, UCI_Elo=2000").
  std::string description() const;

  // `ucinewgame`, then waits until it is ready.
  void newGame();

  struct Thought {
    std::optional<std::string> best;  // its bestmove, as it sent it (none: it has no action)
    std::vector<UciInfo> lines;       // the last report of each line, multipv 1 first
  };
  // Sends `positionCommand` and `go` with the limits, and reads until `bestmove`. Its best `lines`
  // lines are asked for with MultiPV where it has the option. Once `cancel` is set, `stop` is sent
  // and its answer so far returned. Throws UciEngineError when it dies or answers nothing in time.
  Thought think(const std::string& positionCommand, const SearchLimits& limits, int lines = 1,
                const std::atomic<bool>* cancel = nullptr);

 private:
  // Asks it to quit, ends it if it does not within half a second, and closes the connection.
  void end();
  void send(const std::string& line);
  // The next line it sends; none once `deadline` has passed. Throws UciEngineError when it has closed its output.
  std::optional<std::string> readLine(std::chrono::steady_clock::time_point deadline);
  void waitFor(const std::string& word, std::chrono::milliseconds patience, const std::string& what);
  bool hasOption(const std::string& name) const;

  UciEngineSpec spec_;
  std::string name_;
  std::vector<std::string> optionNames_;
  int multiPv_ = 1;
  int pid_ = -1;
  int fd_ = -1;  // one end of a socket pair: the engine's standard input and output
  std::string buffer_;
};

}  // namespace tessera::session
