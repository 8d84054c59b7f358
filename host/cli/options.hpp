#pragma once
// Command-line options of one subcommand: declared once, parsed strictly, described in --help.
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/text/visible_text.hpp"

namespace tessera::cli {

// A wrong argument: the program prints it and exits with code 2.
class UsageError : public std::runtime_error {
 public:
  explicit UsageError(const std::string& what) : std::runtime_error(visibleText(what)) {}  // input quoted in it stays readable
};

struct OptionSpec {
  std::string name;       // without the leading "--"
  std::string valueName;  // empty for a flag
  std::string help;
};

class ParsedOptions {
 public:
  bool has(const std::string& name) const { return values_.count(name) != 0; }
  std::string value(const std::string& name, const std::string& fallback = "") const;
  long integer(const std::string& name, long fallback, long min, long max) const;
  bool helpRequested() const { return help_; }

 private:
  friend ParsedOptions parseOptions(const std::vector<OptionSpec>&, const std::vector<std::string>&);
  std::map<std::string, std::string> values_;
  bool help_ = false;
};

// Accepts "--name value", "--name=value" and flags; rejects unknown options, missing values,
// repeats and stray words.
ParsedOptions parseOptions(const std::vector<OptionSpec>& specs, const std::vector<std::string>& args);

std::string helpText(const std::string& usage, const std::string& summary, const std::vector<OptionSpec>& specs);

}  // namespace tessera::cli
