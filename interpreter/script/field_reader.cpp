#include "script/field_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

#include "script/limits.h"

namespace regula::script {

namespace {

// Fields each constructor accepts; anything else is reported as unknown. Move
// rules also take the common fields.
const std::vector<std::string>* allowed_fields(const std::string& tag) {
  static const std::map<std::string, std::vector<std::string>> kFields = [] {
    const std::vector<std::string> common = {"mode",  "from",           "to", "once", "label",
                                             "phase", "unless_attacked"};
    std::map<std::string, std::vector<std::string>> own = {
        {"game", {"title",       "sources",   "description", "board",       "seats",    "pieces",
                  "setup",       "hand",      "regions",     "ends",        "capture",  "dice",
                  "stakes",      "first",     "turn_order",  "notation",    "position", "filter",
                  "after",       "generate",  "end_check",   "counters",    "phases",   "stages",
                  "triggers",    "must_drop", "out_pieces",  "return_ban",  "actions",  "command",
                  "money",       "ai",        "evaluate",    "uci_variant", "pdn",      "labels",
                  "filter_moves"}},
        {"phase", {"name", "when", "only_when_blocked"}},
        {"stage",
         {"name", "who", "choose", "protect", "optional", "followed_by", "answers", "effects",
          "piece", "reach"}},
        {"action", {"name", "when", "stage", "effects"}},
        {"trigger", {"on", "stage", "phase", "label"}},
        {"piece", {"name",           "symbol",    "letter", "glyph",
                   "value",          "royal",     "facing", "avoid_attack",
                   "track_moved",    "moves",     "betza",  "captures",
                   "cannot_capture", "promotion", "roll",   "resets_move_rule",
                   "drop",           "remove",    "san",    "takes_command",
                   "square"}},
        {"step", {"dirs", "ep"}},
        {"slide", {"dirs", "min", "max", "ep"}},
        {"leap", {"offsets", "symmetric", "lame", "via", "max"}},
        {"screen", {"dirs", "before", "after", "not_over"}},
        {"walk",
         {"steps", "dirs", "legs", "exact", "turn", "revisit", "jump", "any_order", "no_reverse"}},
        {"hop", {"dirs", "flying", "chain", "land_to_go_on", "removal", "no_reverse"}},
        {"line_capture", {"dirs", "by", "chain", "revisit", "repeat_direction"}},
        {"castle", {"dir", "steps", "with", "partner"}},
        {"anywhere", {}},
        {"drop", {}},
        {"grid", {"width", "height", "lines", "checkered"}},
        {"points", {"points", "links", "lines"}},
    };
    // The hand-and-drop fields (script/hands_compiler.h).
    own["game"].insert(own["game"].end(), {"captures_to_hand", "uci_promotion"});
    own["piece"].push_back("demotes_to");
    // A pass a seat may choose in place of its move.
    own["game"].push_back("pass");
    // Gating: pieces of the hand entering where a piece leaves its start square.
    own["game"].push_back("gating");
    // Captures by enclosure and restricted sites (script/compiler_enclosure.cpp).
    own["game"].push_back("restricted");
    own["piece"].insert(own["piece"].end(), {"captured", "armed", "shieldwall"});
    for (auto& [tag, fields] : own)
      if (tag != "game" && tag != "piece" && tag != "grid" && tag != "points" && tag != "phase" &&
          tag != "stage" && tag != "trigger" && tag != "action")
        fields.insert(fields.end(), common.begin(), common.end());
    return own;
  }();
  auto it = kFields.find(tag);
  return it == kFields.end() ? nullptr : &it->second;
}

std::string number_text(double x) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.15g", x);
  return buf;
}

std::string too_long(const std::string& what) {
  return what + " has more than " + std::to_string(kMaxListItems) + " entries (kMaxListItems)";
}

}  // namespace

void fail(const std::string& where, const std::string& what) {
  throw CompileError{Error{where, what}};
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (auto& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

ValueList FieldReader::list(const Value& v, const std::string& what) const {
  ValueList out;
  if (!v.is_table() || (!v.tag.empty() && v.items.empty())) {
    out.push_back(&v);
    return out;
  }
  if (!v.fields.empty())
    fail(where_of(v), what + " must be a list" +
                          (v.items.empty() ? ", not a table of named fields ('" +
                                                 v.fields.front().first + "' = ...)"
                                           : " (this table mixes entries and named fields)"));
  if (v.items.size() > kMaxListItems) fail(where_of(v), too_long(what));
  for (auto& x : v.items) out.push_back(&x);
  return out;
}

std::string FieldReader::string(const Value& v, const std::string& what) const {
  if (!v.is_string()) fail(where_of(v), what + " must be a string, not a " + v.kind_name());
  return v.str;
}

int FieldReader::integer(const Value& v, const std::string& what, long lo, long hi,
                         const std::string& note) const {
  const std::string range =
      "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  const std::string why = note.empty() ? "" : " (" + note + ")";
  if (!v.is_number()) fail(where_of(v), what + " must be " + range + ", not a " + v.kind_name());
  const double x = v.number;
  if (!std::isfinite(x) || x != std::floor(x))
    fail(where_of(v), what + " must be " + range + ", not " + number_text(x) + why);
  if (x < static_cast<double>(lo) || x > static_cast<double>(hi))
    fail(where_of(v), what + " is out of range: " + number_text(x) + " is not " + range + why);
  return static_cast<int>(x);
}

bool FieldReader::boolean(const Value& v, const std::string& what) const {
  if (!v.is_bool()) fail(where_of(v), what + " must be true or false, not a " + v.kind_name());
  return v.boolean;
}

std::string FieldReader::str_or(const Value& t, const std::string& k,
                                const std::string& dflt) const {
  auto* v = t.get(k);
  return v ? string(*v, k) : dflt;
}

int FieldReader::int_or(const Value& t, const std::string& k, int dflt, long lo, long hi) const {
  auto* v = t.get(k);
  return v ? integer(*v, k, lo, hi) : dflt;
}

bool FieldReader::bool_or(const Value& t, const std::string& k, bool dflt) const {
  auto* v = t.get(k);
  return v ? boolean(*v, k) : dflt;
}

std::vector<std::string> FieldReader::words(const std::string& text, const std::string& what,
                                            const std::string& where) const {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string w; in >> w;) {
    if (out.size() == kMaxListItems) fail(where, too_long(what));
    out.push_back(w);
  }
  return out;
}

std::vector<std::string> FieldReader::strings(const Value& v, const std::string& what) const {
  if (v.is_string()) return words(v.str, what, where_of(v));
  std::vector<std::string> out;
  for (auto& x : list(v, what)) out.push_back(string(x, what));
  return out;
}

void FieldReader::check_fields(const Value& v, const std::string& tag) const {
  const auto* allowed = allowed_fields(tag);
  if (!allowed) fail(where_of(v), "'" + tag + "' is not a constructor of the rule language");
  for (auto& [k, _] : v.fields)
    if (std::find(allowed->begin(), allowed->end(), k) == allowed->end())
      fail(where_of(v),
           "unknown field '" + k + "' in " + tag + " (allowed: " + join(*allowed) + ")");
}

}  // namespace regula::script
