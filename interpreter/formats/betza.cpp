#include "formats/betza.h"

#include <algorithm>
#include <cctype>

namespace regula {

namespace {

// An atom's leap as (forward, sideways) components, as Fairy-Stockfish lists them.
struct Leap {
  int a, b;
};

std::vector<Leap> atom_leaps(char c) {
  switch (c) {
    case 'W':
    case 'R':
      return {{1, 0}};
    case 'F':
    case 'B':
      return {{1, 1}};
    case 'D':
      return {{2, 0}};
    case 'N':
      return {{2, 1}};
    case 'A':
      return {{2, 2}};
    case 'H':
      return {{3, 0}};
    case 'L':
    case 'C':
      return {{3, 1}};
    case 'J':
    case 'Z':
      return {{3, 2}};
    case 'G':
      return {{3, 3}};
    case 'K':
    case 'Q':
      return {{1, 0}, {1, 1}};
    default:
      return {};
  }
}

bool is_rider_letter(char c) {
  return c == 'R' || c == 'B' || c == 'Q';
}

const std::string kVerticals = "fbvh";
const std::string kHorizontals = "rlsh";

bool vertical(char c) {
  return kVerticals.find(c) != std::string::npos;
}
bool horizontal(char c) {
  return kHorizontals.find(c) != std::string::npos;
}

// The eight leaps of an atom, each with the direction pairs that select it
// (Fairy-Stockfish's src/piece.cpp, from_betza): dx to the right, dy forward.
struct Candidate {
  Offset offset;
  const char* pairs[7];
};

std::vector<Candidate> candidates(Leap l) {
  const int a = l.a, b = l.b;
  return {
      {{b, a}, {"ff", "vv", "rf", "rv", "fh", "rh", "hr"}},
      {{-b, -a}, {"bb", "vv", "lb", "lv", "bh", "lh", "hr"}},
      {{a, -b}, {"rr", "ss", "br", "bs", "bh", "rh", "hr"}},
      {{-a, b}, {"ll", "ss", "fl", "fs", "fh", "lh", "hr"}},
      {{a, b}, {"rr", "ss", "fr", "fs", "fh", "rh", "hl"}},
      {{-a, -b}, {"ll", "ss", "bl", "bs", "bh", "lh", "hl"}},
      {{b, -a}, {"bb", "vv", "rb", "rv", "bh", "rh", "hl"}},
      {{-b, a}, {"ff", "vv", "lf", "lv", "fh", "lh", "hl"}},
  };
}

Error at(size_t i, const std::string& text, const std::string& why) {
  std::string c = i < text.size() ? "'" + std::string(1, text[i]) + "'" : "the end";
  return Error{
      "", "betza \"" + text + "\": " + c + " at character " + std::to_string(i + 1) + ": " + why};
}

}  // namespace

std::vector<Offset> betza_atom_leaps(char atom) {
  std::vector<Offset> out;
  for (Leap l : atom_leaps(atom)) out.push_back({l.b, l.a});
  return out;
}

namespace {

// The modifiers read since the last atom.
struct Modifiers {
  bool move = false, capture = false, ep = false, lame = false, initial = false;
  int hopper = 0;  // 'p' or 'g'
  std::vector<std::string> dirs;
  size_t begin = 0, lame_at = 0;
  bool started = false;
};

// Reads a modifier letter at text[i] into m (a direction pair may take the
// next letter too: i then moves past it). False when text[i] is none.
bool read_modifier(const std::string& text, size_t& i, Modifiers& m) {
  const char c = text[i];
  switch (c) {
    case 'm':
      m.move = true;
      return true;
    case 'c':
      m.capture = true;
      return true;
    case 'e':
      m.ep = true;
      return true;
    case 'p':
    case 'g':
      m.hopper = c;
      return true;
    case 'n':
      m.lame = true;
      m.lame_at = i;
      return true;
    case 'i':
      m.initial = true;
      return true;
    default:
      break;
  }
  if (!vertical(c) && !horizontal(c)) return false;
  // Two direction letters combine when they repeat or cross (a vertical and a
  // horizontal one): fs, fh, rf; otherwise each stands alone.
  if (i + 1 < text.size()) {
    const char d = text[i + 1];
    if (d == c || (vertical(c) && horizontal(d)) || (horizontal(c) && vertical(d))) {
      m.dirs.push_back(std::string{c, d});
      ++i;
      return true;
    }
  }
  m.dirs.push_back(std::string(2, c));
  return true;
}

// The leaps of atom c that the direction pairs select (all of them when none).
std::vector<Offset> selected_offsets(char c, const std::vector<std::string>& dirs) {
  std::vector<Offset> out;
  const std::vector<Leap> leaps = atom_leaps(c);
  for (Leap l : leaps) {
    // An orthogonal atom alone reads a crossed pair as its two halves
    // (fsW: forward and sideways), as Fairy-Stockfish does for soldiers.
    std::vector<std::string> ds;
    for (const std::string& s : dirs) {
      if (leaps.size() == 1 && l.b == 0 && s[0] != s[1]) {
        ds.push_back(std::string(2, s[0]));
        ds.push_back(std::string(2, s[1]));
      } else {
        ds.push_back(s);
      }
    }
    for (const Candidate& cand : candidates(l)) {
      bool keep = ds.empty();
      for (const char* p : cand.pairs)
        if (std::find(ds.begin(), ds.end(), p) != ds.end()) keep = true;
      if (keep && std::find(out.begin(), out.end(), cand.offset) == out.end())
        out.push_back(cand.offset);
    }
  }
  return out;
}

// The move of the atom at text[i] with the modifiers before it; i moves past
// a range digit or a doubled letter after the atom.
Expected<BetzaMove> read_atom(const std::string& text, size_t& i, const Modifiers& mods) {
  const char c = text[i];
  BetzaMove m;
  m.atom = c;
  m.begin = mods.begin;
  bool rider = is_rider_letter(c);
  int range = 0;
  if (i + 1 < text.size() &&
      (std::isdigit(static_cast<unsigned char>(text[i + 1])) || text[i + 1] == c)) {
    rider = true;
    if (text[i + 1] != c) {
      range = text[i + 1] - '0';
      if (mods.hopper) return at(i + 1, text, "a hopper (p, g) takes no range");
    }
    ++i;
    if (i + 1 < text.size() && std::isdigit(static_cast<unsigned char>(text[i + 1])))
      return at(i + 1, text, "a range is one digit (0: unlimited)");
  }
  if (rider && mods.lame)
    return at(mods.lame_at, text, "n (lame) applies to a leaper, not to a rider");
  if (mods.ep && !mods.capture)
    return at(i, text, "e (en passant) goes with c, as in ce: a capture that may take en passant");
  if (mods.initial && mods.capture)
    return at(i, text, "an initial move (i) does not capture (Fairy-Stockfish makes none)");
  if (mods.ep && (rider || mods.hopper || mods.initial))
    return at(i, text, "e (en passant) applies to a plain leap or step");
  m.kind = mods.hopper == 'g'   ? BetzaMove::Kind::kGrasshop
           : mods.hopper == 'p' ? BetzaMove::Kind::kHop
           : rider              ? BetzaMove::Kind::kRide
           : mods.lame          ? BetzaMove::Kind::kLame
                                : BetzaMove::Kind::kLeap;
  m.range = m.kind == BetzaMove::Kind::kRide ? range : 1;
  m.mode = mods.move == mods.capture ? Mode::kBoth : mods.move ? Mode::kMove : Mode::kCapture;
  if (mods.initial && !mods.move) m.mode = Mode::kMove;
  m.initial = mods.initial;
  m.en_passant = mods.ep;
  m.offsets = selected_offsets(c, mods.dirs);
  m.end = i + 1;
  if (m.offsets.empty())
    return at(m.begin, text, "its directions select none of " + std::string(1, c) + "'s moves");
  return m;
}

}  // namespace

Expected<std::vector<BetzaMove>> parse_betza(const std::string& text) {
  std::vector<BetzaMove> out;
  Modifiers mods;
  for (size_t i = 0; i < text.size(); ++i) {
    if (!mods.started) {
      mods.begin = i;
      mods.started = true;
    }
    if (read_modifier(text, i, mods)) continue;
    if (!atom_leaps(text[i]).empty()) {
      auto m = read_atom(text, i, mods);
      if (!m) return m.error();
      out.push_back(*m);
      mods = Modifiers{};
    } else if (std::isdigit(static_cast<unsigned char>(text[i]))) {
      return at(i, text, "a range digit follows an atom (R4, N0)");
    } else {
      return at(i, text,
                "not a Betza letter (atoms W F D N A H L C J Z G K R B Q; modifiers m c e i n "
                "p g f b l r v s h)");
    }
  }
  if (mods.started) return at(text.size(), text, "modifiers without an atom after them");
  return out;
}

}  // namespace regula
