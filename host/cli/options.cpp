#include "options.hpp"

#include <algorithm>

namespace tessera::cli {

std::string ParsedOptions::value(const std::string& name, const std::string& fallback) const {
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

long ParsedOptions::integer(const std::string& name, long fallback, long min, long max) const {
  auto it = values_.find(name);
  if (it == values_.end()) return fallback;
  const std::string& text = it->second;
  std::size_t used = 0;
  long n = 0;
  try {
    n = std::stol(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (used != text.size() || text.empty())
    throw UsageError("--" + name + " needs a whole number, got '" + text + "'");
  if (n < min || n > max)
    throw UsageError("--" + name + " must be between " + std::to_string(min) + " and " + std::to_string(max) +
                     ", got " + text);
  return n;
}

ParsedOptions parseOptions(const std::vector<OptionSpec>& specs, const std::vector<std::string>& args) {
  ParsedOptions out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--help" || a == "-h") {
      out.help_ = true;
      continue;
    }
    if (a.rfind("--", 0) != 0) throw UsageError("unexpected argument '" + a + "'");
    std::string name = a.substr(2), value;
    bool inlineValue = false;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      inlineValue = true;
    }
    auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    if (spec == specs.end()) throw UsageError("unknown option '--" + name + "'");
    if (out.values_.count(name)) throw UsageError("option '--" + name + "' given twice");
    if (spec->valueName.empty()) {
      if (inlineValue) throw UsageError("option '--" + name + "' takes no value");
    } else if (!inlineValue) {
      if (i + 1 >= args.size()) throw UsageError("option '--" + name + "' needs a value (" + spec->valueName + ")");
      value = args[++i];
    }
    out.values_[name] = value;
  }
  return out;
}

std::string helpText(const std::string& usage, const std::string& summary, const std::vector<OptionSpec>& specs) {
  std::string s = "usage: " + usage + "\n\n" + summary + "\n\noptions:\n";
  std::vector<OptionSpec> rows = specs;
  rows.push_back({"help", "", "show this help"});
  std::size_t width = 0;
  for (const OptionSpec& o : rows)
    width = std::max(width, o.name.size() + (o.valueName.empty() ? 0 : o.valueName.size() + 1));
  for (const OptionSpec& o : rows) {
    std::string left = "--" + o.name + (o.valueName.empty() ? "" : " " + o.valueName);
    s += "  " + left + std::string(width + 4 - left.size(), ' ') + o.help + "\n";
  }
  return s;
}

}  // namespace tessera::cli
