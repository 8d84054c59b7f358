#pragma once
// Picks the variant a command works on (a built-in name, or one from a variant file), and the
// position.
#include <memory>
#include <string>

#include "core/rules/position.hpp"
#include "core/rules/variant.hpp"
#include "options.hpp"

namespace tessera::cli {

inline const OptionSpec kVariantOption{"variant", "NAME", "variant to use (see 'tessera variants'); default chess"};
inline const OptionSpec kVariantFileOption{"variant-file", "FILE", "load variant definitions from FILE (docs/variants.md)"};

// Throws UsageError for an unknown name or a bad file. The returned variant lives for the program.
const Variant& chooseVariant(const ParsedOptions& options);
// The variant called `name`: from the --variant-file when one is given, else a built-in.
const Variant& findVariant(const ParsedOptions& options, const std::string& name);
// The position string given as `--<option>`, or the variant's start without it. Throws UsageError,
// naming the option and what is wrong with the string.
Position chosenPosition(const ParsedOptions& options, const Variant& variant, const std::string& option);

}  // namespace tessera::cli
