#include "variant_option.hpp"

#include <fstream>
#include <list>
#include <sstream>

#include "core/rules/position_text.hpp"

namespace tessera::cli {

const Variant& chooseVariant(const ParsedOptions& options) { return findVariant(options, options.value("variant", "chess")); }

const Variant& findVariant(const ParsedOptions& options, const std::string& name) {
  if (options.has("variant-file")) {
    const std::string path = options.value("variant-file");
    std::ifstream in(path);
    if (!in) throw UsageError("cannot read variant file '" + path + "'");
    std::stringstream text;
    text << in.rdbuf();
    static std::list<Variant> loaded;  // kept for the whole run: positions point into it
    try {
      for (Variant& v : parseVariantText(text.str(), path))
        if (v.name == name) return loaded.emplace_back(std::move(v));
    } catch (const VariantError& e) {
      throw UsageError(e.what());
    }
    throw UsageError("variant file '" + path + "' has no variant named '" + name + "'");
  }
  try {
    return builtinVariant(name);
  } catch (const VariantError& e) {
    throw UsageError(e.what());
  }
}

Position chosenPosition(const ParsedOptions& options, const Variant& variant, const std::string& option) {
  if (!options.has(option)) return startPosition(variant);
  try {
    return parsePosition(variant, options.value(option));
  } catch (const PositionError& e) {
    throw UsageError("--" + option + ": " + e.what());
  }
}

}  // namespace tessera::cli
