#include "notation/explain_move.h"

#include <algorithm>
#include <cctype>
#include <sstream>

#include "core/movegen.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/move_text.h"
#include "notation/text.h"

namespace regula {

namespace {

std::string square(const Ruleset& r, SiteId s) {
  return site_name(presentation_of(r).pdn.get(), r.topology, s);
}

std::string with_article(const std::string& noun) {
  return (!noun.empty() && std::string("aeiou").find(noun[0]) != std::string::npos ? "an " : "a ") +
         noun;
}

}  // namespace

const char* rule_kind_words(RuleKind k) {
  switch (k) {
    case RuleKind::kSlide:
      return "slide";
    case RuleKind::kTable:
      return "leap";
    case RuleKind::kWalk:
      return "walk";
    case RuleKind::kHop:
      return "capture by jumping";
    case RuleKind::kLineCapture:
      return "capture by approach or withdrawal";
    case RuleKind::kDrop:
      return "drop from hand";
    case RuleKind::kCastle:
      return "castling";
    case RuleKind::kAnywhere:
      return "move to any empty square";
    case RuleKind::kScreen:
      return "move over a screen";
    case RuleKind::kGenerated:
      return "generate hook";
    case RuleKind::kPromote:
      return "promotion in place";
  }
  return "rule";
}

namespace {

// "the knight on f6"
std::string piece_on(const Position& pos, SiteId s) {
  const Ruleset& r = pos.rules();
  return "the " + r.types[piece_type(pos.at(s))].name + " on " + square(r, s);
}

// SAN's castling, O-O (the shorter side) or O-O-O, read as the royal's move by
// the castling rule whose line to the board's edge is shorter or longer.
std::optional<Attempt> read_castling(const Position& pos, const std::string& text) {
  std::string t = lower(trim(text));
  while (!t.empty() && std::string("!?+#").find(t.back()) != std::string::npos) t.pop_back();
  for (char& c : t)
    if (c == '0') c = 'o';
  if (t != "o-o" && t != "o-o-o") return std::nullopt;
  const bool longer = t == "o-o-o";
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::optional<Attempt> best;
  int best_length = 0;
  for (SiteId from = 0; from < pos.num_sites(); ++from) {
    const PieceCode c = pos.at(from);
    if (!c || piece_seat(c) != pos.to_move()) continue;
    for (int ri : r.types[piece_type(c)].rules) {
      const MoveRule& rule = r.rules[ri];
      if (rule.kind != RuleKind::kCastle) continue;
      const SiteId* nb = topo.neighbors_of(rule.castle_dir);
      int length = 0;
      for (SiteId x = nb[from]; x != kNoSite; x = nb[x]) ++length;
      SiteId dest = from;
      for (int k = 0; k < rule.castle_steps && dest != kNoSite; ++k) dest = nb[dest];
      if (dest == kNoSite) continue;
      if (!best || (longer ? length > best_length : length < best_length)) {
        best = Attempt{};
        best->from = from;
        best->to = dest;
        best_length = length;
      }
    }
  }
  return best;
}

}  // namespace

TypeId find_type(const Ruleset& r, const std::string& text) {
  if (text.empty()) return -1;
  const std::string l = lower(text);
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    const PieceType& p = r.types[t];
    if (lower(p.name) == l || lower(p.letter) == l) return t;
    for (const std::string& sym : p.symbol)
      if (!sym.empty() && sym == text) return t;
  }
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    for (const std::string& sym : r.types[t].symbol)
      if (!sym.empty() && lower(sym) == l) return t;
  return -1;
}

std::optional<Attempt> read_attempt(const Ruleset& r, const std::string& text) {
  std::istringstream words(trim(text));
  std::string head, word;
  words >> head;
  while (!head.empty() && std::string("!?+#").find(head.back()) != std::string::npos)
    head.pop_back();
  Attempt a;
  // A word after the sites is the label of a rule, unless it is one of the
  // effects the long form adds (+flag, xsite, die=N).
  while (words >> word)
    if (std::isalpha(static_cast<unsigned char>(word[0])) && word.find('=') == std::string::npos &&
        !(word.size() > 1 && word[0] == 'x' && r.topology.find(word.substr(1)) != kNoSite))
      a.label = word;
  auto site_of = [&](const std::string& name) {
    return find_site(presentation_of(r).pdn.get(), r.topology, name);
  };
  if (const size_t at = head.find('@'); at != std::string::npos) {
    a.drop = find_type(r, head.substr(0, at));
    a.to = site_of(head.substr(at + 1));
    if (a.drop < 0 || a.to == kNoSite) return std::nullopt;
    return a;
  }
  // A removal: "xR3".
  if (head.size() > 1 && (head[0] == 'x' || head[0] == 'X')) {
    if (const SiteId s = site_of(head.substr(1)); s != kNoSite) {
      a.remove = true;
      a.to = s;
      return a;
    }
  }
  if (const size_t eq = head.find('='); eq != std::string::npos) {
    a.promote = find_type(r, head.substr(eq + 1));
    if (a.promote < 0) return std::nullopt;
    head.erase(eq);
  }
  const SquareList sq = read_squares(r, head);
  if (sq.sites.empty()) {
    // A placement named by its square alone, when one type is ever dropped.
    const SiteId s = site_of(head);
    TypeId dropped = -1;
    for (const MoveRule& rule : r.rules)
      if (rule.kind == RuleKind::kDrop) {
        if (dropped >= 0 && dropped != rule.drop_type) return std::nullopt;
        dropped = rule.drop_type;
      }
    if (s == kNoSite || dropped < 0) return std::nullopt;
    a.drop = dropped;
    a.to = s;
    return a;
  }
  if (sq.sites.size() < 2) return std::nullopt;
  a.from = sq.sites.front();
  a.to = sq.sites.back();
  a.via.assign(sq.sites.begin() + 1, sq.sites.end() - 1);
  return a;
}

std::vector<std::string> legal_reasons(Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  std::vector<std::string> lines;
  auto stage_text = [&]() {
    const int st = pos.stage();
    if (st < 0) return std::string();
    const Stage& s = r.stages[st];
    return " (the stage '" + s.name + "' at " + s.where + ")";
  };
  switch (m.kind) {
    case MoveKind::kRemove:
      lines.push_back("removes " + piece_on(pos, m.to) + stage_text());
      return lines;
    case MoveKind::kAnswer: {
      const int st = pos.stage();
      const bool named =
          st >= 0 && m.chance >= 0 && m.chance < static_cast<int>(r.stages[st].answers.size());
      lines.push_back("answers '" + (named ? r.stages[st].answers[m.chance] : std::string("?")) +
                      "'" + stage_text());
      return lines;
    }
    case MoveKind::kPromote:
      lines.push_back("promotes " + piece_on(pos, m.to) + " to " +
                      with_article(r.types[m.promote].name) + stage_text());
      return lines;
    case MoveKind::kPass:
      lines.push_back(pos.stage() >= 0 ? "declines" + stage_text()
                                       : std::string("passes: no other move is possible"));
      return lines;
    case MoveKind::kAction:
      if (m.chance >= 0 && m.chance < static_cast<int>(r.actions.size()))
        lines.push_back("takes the action '" + r.actions[m.chance].name + "' at " +
                        r.actions[m.chance].where);
      return lines;
    case MoveKind::kChance:
      lines.push_back("a throw of the dice");
      return lines;
    default:
      break;
  }
  const MoveRule& rule = r.rules[m.rule];
  const std::string who = m.kind == MoveKind::kDrop
                              ? with_article(r.types[m.drop_type].name) + " from hand"
                              : piece_on(pos, m.from);
  if (rule.kind == RuleKind::kGenerated)
    lines.push_back("made by the script's generate hook for " + who +
                    (rule.label.empty() ? "" : ", labelled '" + rule.label + "'"));
  else
    lines.push_back(who + ", by its rule '" + rule_kind_words(rule.kind) + "'" +
                    (rule.label.empty() ? "" : " labelled '" + rule.label + "'") + " at " +
                    rule.where);
  std::vector<std::string> taken;
  if (m.kind != MoveKind::kDrop && pos.at(m.to) != kEmpty &&
      !r.allies(piece_seat(pos.at(m.to)), pos.to_move()) && m.to != m.from &&
      std::find(m.cap.begin(), m.cap.begin() + m.ncap, m.to) == m.cap.begin() + m.ncap)
    taken.push_back(piece_on(pos, m.to));
  for (int i = 0; i < m.ncap; ++i)
    if (pos.at(m.cap[i]) != kEmpty) taken.push_back(piece_on(pos, m.cap[i]));
  if (!taken.empty()) {
    std::string list;
    for (const std::string& t : taken) list += (list.empty() ? "" : ", ") + t;
    lines.push_back("captures " + list);
  }
  if (m.kind == MoveKind::kCastle && m.from2 != kNoSite)
    lines.push_back(piece_on(pos, m.from2) + " goes to " + square(r, m.to2));
  if (m.promote >= 0) lines.push_back("promotes to " + with_article(r.types[m.promote].name));
  return lines;
}

MoveExplanation explain_move(Position& pos, const std::string& text) {
  const Ruleset& r = pos.rules();
  MoveExplanation e;
  e.move = trim(text);
  // A whole turn, a move and the removals it brings ("E3 xA1"): each decision
  // in the position the ones before it lead to.
  if (const size_t cut = e.move.find(" x"); cut != std::string::npos && !parse_move(pos, e.move)) {
    MoveExplanation first = explain_move(pos, e.move.substr(0, cut));
    if (!first.legal) return first;
    auto m = parse_move(pos, e.move.substr(0, cut));
    Undo u;
    ScopedMove made(pos, *m, u);
    MoveExplanation rest = explain_move(pos, e.move.substr(cut + 1));
    rest.move = first.move + " " + rest.move;
    rest.lines.insert(rest.lines.begin(), first.lines.begin(), first.lines.end());
    if (!rest.legal) rest.rule = first.rule, rest.piece = first.piece;
    return rest;
  }
  auto parsed = parse_move(pos, text);
  if (parsed) {
    const Move& m = *parsed;
    e.legal = true;
    e.move = move_text(pos, m);
    if (m.kind == MoveKind::kNormal || m.kind == MoveKind::kCastle || m.kind == MoveKind::kDrop) {
      e.rule = m.rule;
      e.piece = m.kind == MoveKind::kDrop ? r.types[m.drop_type].name
                                          : r.types[piece_type(pos.at(m.from))].name;
    } else if (m.kind == MoveKind::kRemove && pos.at(m.to) != kEmpty) {
      e.piece = r.types[piece_type(pos.at(m.to))].name;
    }
    e.lines = legal_reasons(pos, m);
    return e;
  }
  // Not legal as typed: say what is wrong with it, from its parts when they
  // can be read, else as the move reader found it.
  auto a = read_attempt(r, text);
  if (!a) a = read_castling(pos, text);
  if (a) {
    if (a->drop >= 0)
      e.piece = r.types[a->drop].name;
    else if (a->from != kNoSite && pos.at(a->from) != kEmpty)
      e.piece = r.types[piece_type(pos.at(a->from))].name;
    if (std::string why = explain_attempt(pos, *a); !why.empty()) {
      e.lines.push_back(why);
      // And what the piece may do instead.
      if (a->from != kNoSite && pos.at(a->from) != kEmpty) {
        MoveList legal;
        legal_moves(pos, legal);
        const std::vector<std::string> texts = move_texts(pos, legal);
        std::string list;
        for (int i = 0; i < legal.size(); ++i)
          if (legal[i].from == a->from) list += " " + texts[i];
        if (!list.empty()) e.lines.push_back("legal moves from " + square(r, a->from) + ":" + list);
      }
      return e;
    }
  }
  e.lines.push_back(parsed.error().what);
  return e;
}

}  // namespace regula
