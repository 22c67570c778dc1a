#include "script/betza_elements.h"

#include <algorithm>
#include <cstdlib>

#include "formats/betza.h"

namespace regula::script {

namespace {

Value string_value(const std::string& s) {
  Value v;
  v.kind = Value::Kind::kString;
  v.str = s;
  return v;
}

Value number_value(int n) {
  Value v;
  v.kind = Value::Kind::kNumber;
  v.number = n;
  return v;
}

Value bool_value(bool b) {
  Value v;
  v.kind = Value::Kind::kBool;
  v.boolean = b;
  return v;
}

Value list_value(std::vector<Value> items) {
  Value v;
  v.kind = Value::Kind::kTable;
  v.items = std::move(items);
  return v;
}

// A one-square offset as the rule language names it, relative to the mover.
std::string direction_name(Offset o) {
  static const char* const kNames[3][3] = {
      {"backward-left", "backward", "backward-right"},
      {"left", "", "right"},
      {"forward-left", "forward", "forward-right"},
  };
  return kNames[o.dy + 1][o.dx + 1];
}

int length(Offset o) {
  return std::max(std::abs(o.dx), std::abs(o.dy));
}

bool straight(Offset o) {
  return o.dx == 0 || o.dy == 0 || std::abs(o.dx) == std::abs(o.dy);
}

// Why a move the parser read has no element yet, naming it and where it starts.
std::string refused(const std::string& text, const BetzaMove& m, const std::string& why) {
  return "betza \"" + text + "\": '" + text.substr(m.begin, m.end - m.begin) + "' at character " +
         std::to_string(m.begin + 1) + ": " + why;
}

// The element of one move (or of the part of its directions and modes that
// earlier moves of the string do not already make).
Expected<Value> element(const std::string& text, const std::string& where, const BetzaMove& m,
                        bool any_ep) {
  const bool unit =
      std::all_of(m.offsets.begin(), m.offsets.end(), [](Offset o) { return length(o) == 1; });
  const bool hopper = m.kind == BetzaMove::Kind::kHop || m.kind == BetzaMove::Kind::kGrasshop;
  if (hopper && !unit)
    return Error{where, refused(text, m,
                                std::string(m.kind == BetzaMove::Kind::kHop ? "p" : "g") +
                                    " (a hopper) goes with a line of one-square steps (pR, gQ), "
                                    "not with a longer leap")};
  Value e;
  e.kind = Value::Kind::kTable;
  e.where = where;
  std::vector<Field> fields;
  auto dirs = [&](int k) {
    std::vector<Value> names;
    for (Offset o : m.offsets) names.push_back(string_value(direction_name({o.dx / k, o.dy / k})));
    fields.emplace_back("dirs", list_value(std::move(names)));
  };
  if (hopper) {
    // Over one piece of either side along the line, landing beyond it: anywhere
    // (p, the cannon's hop) or just beyond (g, the grasshopper).
    e.tag = "screen";
    dirs(1);
    if (m.kind == BetzaMove::Kind::kGrasshop) fields.emplace_back("after", number_value(1));
  } else if (unit && m.kind != BetzaMove::Kind::kRide) {
    e.tag = "step";
    dirs(1);
  } else if (unit) {
    e.tag = "slide";
    dirs(1);
    if (m.range) fields.emplace_back("max", number_value(m.range));
  } else if (m.kind == BetzaMove::Kind::kLame && straight(m.offsets.front())) {
    const int k = length(m.offsets.front());
    e.tag = "slide";
    dirs(k);
    fields.emplace_back("min", number_value(k));
    fields.emplace_back("max", number_value(k));
  } else {
    e.tag = "leap";
    const std::vector<Offset> base = betza_atom_leaps(m.atom);
    // Every direction of the atom: the leap's symmetric form, as a script writes it.
    const bool all = m.offsets.size() == 8 || (base.front().dx == 0 && m.offsets.size() == 4) ||
                     (base.front().dx == base.front().dy && m.offsets.size() == 4);
    std::vector<Value> offs;
    auto offset = [&](Offset o) {
      offs.push_back(list_value({number_value(o.dx), number_value(o.dy)}));
    };
    if (all) {
      offset(base.front());
    } else {
      for (Offset o : m.offsets) offset(o);
      fields.emplace_back("symmetric", bool_value(false));
    }
    fields.emplace_back("offsets", list_value(std::move(offs)));
    if (m.kind == BetzaMove::Kind::kRide) fields.emplace_back("max", number_value(m.range));
    // Blocked on the way as Fairy-Stockfish's lame leaper is (nN: the horse's leg).
    if (m.kind == BetzaMove::Kind::kLame) fields.emplace_back("lame", bool_value(true));
  }
  if (m.mode != Mode::kBoth)
    fields.emplace_back("mode", string_value(m.mode == Mode::kMove ? "move" : "capture"));
  if (m.en_passant) {
    if (e.tag != "step")
      return Error{where, refused(text, m, "e (en passant) applies to a one-square step")};
    fields.emplace_back("ep", string_value("take"));
  }
  // A piece that takes en passant may be taken so after its initial moves of
  // more than one square, as a pawn after its double step.
  if (any_ep && m.initial && e.tag == "slide" && m.mode == Mode::kMove &&
      (m.kind == BetzaMove::Kind::kLame || m.range != 1))
    fields.emplace_back("ep", string_value("set"));
  std::sort(fields.begin(), fields.end(),
            [](const Field& a, const Field& b) { return a.first < b.first; });
  e.fields = std::move(fields);
  return e;
}

// Where one direction of a move goes: along u from min to max times (0: any
// number), over empty squares (a slide) or empty landing sites (a leap); or
// over a screen, or a leap blocked on its way off its line.
struct Reach {
  enum Kind { kSlide, kLeap, kHop, kGrasshop, kLameLeap } kind;
  Offset u;
  int min, max;
  bool initial;
};

Reach reach(const BetzaMove& m, Offset o) {
  const int k = length(o);
  const int range = m.kind == BetzaMove::Kind::kRide ? m.range : 1;
  if (m.kind == BetzaMove::Kind::kHop) return {Reach::kHop, o, 1, 1, m.initial};
  if (m.kind == BetzaMove::Kind::kGrasshop) return {Reach::kGrasshop, o, 1, 1, m.initial};
  if (m.kind == BetzaMove::Kind::kLame && !straight(o))
    return {Reach::kLameLeap, o, 1, 1, m.initial};
  if (k == 1 || m.kind == BetzaMove::Kind::kLame) {
    const Offset u{o.dx / k, o.dy / k};
    if (m.kind == BetzaMove::Kind::kLame) return {Reach::kSlide, u, k, k, m.initial};
    return {Reach::kSlide, u, 1, range, m.initial};
  }
  return {Reach::kLeap, o, 1, range, m.initial};
}

// Whether every move q makes, p makes too (an initial move covers only initial ones).
bool covers(const Reach& p, const Reach& q) {
  return p.kind == q.kind && p.u == q.u && p.min <= q.min &&
         (p.max == 0 || (q.max != 0 && p.max >= q.max)) && (!p.initial || q.initial);
}

}  // namespace

Expected<std::vector<BetzaElement>> betza_elements(const std::string& text,
                                                   const std::string& where) {
  auto parsed = parse_betza(text);
  if (!parsed) return Error{where, parsed.error().what};
  const bool any_ep =
      std::any_of(parsed->begin(), parsed->end(), [](const BetzaMove& m) { return m.en_passant; });
  std::vector<BetzaElement> out;
  // Fairy-Stockfish unites the destinations of a string's parts, so a move two
  // parts make is one move: a part leaves out the modes of a direction that
  // another part makes too, when that part's moves include its own (or are the
  // same and come first). A part that takes en passant is never left out.
  struct Made {
    Reach reach;
    int modes;
    size_t part;
  };
  std::vector<Made> made;
  for (size_t i = 0; i < parsed->size(); ++i)
    for (Offset o : (*parsed)[i].offsets)
      made.push_back({reach((*parsed)[i], o), static_cast<int>((*parsed)[i].mode), i});
  for (size_t i = 0; i < parsed->size(); ++i) {
    const BetzaMove& m = (*parsed)[i];
    // What has no element is refused even where other parts make its moves.
    if (auto whole = element(text, where, m, any_ep); !whole) return whole.error();
    std::vector<std::pair<Offset, int>> left;
    for (Offset o : m.offsets) {
      const Reach r = reach(m, o);
      int modes = static_cast<int>(m.mode);
      if (!m.en_passant)
        for (const Made& p : made)
          if (p.part != i && covers(p.reach, r) && (!covers(r, p.reach) || p.part < i))
            modes &= ~p.modes;
      if (modes) left.push_back({o, modes});
    }
    for (int modes : {3, 1, 2}) {
      BetzaMove part = m;
      part.mode = static_cast<Mode>(modes);
      part.offsets.clear();
      for (const auto& [o, om] : left)
        if (om == modes) part.offsets.push_back(o);
      if (part.offsets.empty()) continue;
      auto e = element(text, where, part, any_ep);
      if (!e) return e.error();
      out.push_back({std::move(*e), m.initial});
    }
  }
  return out;
}

}  // namespace regula::script
