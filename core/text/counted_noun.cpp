#include "core/text/counted_noun.hpp"

namespace tessera {

std::string countedNoun(std::size_t count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

}  // namespace tessera
