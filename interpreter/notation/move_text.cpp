#include "notation/move_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <unordered_map>

#include "core/game_end.h"
#include "core/movegen.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/explain.h"
#include "notation/input_limits.h"
#include "notation/text.h"

namespace regula {

std::string roll_text(const Ruleset& r, int roll);

namespace {

bool is_hop(const Ruleset& r, const Move& m) {
  return m.rule < r.rules.size() &&
         (r.rules[m.rule].kind == RuleKind::kHop || r.rules[m.rule].kind == RuleKind::kLineCapture);
}

// A site as moves write it: its PDN square name for scripts that use PDN.
const std::string& site_text(const Ruleset& r, SiteId s) {
  return site_name(presentation_of(r).pdn.get(), r.topology, s);
}

// A piece gated in by the move (Ruleset::Gating), as S-chess writes it: "/H"
// on the square the piece left, "/Hh1" on a castling partner's.
std::string gate_text(const Ruleset& r, const Move& m) {
  if (m.gate < 0) return "";
  std::string out = "/" + r.types[m.gate].letter;
  if (m.gate_at != m.from) out += r.topology.name(m.gate_at);
  return out;
}

// The long form: origin and destination (every landing of a hop chain),
// promotion, gating, and the rule's label.
std::string long_text(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::string out;
  switch (m.kind) {
    case MoveKind::kPass:
      return "pass";
    case MoveKind::kChance:
      return "roll " + roll_text(r, m.chance);
    case MoveKind::kRemove:
      return "x" + topo.name(m.to);
    case MoveKind::kPromote:
      return "=" + r.types[m.promote].letter;
    case MoveKind::kAnswer:
      if (pos.stage() >= 0 && m.chance >= 0 &&
          m.chance < static_cast<int>(r.stages[pos.stage()].answers.size()))
        return r.stages[pos.stage()].answers[m.chance];
      return "answer " + std::to_string(m.chance);
    case MoveKind::kAction:
      if (m.chance >= 0 && m.chance < static_cast<int>(r.actions.size()))
        return r.actions[m.chance].name;
      return "action " + std::to_string(m.chance);
    case MoveKind::kDrop:
      out = presentation_of(r).drop_letter ? r.types[m.drop_type].letter + "@" + topo.name(m.to)
                                           : topo.name(m.to);
      break;
    default:
      if (presentation_of(r).pdn) {
        // PDN: 9-13, and a capture by every square it lands on, 10x19x28; a
        // crowning says nothing, since a man that reaches the far row is crowned.
        out = site_text(r, m.from);
        if (is_hop(r, m)) {
          for (int i = 0; i < m.npath; ++i)
            out += presentation_of(r).pdn->capture + site_text(r, m.path[i]);
          out += presentation_of(r).pdn->capture + site_text(r, m.to);
        } else {
          out += "-" + site_text(r, m.to);
        }
        break;
      }
      out = topo.name(m.from);
      if (is_hop(r, m)) {
        for (int i = 0; i < m.npath; ++i) out += "x" + topo.name(m.path[i]);
        out += "x" + topo.name(m.to);
      } else {
        out += presentation_of(r).step_joiner + topo.name(m.to);
      }
      if (m.promote >= 0 && (m.from == kNoSite || piece_type(pos.at(m.from)) != m.promote))
        out += "=" + r.types[m.promote].letter;
  }
  out += gate_text(r, m);
  if (m.rule < r.rules.size() && !r.rules[m.rule].label.empty()) out += " " + r.rules[m.rule].label;
  return out;
}

// What a move does that its long form may leave unsaid, one kind of effect per
// entry, each written as words to append: the once-per-game flags it sets
// (" +escape"), the sites it clears besides its destination (" xd5"), the
// other piece it carries along (" h1-f1"), the site it leaves capturable en
// passant (" ep=e3"), a promotion to its own type (" =P"), and the die it uses
// in a game of several dice (" die=5"). Two moves with the same long form and
// the same effects are the same decision (Move::same_decision) and leave the
// same en passant site.
constexpr int kEffectKinds = 6;
std::array<std::string, kEffectKinds> effects(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::array<std::string, kEffectKinds> out;
  for (size_t b = 0; b < r.flag_names.size(); ++b)
    if (m.set_flags & (1u << b)) out[0] += " +" + r.flag_names[b];
  std::vector<SiteId> cleared(m.cap.begin(), m.cap.begin() + m.ncap);
  std::sort(cleared.begin(), cleared.end());
  for (SiteId s : cleared) out[1] += " x" + site_text(r, s);
  if (m.from2 != kNoSite) out[2] = " " + topo.name(m.from2) + "-" + topo.name(m.to2);
  if (m.ep_set != kNoSite) out[3] = " ep=" + topo.name(m.ep_set);
  if (m.promote >= 0 && m.from != kNoSite && piece_type(pos.at(m.from)) == m.promote)
    out[4] = " =" + r.types[m.promote].letter;
  bool placed =
      m.kind == MoveKind::kNormal || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle;
  if (placed && m.chance != 0) out[5] = " die=" + std::to_string(m.chance);
  return out;
}

}  // namespace

std::string uci_promotion_letter(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  // A promotion to the piece's own type (a choice not to promote) is no
  // promotion to UCI.
  if (m.promote < 0 ||
      (m.from != kNoSite && pos.at(m.from) != kEmpty && piece_type(pos.at(m.from)) == m.promote))
    return "";
  const std::string& mark = presentation_of(r).uci_promotion;
  return mark.empty() ? lower(r.types[m.promote].letter) : mark;
}

std::string gating_uci_text(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::string out = m.gate_at == m.from2 && m.from2 != kNoSite
                        ? topo.name(m.from2) + topo.name(m.from)
                        : topo.name(m.from) + topo.name(m.to);
  return out + uci_promotion_letter(pos, m) + lower(r.types[m.gate].letter);
}

std::vector<std::string> move_texts(const Position& pos, const MoveList& legal) {
  std::vector<std::string> out;
  out.reserve(legal.size());
  std::map<std::string, std::vector<int>> alike;
  for (int i = 0; i < legal.size(); ++i)
    alike[out.emplace_back(long_text(pos, legal[i]))].push_back(i);
  // Moves that read alike but do different things (rules with the same ends
  // and different side effects) add the kinds of effect in which they differ.
  // That depends on what the moves do, never on the order of the script's
  // rules; moves that do the same keep one text, and parse as one move.
  for (auto& [text, group] : alike) {
    if (group.size() < 2) continue;
    std::vector<std::array<std::string, kEffectKinds>> fx;
    for (int i : group) fx.push_back(effects(pos, legal[i]));
    for (int k = 0; k < kEffectKinds; ++k) {
      bool differ = false;
      for (auto& f : fx) differ |= f[k] != fx[0][k];
      if (differ)
        for (size_t j = 0; j < group.size(); ++j) out[group[j]] += fx[j][k];
    }
  }
  return out;
}

MoveTexts::MoveTexts(const Position& pos) : pos_(pos) {
  Position copy = pos;
  legal_moves(copy, legal_);
  texts_ = move_texts(pos, legal_);
  index_.reserve(legal_.size());
  for (int i = 0; i < legal_.size(); ++i) index_.emplace(legal_[i].hash(), i);
}

int MoveTexts::find(const Move& m) const {
  auto [b, e] = index_.equal_range(m.hash());
  int found = -1;
  for (auto it = b; it != e; ++it)
    if (legal_[it->second].same(m) && (found < 0 || it->second < found)) found = it->second;
  return found;
}

std::string MoveTexts::text(const Move& m) const {
  if (!needs_legal(m)) return long_text(pos_, m);
  const int i = find(m);
  return i >= 0 ? texts_[i] : long_text(pos_, m);
}

bool MoveTexts::needs_legal(const Move& m) {
  return m.kind != MoveKind::kPass && m.kind != MoveKind::kChance && m.kind != MoveKind::kRemove &&
         m.kind != MoveKind::kAnswer && m.kind != MoveKind::kPromote && m.kind != MoveKind::kAction;
}

namespace {

bool chess_like_move(const Ruleset& r, const Move& m) {
  if (m.kind == MoveKind::kPass || m.kind == MoveKind::kChance) return false;
  if (is_hop(r, m) || m.npath > 0) return false;
  return m.rule >= r.rules.size() || r.rules[m.rule].label.empty();
}

// What SAN adds to tell a move from others of the same type to the same
// destination: whether there are any, and whether one starts on the same file
// or rank as it.
struct Disambiguation {
  bool ambiguous = false;
  bool same_file = false;
  bool same_rank = false;
};

// The moves SAN tells apart by origin: a piece's move (not a drop or castling).
bool has_origin(const Position& pos, const Move& m) {
  return m.kind != MoveKind::kDrop && m.kind != MoveKind::kCastle && m.from != kNoSite &&
         pos.at(m.from) != kEmpty;
}

// Keys of the groups disambiguations() counts: moves of a type to a site, and
// of those, the ones from one origin, one file or one rank.
enum class Group : uint64_t { kAll, kOrigin, kFile, kRank };
uint64_t group_key(const Position& pos, const Move& m, Group g) {
  const Topology& topo = pos.rules().topology;
  const uint64_t v = g == Group::kOrigin ? static_cast<uint32_t>(m.from)
                     : g == Group::kFile ? static_cast<uint32_t>(topo.x(m.from))
                     : g == Group::kRank ? static_cast<uint32_t>(topo.y(m.from))
                                         : 0;
  return static_cast<uint64_t>(static_cast<uint16_t>(m.to)) |
         static_cast<uint64_t>(piece_type(pos.at(m.from)) & 0xff) << 16 |
         static_cast<uint64_t>(g) << 24 | v << 32;
}

// The disambiguation of every move of legal, in one pass: counting the moves
// of each group instead of comparing every move with every other.
std::vector<Disambiguation> disambiguations(const Position& pos, const MoveList& legal) {
  std::unordered_map<uint64_t, int> count;
  count.reserve(4 * legal.size());
  constexpr Group kGroups[] = {Group::kAll, Group::kOrigin, Group::kFile, Group::kRank};
  for (const Move& m : legal)
    if (has_origin(pos, m))
      for (Group g : kGroups) ++count[group_key(pos, m, g)];
  std::vector<Disambiguation> out(legal.size());
  for (int i = 0; i < legal.size(); ++i) {
    const Move& m = legal[i];
    if (!has_origin(pos, m)) continue;
    // Moves from the same origin count in every group: the others are the rest.
    const int own = count[group_key(pos, m, Group::kOrigin)];
    out[i].ambiguous = count[group_key(pos, m, Group::kAll)] > own;
    out[i].same_file = count[group_key(pos, m, Group::kFile)] > own;
    out[i].same_rank = count[group_key(pos, m, Group::kRank)] > own;
  }
  return out;
}

// bare: leave out the origin that tells two like pieces apart ("Nd2" for "Nbd2"),
// to recognise what a person typed too briefly.
std::string san_core(const Position& pos, const Move& m, const Disambiguation& d,
                     bool bare = false) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  if (m.kind == MoveKind::kCastle)
    return (topo.x(m.to) > topo.x(m.from) ? "O-O" : "O-O-O") + gate_text(r, m);
  if (m.kind == MoveKind::kDrop) return r.types[m.drop_type].letter + "@" + topo.name(m.to);
  TypeId t = piece_type(pos.at(m.from));
  bool capture = (pos.at(m.to) != kEmpty && m.to != m.from) || m.ncap > 0;
  std::string out;
  if (presentation_of(r).san_without_letter(t)) {
    if (capture) out = topo.name(m.from).substr(0, 1) + "x";
    out += topo.name(m.to);
  } else {
    out = r.types[t].letter;
    std::string from = topo.name(m.from);
    if (d.ambiguous && !bare) {
      if (!d.same_file)
        out += from.substr(0, 1);
      else if (!d.same_rank)
        out += from.substr(1);
      else
        out += from;
    }
    if (capture) out += "x";
    out += topo.name(m.to);
  }
  if (m.promote >= 0 && m.promote != t) out += "=" + r.types[m.promote].letter;
  return out + gate_text(r, m);
}

std::string check_suffix(Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  if (!r.end.check) return "";
  Undo u;
  pos.make(m, u);
  char mark = 0;
  if (in_check(pos, pos.to_move())) {
    MoveList replies;
    legal_moves(pos, replies);
    mark = replies.empty() ? '#' : '+';
  }
  pos.unmake(m, u);
  return mark ? std::string(1, mark) : std::string();
}

// SAN of legal[i], or its long form (texts[i]) when the move is not chess-like
// or needs the effects SAN cannot write to be told from another move.
std::string san_of(Position& pos, int i, const MoveList& legal,
                   const std::vector<std::string>& texts, const Disambiguation& d) {
  const Ruleset& r = pos.rules();
  const Move& m = legal[i];
  if (presentation_of(r).notation != "san" || !chess_like_move(r, m) ||
      texts[i] != long_text(pos, m))
    return texts[i];
  return san_core(pos, m, d) + check_suffix(pos, m);
}

}  // namespace

SquareList read_squares(const Ruleset& r, const std::string& text) {
  SquareList out;
  std::vector<std::string> tokens(1);
  for (char c : text) {
    if (c == '-' || c == 'x' || c == 'X' || c == ':')
      tokens.emplace_back();
    else
      tokens.back() += c;
  }
  if (tokens.size() == 1) {
    // Two site names run together (h3f5).
    const std::string& t = tokens[0];
    for (size_t k = 1; k < t.size(); ++k) {
      const SiteId a = r.topology.find(t.substr(0, k)), b = r.topology.find(t.substr(k));
      if (a != kNoSite && b != kNoSite) {
        out.sites = {a, b};
        break;
      }
    }
    return out;
  }
  for (const std::string& t : tokens) {
    const SiteId s = find_site(presentation_of(r).pdn.get(), r.topology, t);
    if (s == kNoSite) {
      const bool digits = !t.empty() && t.size() < 8 && std::all_of(t.begin(), t.end(), [](char c) {
        return c >= '0' && c <= '9';
      });
      if (digits && presentation_of(r).pdn && presentation_of(r).pdn->game_type.notation == 'N')
        out.bad = "there is no square " + t + " (the squares are numbered 1 to " +
                  std::to_string(presentation_of(r).pdn->numbered.size()) + ")";
      out.sites.clear();
      return out;
    }
    out.sites.push_back(s);
  }
  return out;
}

namespace {

// Whether m goes from the first square to the last, landing on the ones between
// in that order (a capture may be typed by its ends and any of its landings).
bool fits_squares(const Move& m, const std::vector<SiteId>& sq) {
  if (m.from == kNoSite || m.from != sq.front() || m.to != sq.back()) return false;
  size_t k = 1;
  for (int i = 0; i < m.npath && k + 1 < sq.size(); ++i)
    if (m.path[i] == sq[k]) ++k;
  return k + 1 == sq.size();
}

// A text naming a move by its origin and destination followed by what it
// promotes to: a type's letter (e7e8q, e7e8=Q) or the script's uci_promotion
// (e4e5+, whatever type the move promotes to).
struct PromotionSuffix {
  SiteId from = kNoSite;
  SiteId to = kNoSite;
  std::string suffix;  // as written, without '='
  bool any = false;    // the uci_promotion mark
  TypeId type = -1;    // the type its letter names
};

// The site whose name text starts with, the longest one; kNoSite if none.
SiteId leading_site(const Topology& topo, const std::string& text, size_t& len) {
  for (len = std::min<size_t>(text.size(), 8); len > 0; --len)
    if (SiteId s = topo.find(text.substr(0, len)); s != kNoSite) return s;
  return kNoSite;
}

std::optional<PromotionSuffix> promotion_suffix(const Ruleset& r, const std::string& text) {
  PromotionSuffix p;
  size_t len = 0;
  p.from = leading_site(r.topology, text, len);
  if (p.from == kNoSite) return std::nullopt;
  std::string rest = text.substr(len);
  if (!presentation_of(r).step_joiner.empty() && rest.rfind(presentation_of(r).step_joiner, 0) == 0)
    rest.erase(0, presentation_of(r).step_joiner.size());
  else if (!rest.empty() && (rest[0] == '-' || rest[0] == 'x'))
    rest.erase(0, 1);
  p.to = leading_site(r.topology, rest, len);
  if (p.to == kNoSite) return std::nullopt;
  rest.erase(0, len);
  if (!rest.empty() && rest[0] == '=') rest.erase(0, 1);
  if (rest.empty()) return std::nullopt;
  p.suffix = rest;
  if (!presentation_of(r).uci_promotion.empty() && rest == presentation_of(r).uci_promotion) {
    p.any = true;
    return p;
  }
  auto lower = [](std::string x) {
    for (char& c : x) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return x;
  };
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (!r.types[t].letter.empty() && lower(r.types[t].letter) == lower(rest)) {
      p.type = t;
      return p;
    }
  return std::nullopt;
}

// Whether m, a move of pos, is a promotion the suffix asks for.
bool honours(const Position& pos, const Move& m, const PromotionSuffix& p) {
  if (m.from != p.from || m.to != p.to || m.promote < 0 ||
      (pos.at(m.from) && piece_type(pos.at(m.from)) == m.promote))
    return false;
  return p.any || m.promote == p.type;
}

// Why no legal move honours the suffix, naming the move and what it may do.
// Where the letter of a refused promotion names a type that gating brings in
// (b1c3h in S-chess), why that gating move is not there either.
std::string gating_refusal(const Position& pos, const PromotionSuffix& p) {
  const Ruleset& r = pos.rules();
  if (!r.gating.on() || p.any || !r.gating.gates(p.type)) return "";
  const SeatId me = pos.to_move();
  const std::string& name = r.types[p.type].name;
  if (pos.hand(me, p.type) == 0)
    return "; nor can it gate one: " + r.seats[me].name + " holds none";
  if (!(pos.flags(p.from) & kFlagGate))
    return "; nor can it gate one: the piece on " + r.topology.name(p.from) +
           " has no right to gate (it has moved, or came in by gating)";
  return "; nor is gating " + name + " in with it legal here";
}

std::string refusal(const Position& pos, const MoveList& legal, const PromotionSuffix& p) {
  const Ruleset& r = pos.rules();
  const std::string move = r.topology.name(p.from) + r.topology.name(p.to);
  std::string to;
  bool plain = false;
  for (const Move& m : legal) {
    if (m.from != p.from || m.to != p.to) continue;
    if (m.promote < 0 || (pos.at(m.from) && piece_type(pos.at(m.from)) == m.promote)) {
      plain = true;
    } else {
      const std::string& letter = r.types[m.promote].letter;
      if (to.find(" " + letter + ",") == std::string::npos) to += " " + letter + ",";
    }
  }
  const std::string asked = p.any ? "'" + p.suffix + "' asks for a promotion"
                                  : "'" + p.suffix + "' asks for " + r.types[p.type].name;
  if (!to.empty()) {
    to.pop_back();
    return asked + ", and " + move + " may promote only to" + to;
  }
  std::string why = plain ? asked + ", and " + move + " cannot promote here"
                          : asked + ", and there is no legal move " + move;
  return why + gating_refusal(pos, p);
}

}  // namespace

bool promotion_honoured(const Position& pos, const Move& m, const std::string& text) {
  const auto asked = promotion_suffix(pos.rules(), trim(text));
  return !asked || honours(pos, m, *asked);
}

std::string promotion_refusal(const Position& pos, const MoveList& legal, const std::string& text) {
  const auto asked = promotion_suffix(pos.rules(), trim(text));
  if (!asked) return "";
  bool named = false;
  for (const Move& m : legal) {
    if (honours(pos, m, *asked)) return "";
    named |= m.from == asked->from && m.to == asked->to;
  }
  return named ? refusal(pos, legal, *asked) : "";
}

namespace {

// Text without the marks that rate a move (!, ?, !?, (!)) or say check (+, #).
std::string without_marks(std::string text) {
  while (!text.empty() && std::string("!?+#()").find(text.back()) != std::string::npos &&
         !(text.back() == ')' && text.find('(') == std::string::npos))
    text.pop_back();
  return text;
}

}  // namespace

std::vector<std::string> move_choices(Position& pos, const std::string& input) {
  const Ruleset& r = pos.rules();
  std::vector<std::string> out;
  if (!presentation_of(r).pdn || check_move_text_size(input)) return out;
  const SquareList sq = read_squares(r, without_marks(trim(input)));
  if (sq.sites.size() < 2) return out;
  MoveList legal;
  legal_moves(pos, legal);
  const std::vector<std::string> longs = move_texts(pos, legal);
  for (int i = 0; i < legal.size(); ++i)
    if (fits_squares(legal[i], sq.sites) &&
        std::find(out.begin(), out.end(), longs[i]) == out.end())
      out.push_back(longs[i]);
  return out;
}

std::string loose_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '-' || c == 'x' || c == '=' || c == '+' || c == '#' || c == '!' || c == '?' ||
        c == ' ' || c == ',')
      continue;
    out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

bool loose_match(const std::string& written, const std::string& typed) {
  if (!typed.empty() && typed[0] == 'x' && (written.empty() || written[0] != 'x')) return false;
  return loose_text(written) == loose_text(typed);
}

Status check_move_text_size(const std::string& text) {
  if (text.size() <= kMaxMoveText) return std::nullopt;
  return Error{"move", "the text is " + std::to_string(text.size()) + " bytes, more than the " +
                           std::to_string(kMaxMoveText) + " a move may have"};
}

std::string roll_text(const Ruleset& r, int roll) {
  if (r.dice.count <= 1) return std::to_string(roll);
  std::string out;
  for (int k = 0; k < Dice::kMaxDice; ++k) {
    int v = (roll >> (5 * k)) & 31;
    if (!v) break;
    out += (out.empty() ? "" : "+") + std::to_string(v);
  }
  return out;
}

std::string move_text(const Position& pos, const Move& m) {
  if (!MoveTexts::needs_legal(m)) return long_text(pos, m);
  return MoveTexts(pos).text(m);
}

std::string move_san(Position& pos, const Move& m) {
  const MoveTexts texts(pos);
  const int i = texts.find(m);
  const Ruleset& r = pos.rules();
  if (i < 0 || presentation_of(r).notation != "san" || !chess_like_move(r, m)) return texts.text(m);
  // The one move's disambiguation: the like moves to its destination.
  Disambiguation d;
  if (has_origin(pos, m))
    for (const Move& o : texts.legal()) {
      if (!has_origin(pos, o) || o.from == m.from || o.to != m.to ||
          piece_type(pos.at(o.from)) != piece_type(pos.at(m.from)))
        continue;
      d.ambiguous = true;
      d.same_file |= r.topology.x(o.from) == r.topology.x(m.from);
      d.same_rank |= r.topology.y(o.from) == r.topology.y(m.from);
    }
  return san_of(pos, i, texts.legal(), texts.texts(), d);
}

std::vector<std::string> line_texts(Position pos, const std::vector<Move>& line) {
  std::vector<std::string> out;
  for (const Move& m : line) {
    if (MoveTexts(pos).find(m) < 0) break;
    out.push_back(move_san(pos, m));
    Undo u;
    pos.make(m, u);
  }
  return out;
}

std::vector<std::string> move_sans(Position& pos, const MoveList& legal,
                                   const std::vector<std::string>& texts) {
  std::vector<std::string> out = texts;
  if (presentation_of(pos.rules()).notation != "san") return out;
  const std::vector<Disambiguation> d = disambiguations(pos, legal);
  for (int i = 0; i < legal.size(); ++i) out[i] = san_of(pos, i, legal, texts, d[i]);
  return out;
}

namespace {

// What parse_move matches a text against: the legal moves, with their long
// texts and their SANs.
struct Candidates {
  Position& pos;
  const MoveList& legal;
  const std::vector<std::string>& longs;
  const std::vector<std::string>& sans;

  // The indices of the legal moves that match.
  template <typename Match>
  std::vector<int> collect(Match match) const {
    std::vector<int> hits;
    for (int i = 0; i < legal.size(); ++i)
      if (match(i)) hits.push_back(i);
    return hits;
  }
};

// Squares, by PDN number or by name: the moves they fit (none when the text
// names fewer than two); a capture typed by its ends alone is one when a
// single capture fits. An Error when a square is bad, when the moves that fit
// print differently, or when none fits.
Expected<std::vector<int>> pdn_hits(const Candidates& c, const std::string& text) {
  const Ruleset& r = c.pos.rules();
  const SquareList sq = read_squares(r, without_marks(text));
  if (!sq.bad.empty()) return Error{"move", "no legal move " + excerpt(text) + ": " + sq.bad};
  if (sq.sites.size() < 2) return std::vector<int>{};
  std::vector<int> hits = c.collect([&](int i) { return fits_squares(c.legal[i], sq.sites); });
  std::vector<std::string> distinct;
  for (int i : hits)
    if (std::find(distinct.begin(), distinct.end(), c.longs[i]) == distinct.end())
      distinct.push_back(c.longs[i]);
  if (distinct.size() > 1) {
    std::string list;
    for (const std::string& t : distinct) list += " " + t;
    return Error{"move", "'" + excerpt(text) + "' is ambiguous; it could be:" + list};
  }
  if (!hits.empty()) return hits;
  const Topology& topo = r.topology;
  const SiteId from = sq.sites.front(), to = sq.sites.back();
  std::string msg = "no legal move " + excerpt(text);
  std::string why = explain_illegal(c.pos, from, to);
  if (!why.empty()) msg += ": " + why;
  std::string list;
  for (int i = 0; i < c.legal.size(); ++i)
    if (c.legal[i].from == from) list += " " + c.longs[i];
  const std::string name = site_text(r, from);
  if (!list.empty())
    msg += "; legal moves from " + name + ":" + list;
  else if (c.pos.at(from) == kEmpty)
    msg += "; " + name + " (" + topo.name(from) + ") is empty";
  else
    msg += "; the piece on " + name + " has no legal move; legal moves:";
  if (list.empty() && c.pos.at(from) != kEmpty)
    for (int i = 0; i < c.legal.size() && i < 40; ++i) msg += " " + c.longs[i];
  return Error{"move", msg};
}

// The moves a text names, the ways of writing one tried in turn until one
// fits: the long text or SAN (its marks, + # ! ?, left out as stripped is),
// a gating move's UCI text, either written loosely, a long text without what
// it adds after the sites, and a SAN without the sites that tell moves apart.
std::vector<int> text_hits(const Candidates& c, const std::string& text,
                           const std::string& stripped) {
  const Ruleset& r = c.pos.rules();
  const MoveList& legal = c.legal;
  std::vector<int> hits = c.collect([&](int i) {
    std::string san = c.sans[i];
    while (!san.empty() && (san.back() == '+' || san.back() == '#')) san.pop_back();
    return c.longs[i] == text || c.sans[i] == text || c.longs[i] == stripped || san == stripped;
  });
  if (hits.empty())
    hits = c.collect(
        [&](int i) { return legal[i].gate >= 0 && gating_uci_text(c.pos, legal[i]) == text; });
  if (hits.empty()) {
    hits = c.collect([&](int i) { return loose_match(c.longs[i], text); });
    if (hits.empty()) hits = c.collect([&](int i) { return loose_match(c.sans[i], text); });
  }
  if (hits.empty()) {
    // A long text given without what it adds after the sites (the label of a
    // once-per-game move, a die): the moves it begins; more than one is ambiguous.
    hits = c.collect([&](int i) { return c.longs[i].rfind(text + " ", 0) == 0; });
  }
  if (hits.empty() && presentation_of(r).notation == "san") {
    hits = c.collect([&](int i) {
      const Move& m = legal[i];
      if (!chess_like_move(r, m) || m.kind == MoveKind::kDrop || m.kind == MoveKind::kCastle)
        return false;
      std::string bare = san_core(c.pos, m, Disambiguation{}, true);
      return bare == stripped || loose_match(bare, text);
    });
  }
  return hits;
}

// A promotion the text asks for (e7e8q, or e4e5+ where the script writes
// promotions so) is never dropped for the move without it, which stripping
// marks or loose matching would find: hits become the moves that make it. An
// Error when none does and the rules say why.
Status keep_promotion(const Candidates& c, const std::string& text, std::vector<int>& hits) {
  const auto asked = promotion_suffix(c.pos.rules(), text);
  if (!asked) return std::nullopt;
  // A gating move's UCI text (b1c3h) ends in a letter too.
  const bool exact = std::any_of(hits.begin(), hits.end(), [&](int i) {
    return c.longs[i] == text || c.sans[i] == text ||
           (c.legal[i].gate >= 0 && gating_uci_text(c.pos, c.legal[i]) == text);
  });
  if (exact) return std::nullopt;
  // The moves that make it, whatever the matching above found.
  hits = c.collect([&](int i) { return honours(c.pos, c.legal[i], *asked); });
  if (hits.empty())
    if (std::string why = promotion_refusal(c.pos, c.legal, text); !why.empty())
      return Error{"move", "no legal move " + excerpt(text) + ": " + why};
  // No legal move between the sites at all: the general message says why.
  return std::nullopt;
}

// The error for a text that no legal move fits: which moves the origin it
// starts with has (and, when a destination follows, why the rules refuse
// the move), else the legal moves.
Error no_legal_move(const Candidates& c, const std::string& text) {
  const Topology& topo = c.pos.rules().topology;
  const MoveList& legal = c.legal;
  SiteId from = kNoSite;
  for (size_t len = std::min<size_t>(text.size(), 8); len > 0 && from == kNoSite; --len)
    from = topo.find(text.substr(0, len));
  std::string msg = "no legal move " + excerpt(text);
  if (from != kNoSite) {
    // And the destination, if one follows: then the rules can say why.
    std::string rest = text.substr(topo.name(from).size());
    while (!rest.empty() && (rest[0] == '-' || rest[0] == 'x' || rest[0] == ' ')) rest.erase(0, 1);
    SiteId to = kNoSite;
    for (size_t len = std::min<size_t>(rest.size(), 8); len > 0 && to == kNoSite; --len)
      to = topo.find(rest.substr(0, len));
    if (to != kNoSite) {
      std::string why = explain_illegal(c.pos, from, to);
      if (!why.empty()) msg += ": " + why;
    }
    std::string list;
    for (int i = 0; i < legal.size(); ++i)
      if (legal[i].from == from) list += " " + c.longs[i];
    if (list.empty()) {
      if (c.pos.at(from) == kEmpty)
        msg += "; " + topo.name(from) + " is empty";
      else
        msg += "; the piece on " + topo.name(from) + " has no legal move";
    } else {
      msg += "; legal moves from " + topo.name(from) + ":" + list;
    }
  } else {
    std::string list;
    int shown = 0;
    for (int i = 0; i < legal.size() && shown < 40; ++i, ++shown) list += " " + c.sans[i];
    msg += "; legal moves:" + list + (legal.size() > 40 ? " ..." : "");
  }
  return Error{"move", msg};
}

}  // namespace

Expected<Move> parse_move(Position& pos, const std::string& input) {
  if (auto e = check_move_text_size(input)) return *e;
  std::string text = trim(input);
  if (text.empty()) return Error{"move", "empty move"};
  // Castling written with zeros, as some people do.
  if (text.rfind("0-0", 0) == 0) std::replace(text.begin(), text.end(), '0', 'O');
  MoveList legal;
  legal_moves(pos, legal);
  if (legal.empty()) return Error{"move", "no legal moves: the game is over"};
  const std::vector<std::string> longs = move_texts(pos, legal);
  const std::vector<std::string> sans = move_sans(pos, legal, longs);
  const Candidates c{pos, legal, longs, sans};
  std::string stripped = text;
  while (!stripped.empty() && (stripped.back() == '+' || stripped.back() == '#' ||
                               stripped.back() == '!' || stripped.back() == '?'))
    stripped.pop_back();
  std::vector<int> hits;
  if (presentation_of(pos.rules()).pdn) {
    auto fit = pdn_hits(c, text);
    if (!fit) return fit.error();
    hits = std::move(*fit);
  }
  if (hits.empty()) hits = text_hits(c, text, stripped);
  if (Status e = keep_promotion(c, text, hits)) return *e;
  // Moves that print alike are the same decision: any of them will do, so take
  // the one with the shortest path (then the lowest sites on it), whatever the
  // order they were generated in.
  if (hits.size() > 1 &&
      std::all_of(hits.begin(), hits.end(), [&](int i) { return longs[i] == longs[hits[0]]; })) {
    auto by_path = [&](int a, int b) {
      const Move &x = legal[a], &y = legal[b];
      if (x.npath != y.npath) return x.npath < y.npath;
      return std::lexicographical_compare(x.path.begin(), x.path.begin() + x.npath, y.path.begin(),
                                          y.path.begin() + y.npath);
    };
    hits = {*std::min_element(hits.begin(), hits.end(), by_path)};
  }
  if (hits.size() == 1) return legal[hits[0]];
  if (hits.size() > 1) {
    std::string list;
    for (int i : hits) list += " " + longs[i];
    return Error{"move", "'" + excerpt(text) + "' is ambiguous; it could be:" + list};
  }
  return no_legal_move(c, text);
}

}  // namespace regula
