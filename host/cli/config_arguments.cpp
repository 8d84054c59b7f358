#include "config_arguments.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

#include "core/text/ini_section.hpp"

namespace tessera::cli {
namespace {

bool givenOnCommandLine(const std::vector<std::string>& args, const std::string& name) {
  return std::any_of(args.begin(), args.end(), [&](const std::string& a) {
    return a == "--" + name || a.rfind("--" + name + "=", 0) == 0;
  });
}

}  // namespace

std::string ConfigArguments::placeOf(const std::string& name) const {
  const auto place = places.find(name);
  return place == places.end() ? "" : place->second;
}

ConfigArguments configArguments(const std::string& path, const std::vector<OptionSpec>& specs,
                                const std::vector<std::string>& commandLine) {
  std::ifstream in(path);
  if (!in) throw UsageError("cannot read the configuration file '" + path + "'");
  std::stringstream text;
  text << in.rdbuf();
  IniSection section;
  try {
    section = readIniSection(text.str(), "tessera");
  } catch (const IniError& e) {
    throw UsageError(path + ": " + e.what());
  }
  ConfigArguments out;
  for (const IniEntry& entry : section.entries) {
    const std::string name = [&] {
      std::string n = entry.key;
      std::replace(n.begin(), n.end(), '_', '-');
      return n;
    }();
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    const std::string where = path + " line " + std::to_string(entry.line) + ": ";
    if (spec == specs.end() || name == "config") {
      std::string known;
      for (const auto& s : specs)
        if (s.name != "config") known += (known.empty() ? "" : ", ") + s.name;
      throw UsageError(where + "unknown setting '" + entry.key + "' (known: " + known + ")");
    }
    if (givenOnCommandLine(commandLine, name)) continue;
    if (spec->valueName.empty()) {
      const bool yes = entry.value == "yes" || entry.value == "true";
      if (!yes && entry.value != "no" && entry.value != "false")
        throw UsageError(where + "'" + entry.key + "' is yes or no, not '" + entry.value + "'");
      if (!yes) continue;
      out.args.push_back("--" + name);
    } else {
      // An empty value would be taken as a path or a name the option does not have.
      if (entry.value.empty()) throw UsageError(where + "'" + entry.key + "' has no value (leave the line out for the default)");
      out.args.push_back("--" + name);
      out.args.push_back(entry.value);
    }
    out.places[name] = where + entry.key + ": ";
  }
  return out;
}

}  // namespace tessera::cli
