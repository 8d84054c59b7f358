// The built-in variants, written in the variant text format (docs/variants.md).
#include <map>
#include <mutex>

#include "move_tables.hpp"
#include "variant.hpp"

namespace tessera {
namespace {

constexpr std::string_view kBuiltinText = R"(
[chess]
title = Orthodox chess
board = 8x8
piece = king K KisO2 royal
piece = queen Q Q
piece = rook R R
piece = bishop B B
piece = knight N N
piece = pawn P ifmnDfmWfceF
start = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
promotion-pieces = P
promotion-choices = Q R B N
castling = yes

# Desert Dust (Greenwade). Letters: the diagram's multi-letter IDs mapped to one letter each
# (docs/rules/desert-dust.md). Satrap and Ayatollah leap two squares, as the prose says.
[desert-dust]
title = Desert Dust
board = 12x12
piece = melek K KisO4 royal
piece = sultana Q QC
piece = emir E RKC
piece = caliph B BC
piece = hakim H RC
piece = sultan U FNC
piece = grand-vizier V KAC
piece = snake N vWvyafsW
piece = astrologer A CmpafmpafsyafW
piece = raven R RNN
piece = mamluk O WC
piece = satrap T mWmDcFcA
piece = ayatollah Y mFmAcWcD
piece = jackal J GZ
piece = sheik F FCDD
piece = sorcerer M WZ
piece = wizard W FC
piece = spear L mfRcfB
piece = camel C C
piece = pawn P ifmnDfmWfceF
piece = scorpion S ifmnDfmWfceFmfsN
start = vuhbeqkebhuv/ytorannaroty/clwmfjjfmwlc/ppppsssspppp/12/12/12/12/PPPPSSSSPPPP/CLWMFJJFMWLC/YTORANNAROTY/VUHBEQKEBHUV[] w KQkq - 0 1
promotion-pieces = P S L
promotion-choices = F B H T W M A
promotion-from-holdings = C J R N
captured-to-owner-holdings = yes
castling = yes
)";

struct Registry {
  std::map<std::string, Variant, std::less<>> byName;
  std::vector<std::string> names;
};

const Registry& registry() {
  static const Registry r = [] {
    Registry reg;
    for (Variant& v : parseVariantText(kBuiltinText, "built-in variants")) {
      reg.names.push_back(v.name);
      reg.byName.emplace(v.name, std::move(v));
    }
    return reg;
  }();
  return r;
}

}  // namespace

const Variant& builtinVariant(std::string_view name) {
  const Registry& r = registry();
  auto it = r.byName.find(name);
  if (it == r.byName.end()) {
    std::string known;
    for (const std::string& n : r.names) known += (known.empty() ? "" : ", ") + n;
    throw VariantError("unknown variant '" + std::string(name) + "' (known: " + known + ")");
  }
  return it->second;
}

std::vector<std::string> builtinVariantNames() { return registry().names; }

}  // namespace tessera
