#include "core/rules/xbetza.hpp"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>

namespace tessera {
namespace {

// The eight directions of a king step, clockwise from straight forward.
constexpr Offset kCompass[8] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

int compassIndex(Offset o) {
  for (int i = 0; i < 8; ++i)
    if (kCompass[i] == o) return i;
  return -1;
}

struct Atom {
  int a = 0;  // the larger coordinate of the leap
  int b = 0;  // the smaller one
  int defaultRange = 1;  // 0: rides until blocked (R, B, Q)
};

// The leap vectors of one atom letter; compounds expand into several atoms.
bool atomFor(char c, std::vector<Atom>& out) {
  switch (c) {
    case 'W': out.push_back({1, 0, 1}); return true;
    case 'F': out.push_back({1, 1, 1}); return true;
    case 'D': out.push_back({2, 0, 1}); return true;
    case 'N': out.push_back({2, 1, 1}); return true;
    case 'A': out.push_back({2, 2, 1}); return true;
    case 'H': out.push_back({3, 0, 1}); return true;
    case 'C': case 'L': out.push_back({3, 1, 1}); return true;
    case 'Z': case 'J': out.push_back({3, 2, 1}); return true;
    case 'G': out.push_back({3, 3, 1}); return true;
    case 'K': out.push_back({1, 0, 1}); out.push_back({1, 1, 1}); return true;
    case 'R': out.push_back({1, 0, 0}); return true;
    case 'B': out.push_back({1, 1, 0}); return true;
    case 'Q': out.push_back({1, 0, 0}); out.push_back({1, 1, 0}); return true;
    default: return false;
  }
}

// All the vectors of a leap (a, b) with a >= b.
std::vector<Offset> allVectors(int a, int b) {
  std::set<std::pair<int, int>> seen;
  std::vector<Offset> v;
  for (int sx : {1, -1})
    for (int sy : {1, -1})
      for (int swap = 0; swap < 2; ++swap) {
        const int x = (swap ? b : a) * sx, y = (swap ? a : b) * sy;
        if (seen.insert({x, y}).second) v.push_back({x, y});
      }
  return v;
}

// Absolute direction filter (first leg): whether vector o of a leap is in the direction tokens.
bool matchesToken(std::string_view token, Offset o, int a, int b) {
  const bool orth = b == 0, diag = a == b;
  const int x = o.dx, y = o.dy;
  auto one = [&](char c) -> bool {
    switch (c) {
      case 'f': return y > 0;
      case 'b': return y < 0;
      case 'l': return x < 0;
      case 'r': return x > 0;
      case 'v': return orth ? x == 0 : (diag ? true : std::abs(y) > std::abs(x));
      case 's': return orth ? y == 0 : (diag ? true : std::abs(x) > std::abs(y));
    }
    return false;
  };
  if (token.size() == 1) {
    // On oblique atoms a single v or s picks the narrow or the wide moves.
    return one(token[0]);
  }
  const char p = token[0], q = token[1];
  if (orth) return false;
  if (diag) return one(p) && one(q);
  // Oblique: ff narrow forward, fs wide forward, fl/fr forward on one side (both widths),
  // and the same read from the side: lf, ls... ll is the wide-left pair.
  if ((p == 'f' || p == 'b') && q == p) return one(p) && std::abs(y) > std::abs(x);
  if ((p == 'f' || p == 'b') && q == 's') return one(p) && std::abs(x) > std::abs(y);
  if ((p == 'l' || p == 'r') && q == p) return one(p) && std::abs(x) > std::abs(y);
  if ((p == 'l' || p == 'r') && q == 'v') return one(p) && std::abs(y) > std::abs(x);
  return one(p) && one(q);
}

bool isDirection(char c) { return c == 'f' || c == 'b' || c == 'l' || c == 'r' || c == 'v' || c == 's'; }

// Splits "fsl" style direction runs into tokens: f/b followed by l/r/s/f/b pair up, l/r followed
// by f/b/v/l/r pair up; everything else stands alone.
std::vector<std::string> directionTokens(std::string_view d) {
  std::vector<std::string> t;
  for (std::size_t i = 0; i < d.size(); ++i) {
    const char c = d[i];
    if (i + 1 < d.size()) {
      const char n = d[i + 1];
      const bool pair = ((c == 'f' || c == 'b') && (n == 'l' || n == 'r' || n == 's' || n == c)) ||
                        ((c == 'l' || c == 'r') && (n == 'f' || n == 'b' || n == 'v' || n == c));
      if (pair) {
        t.emplace_back(d.substr(i, 2));
        ++i;
        continue;
      }
    }
    t.emplace_back(1, c);
  }
  return t;
}

// Relative turns (in eighths, clockwise) named by the direction letters of a later leg.
// With no letters: straight on or a right-angle turn, never straight back.
std::vector<int> relativeTurns(std::string_view d) {
  std::set<int> turns;
  if (d.empty()) return {0, 2, 6};
  for (const std::string& tok : directionTokens(d)) {
    if (tok == "f") turns.insert(0);
    else if (tok == "b") turns.insert(4);
    else if (tok == "l") turns.insert(6);
    else if (tok == "r") turns.insert(2);
    else if (tok == "v") { turns.insert(0); turns.insert(4); }
    else if (tok == "s") { turns.insert(2); turns.insert(6); }
    else if (tok == "fs") { turns.insert(1); turns.insert(7); }
    else if (tok == "fl") turns.insert(7);
    else if (tok == "fr") turns.insert(1);
    else if (tok == "bs") { turns.insert(3); turns.insert(5); }
    else if (tok == "bl") turns.insert(5);
    else if (tok == "br") turns.insert(3);
    else return {};
  }
  return {turns.begin(), turns.end()};
}

struct Leg {
  std::string directions;
  bool m = false, c = false, p = false, e = false, i = false, n = false, y = false;
};

class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  PieceMoves run() {
    PieceMoves result;
    while (pos_ < text_.size()) parseGroup(result);
    return result;
  }

 private:
  [[noreturn]] void fail(std::size_t at, const std::string& what) { throw XBetzaError(text_, at, what); }

  void parseGroup(PieceMoves& result) {
    std::vector<Leg> legs(1);
    std::vector<std::size_t> legStart{pos_};
    while (pos_ < text_.size() && std::islower(static_cast<unsigned char>(text_[pos_]))) {
      const char c = text_[pos_];
      Leg& leg = legs.back();
      if (isDirection(c)) leg.directions += c;
      else if (c == 'm') leg.m = true;
      else if (c == 'c') leg.c = true;
      else if (c == 'p') leg.p = true;
      else if (c == 'e') leg.e = true;
      else if (c == 'i') leg.i = true;
      else if (c == 'n') leg.n = true;
      else if (c == 'y') leg.y = true;
      else if (c == 'a') { legs.emplace_back(); legStart.push_back(pos_ + 1); }
      else fail(pos_, std::string("unknown modifier '") + c + "'");
      ++pos_;
    }
    if (pos_ >= text_.size()) fail(pos_, "modifiers with no atom after them");
    const std::size_t atomPos = pos_;
    const char letter = text_[pos_++];
    if (letter == 'O') {
      int n = readNumber();
      if (n <= 0) fail(atomPos, "castling 'O' needs a distance, as in O2");
      if (legs.size() != 1) fail(atomPos, "castling cannot have legs");
      result.castlingDistance = n;
      return;
    }
    std::vector<Atom> atoms;
    if (!atomFor(letter, atoms)) fail(atomPos, std::string("unknown atom '") + letter + "'");
    int range = atoms.front().defaultRange;
    if (pos_ < text_.size() && text_[pos_] == letter) {  // doubled atom: a rider
      ++pos_;
      range = 0;
      for (Atom& a : atoms) a.defaultRange = 0;
    }
    const std::size_t rangePos = pos_;
    const int digits = readNumber();
    if (digits > 0) {
      range = digits;
    } else if (rangePos != pos_) {
      fail(rangePos, "a range of 0");
    }
    if (legs.size() == 1) {
      for (const Atom& atom : atoms) addSingleLeg(result, legs[0], atom, digits > 0 ? digits : atom.defaultRange, atomPos);
    } else {
      if (atoms.size() != 1 || !(atoms[0].b == 0 || atoms[0].a == atoms[0].b) || atoms[0].a != 1 ||
          range != 1)
        fail(atomPos, "multi-leg paths are supported on the W and F atoms only");
      addMultiLeg(result, legs, legStart, atoms[0]);
    }
  }

  // A range or a castling distance: no board is wider than 16, so more than two digits is a mistake.
  int readNumber() {
    const std::size_t start = pos_;
    int n = 0;
    while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
      if (pos_ - start == 2) fail(start, "a number of more than two digits");
      n = n * 10 + (text_[pos_++] - '0');
    }
    return n;
  }

  std::vector<Offset> filtered(const Leg& leg, const Atom& atom, std::size_t at) {
    std::vector<Offset> out;
    const auto all = allVectors(atom.a, atom.b);
    if (leg.directions.empty()) return all;
    const auto tokens = directionTokens(leg.directions);
    for (const Offset& o : all)
      for (const std::string& t : tokens)
        if (matchesToken(t, o, atom.a, atom.b)) {
          out.push_back(o);
          break;
        }
    if (out.empty()) fail(at, "direction '" + leg.directions + "' selects no move of this atom");
    return out;
  }

  void addSingleLeg(PieceMoves& result, const Leg& leg, const Atom& atom, int range, std::size_t at) {
    if (leg.p) fail(at, "'p' (hop) on a single-leg move is not supported");
    if (leg.y) fail(at, "'y' needs a later leg");
    for (const Offset& v : filtered(leg, atom, at)) {
      MoveTemplate t;
      t.step = v;
      t.range = range;
      t.canMove = leg.m || (!leg.c && !leg.e);
      t.canCapture = leg.c || (!leg.m && !leg.e);
      t.enPassant = leg.e;
      t.initialOnly = leg.i;
      if (leg.n) {
        const int g = std::max(std::abs(v.dx), std::abs(v.dy));
        if (range != 1 || !(v.dx == 0 || v.dy == 0 || std::abs(v.dx) == std::abs(v.dy)))
          fail(at, "'n' (non-jumping) is supported on straight leaps only");
        const Offset unit{v.dx / g, v.dy / g};
        for (int k = 1; k < g; ++k) {
          t.passes.push_back({unit.dx * k, unit.dy * k});
          t.conditions.push_back(PassCondition::Empty);
        }
        // Only two squares straight ahead: a position string names the passed square alone, and
        // reads the piece that passed as the one a step beyond it.
        t.createsEnPassant = t.canMove && !t.canCapture && v.dx == 0 && v.dy == 2;
      }
      result.templates.push_back(std::move(t));
    }
  }

  // A path of W or F legs: every leg but the last passes one square (or slides, after y);
  // directions of later legs are turns relative to the leg before.
  void addMultiLeg(PieceMoves& result, const std::vector<Leg>& legs, const std::vector<std::size_t>& legStart,
                   const Atom& atom) {
    for (std::size_t k = 0; k + 1 < legs.size(); ++k) {
      if (legs[k].c) fail(legStart[k], "capturing on a non-final leg (locust) is not supported");
      if (legs[k].e || legs[k].i || legs[k].n) fail(legStart[k], "e, i and n belong on the final leg");
    }
    const Leg& last = legs.back();
    if (last.p || last.y) fail(legStart.back(), "'p' and 'y' cannot be on the final leg");

    struct Partial {
      std::vector<Offset> passes;
      std::vector<PassCondition> conditions;
      Offset at;
      int direction;  // compass index of the leg just taken
      int range;      // range of the next leg
    };
    std::vector<Partial> partials;
    for (const Offset& v : filtered(legs[0], atom, legStart[0])) {
      Partial p;
      p.at = {0, 0};
      p.direction = compassIndex(v);
      p.range = 1;
      partials.push_back(p);
    }
    // Walk the non-final legs.
    for (std::size_t k = 0; k + 1 < legs.size(); ++k) {
      const Leg& leg = legs[k];
      PassCondition cond = PassCondition::Empty;
      if (leg.p && leg.m) cond = PassCondition::Either;
      else if (leg.p) cond = PassCondition::Occupied;
      std::vector<Partial> next;
      for (Partial p : partials) {
        const Offset d = kCompass[p.direction];
        const int maxSteps = p.range == 0 ? kMaxSteps : p.range;
        for (int s = 1; s <= maxSteps; ++s) {
          Partial q = p;
          for (int t = 1; t <= s; ++t) {
            q.passes.push_back({p.at.dx + d.dx * t, p.at.dy + d.dy * t});
            q.conditions.push_back(t < s ? PassCondition::Empty : cond);
          }
          q.at = q.passes.back();
          const Leg& following = legs[k + 1];
          const std::vector<int> turns = relativeTurns(following.directions);
          if (turns.empty()) fail(legStart[k + 1], "direction '" + following.directions + "' is not a relative direction");
          for (int turn : turns) {
            Partial r = q;
            r.direction = (p.direction + turn) % 8;
            r.range = leg.y ? 0 : 1;  // y toggles the next leg from a leap to a slide
            next.push_back(r);
          }
          // Every leg multiplies the paths; a string of many legs would exhaust memory.
          if (next.size() > kMaxPaths)
            fail(legStart[k + 1], "more than " + std::to_string(kMaxPaths) + " paths by this leg: too many legs");
        }
      }
      partials = std::move(next);
    }
    for (const Partial& p : partials) {
      MoveTemplate t;
      t.passes = p.passes;
      t.conditions = p.conditions;
      t.start = p.at;
      t.step = kCompass[p.direction];
      t.range = p.range;
      t.canMove = last.m || (!last.c && !last.e);
      t.canCapture = last.c || (!last.m && !last.e);
      t.enPassant = last.e;
      t.initialOnly = last.i;
      if (std::find(result.templates.begin(), result.templates.end(), t) == result.templates.end())
        result.templates.push_back(std::move(t));
    }
  }

  static constexpr int kMaxSteps = 15;
  static constexpr std::size_t kMaxPaths = 4096;  // pieces of ours have 16 at most
  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

XBetzaError::XBetzaError(std::string_view text, std::size_t position, const std::string& what)
    : std::runtime_error("XBetza '" + std::string(text) + "', position " + std::to_string(position + 1) + ": " +
                         what),
      position_(position + 1) {}

PieceMoves parseXBetza(std::string_view text) {
  if (text.empty()) throw XBetzaError(text, 0, "empty move string");
  return Parser(text).run();
}

}  // namespace tessera
