#include "uci/uci_move.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/game_end.h"
#include "core/movegen.h"
#include "formats/presentation.h"
#include "notation/move_text.h"
#include "notation/text.h"
#include "notation/turn_text.h"
#include "uci/words.h"

namespace regula::uci {

namespace {

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// UCI reads a line as tokens: a text with spaces would be several.
std::string one_token(std::string s) {
  std::replace(s.begin(), s.end(), ' ', '_');
  return s;
}

// A pass: the null move, 0000, except for the pass a seat chooses in place of
// its move (Ruleset::voluntary_pass), which Fairy-Stockfish writes as its
// royal's move to its own square (e2e2 in janggi), and reads only so.
std::string pass_text(const Position& pos) {
  const SiteId royal = pos.royal_site(pos.to_move());
  if (!pos.rules().voluntary_pass || pos.stage() >= 0 || royal == kNoSite) return "0000";
  const std::string name = pos.rules().topology.name(royal);
  return name + name;
}

// One decision as UCI writes it; pos is the position it is made in.
std::string decision_text(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  switch (m.kind) {
    case MoveKind::kNormal:
    case MoveKind::kCastle: {
      if (m.gate >= 0) return gating_uci_text(pos, m);
      return topo.name(m.from) + topo.name(m.to) + uci_promotion_letter(pos, m);
    }
    case MoveKind::kDrop:
      return upper(r.types[m.drop_type].letter) + "@" + topo.name(m.to);
    case MoveKind::kPass:
      return pass_text(pos);
    case MoveKind::kPromote:
      return presentation_of(r).uci_promotion.empty() ? lower(r.types[m.promote].letter)
                                                      : presentation_of(r).uci_promotion;
    case MoveKind::kRemove:
      return "x" + topo.name(m.to);
    default:
      return one_token(move_text(pos, m));
  }
}

// A turn's decisions joined, each in the position it is made in. pos is
// restored before returning.
std::string joined_text(Position& pos, const Turn& turn) {
  const size_t n = turn.steps.size();
  std::string out;
  std::vector<Undo> undos(n);
  size_t made = 0;
  for (size_t i = 0; i < n; ++i) {
    const Move& m = turn.steps[i];
    if (i == 0)
      out = decision_text(pos, m);
    else if (m.kind == MoveKind::kPromote || m.kind == MoveKind::kRemove)
      out += decision_text(pos, m);
    else if (m.kind != MoveKind::kPass)
      out += "," + decision_text(pos, m);
    if (i + 1 < n) {
      pos.make(m, undos[i]);
      ++made;
    }
  }
  while (made > 0) {
    --made;
    pos.unmake(turn.steps[made], undos[made]);
  }
  return out;
}

bool same_turn(const Turn& a, const Turn& b) {
  if (a.steps.size() != b.steps.size()) return false;
  for (size_t i = 0; i < a.steps.size(); ++i)
    if (!a.steps[i].same(b.steps[i])) return false;
  return true;
}

}  // namespace

std::vector<std::string> uci_texts(Position& pos, const std::vector<Turn>& turns) {
  std::vector<std::string> out;
  out.reserve(turns.size());
  std::map<std::string, std::vector<int>> alike;
  for (size_t i = 0; i < turns.size(); ++i)
    alike[out.emplace_back(joined_text(pos, turns[i]))].push_back(static_cast<int>(i));
  std::vector<std::string> own;  // the project's texts, made once when needed
  for (const auto& [text, group] : alike) {
    if (group.size() < 2) continue;
    if (own.empty()) own = turn_texts(pos, turns);
    for (int i : group) out[i] = one_token(own[i]);
  }
  return out;
}

std::string uci_text(Position& pos, const Turn& turn) {
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  for (size_t i = 0; i < turns.size(); ++i)
    if (same_turn(turns[i], turn)) return uci_texts(pos, turns)[i];
  return joined_text(pos, turn);
}

std::string uci_decisions_text(Position& pos, const Turn& turn) {
  return joined_text(pos, turn);
}

Expected<Turn> parse_uci(Position& pos, const std::string& text) {
  const std::string t = trim(text);
  if (auto bad = check_move_text_size(t)) return *bad;
  const Result res = game_result(pos);
  if (res.over) return Error{"move", "'" + t + "': the game is over (" + res.reason + ")"};
  std::vector<Turn> turns;
  legal_turns(pos, turns);
  if (turns.empty()) return Error{"move", "'" + t + "': there is no legal move"};
  const std::vector<std::string> texts = uci_texts(pos, turns);
  for (size_t i = 0; i < texts.size(); ++i)
    if (texts[i] == t) return turns[i];
  int found = -1, count = 0;
  for (size_t i = 0; i < texts.size(); ++i)
    if (lower(texts[i]) == lower(t)) found = static_cast<int>(i), ++count;
  if (count == 1) return turns[found];
  // The null move names a lone pass, however the pass is written.
  if (t == "0000")
    for (const Turn& turn : turns)
      if (turn.steps.size() == 1 && turn.steps[0].kind == MoveKind::kPass) return turn;
  if (auto own = parse_turn(pos, t); own && own->complete) return own->turn;
  MoveList first;
  legal_moves(pos, first);
  if (std::string why = promotion_refusal(pos, first, t); !why.empty())
    return Error{"move", "'" + t + "' is not a legal move here: " + why};
  std::string legal;
  constexpr size_t kListed = 16;
  for (size_t i = 0; i < texts.size() && i < kListed; ++i) legal += (i ? " " : "") + texts[i];
  if (texts.size() > kListed) legal += " ...";
  return Error{"move",
               "'" + t + "' is not a legal move here" +
                   (pos.awaiting_roll() ? std::string(" (a throw of the dice is due)") : "") +
                   "; legal: " + legal};
}

std::vector<std::string> uci_line(const Position& pos, const std::vector<Move>& decisions) {
  std::vector<std::string> out;
  Position at = pos;
  Position start = pos;
  Turn turn;
  for (const Move& d : decisions) {
    if (d.kind == MoveKind::kChance || at.awaiting_roll() || game_result(at).over) break;
    MoveList legal;
    legal_moves(at, legal);
    if (std::none_of(legal.begin(), legal.end(), [&](const Move& m) { return m.same(d); })) break;
    Undo u;
    at.make(d, u);
    turn.steps.push_back(d);
    if (!at.in_turn()) {
      out.push_back(uci_text(start, turn));
      turn.steps.clear();
      start = at;
    }
  }
  return out;
}

}  // namespace regula::uci
