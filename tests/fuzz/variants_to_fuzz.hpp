#pragma once
// The variants the fuzz targets pick from by their input's first byte: every built-in one and the
// option sets the rules have.
#include <string>
#include <vector>

#include "core/rules/variant.hpp"

namespace tessera::fuzz {

inline const std::vector<std::string>& variantsToFuzz() {
  static const std::vector<std::string> specs = [] {
    std::vector<std::string> s = builtinVariantNames();
    for (const char* withOptions : {"chameleon-redux:rotation=90,en-passant=off", "chameleon-redux:rotation=270",
                                    "shifting-sands:size=10x10", "shifting-chess:empty=AII+DIII"})
      s.push_back(withOptions);
    return s;
  }();
  return specs;
}

inline const Variant& variantOfByte(unsigned char byte) {
  const auto& specs = variantsToFuzz();
  return builtinVariant(specs[byte % specs.size()]);
}

}  // namespace tessera::fuzz
