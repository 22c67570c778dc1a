// Attack detection against move generation. Attack detection (core/attacks.h) reads the
// rules backwards, from the target outwards; move generation reads them forwards. The
// definition is the forward one: a piece on site S is attacked when some enemy seat, given
// the move, would generate a move that captures on S. For positions from seeded random
// games of every bundled script (with each declared option value) and of the small scripts
// in tests/data/attack (which between them use every capture-rule kind and condition),
// this suite checks that:
//  * is_attacked on every occupied site equals that definition, and on a sample of empty
//    sites equals it with the piece asked about placed there;
//  * attack_map, for each piece of the side to move that avoids attack, equals is_attacked
//    with that piece moved to each empty site;
//  * legal_moves equals the pseudo-legal moves kept by making each one and testing, by the
//    definition, that it leaves no royal and no moved fearful piece attacked.
// Each case fails when it compared too little to mean anything. The named tests at the end
// keep the disagreements the comparison found.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <memory>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "core/attacks.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "notation/position_string.h"
#include "script/loader.h"
#include "script/lua_hooks.h"

namespace regula {
namespace {

namespace fs = std::filesystem;
using Rules = std::shared_ptr<const Ruleset>;

constexpr int kGames = 6;  // per bundled script and option
// Per test script: enough for each rule, en passant ones included, to capture often. Those
// whose attacks are found by generating moves (hops) or whose moves call Lua (an after
// hook) are ten times slower to compare, and play fewer.
constexpr int kOwnGames = 40;
constexpr int kOwnSlowGames = 8;
constexpr int kPlies = 300;
constexpr long kMinPairs = 1000;  // (site, position) pairs each script must check
constexpr int kMaxReports = 8;    // disagreements printed before a case gives up

// One script to play: a bundled name or a path, with options.
struct Case {
  std::string name;  // test name
  std::string spec;
  script::OptionList options;
  bool own = false;  // from tests/data/attack: each capture rule must be seen capturing
};

// gtest prints a parameter with each test's name; the script and options say it all.
void PrintTo(const Case& c, std::ostream* os) {
  *os << c.spec;
  for (const auto& [k, v] : c.options) *os << " " << k << "=" << v;
}

std::string sanitize(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const auto& s : script::bundled_scripts()) {
    auto r = script::load_rules(s.name);
    // Games whose pieces never capture by moving (mills remove by a later decision)
    // have no attacks to compare.
    if (r && std::none_of((*r)->rules.begin(), (*r)->rules.end(), [](const MoveRule& m) {
          return m.mode != Mode::kMove && m.kind != RuleKind::kDrop;
        }))
      continue;
    out.push_back({sanitize(s.name), s.name, {}, false});
    if (!r) continue;
    // Each declared option value besides the default, one at a time.
    for (const auto& [opt, values] : (*r)->declared_options) {
      std::string chosen;
      for (const auto& [k, v] : (*r)->options)
        if (k == opt) chosen = v;
      for (const auto& v : values)
        if (v != chosen)
          out.push_back({sanitize(s.name + "_" + opt + "_" + v), s.name, {{opt, v}}, false});
    }
  }
  std::vector<fs::path> own;
  for (const auto& e : fs::directory_iterator(fs::path(REGULA_TEST_DATA) / "attack"))
    if (e.path().extension() == ".lua") own.push_back(e.path());
  std::sort(own.begin(), own.end());
  for (const auto& p : own) out.push_back({"attack_" + sanitize(p.stem()), p.string(), {}, true});
  return out;
}

uint32_t seed_for(const std::string& name, int game) {
  uint32_t h = 2166136261u;
  for (char c : name) h = (h ^ static_cast<uint8_t>(c)) * 16777619u;
  return h ^ (static_cast<uint32_t>(game) * 0x9e3779b9u);
}

std::string move_text(const Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  auto name = [&](SiteId s) { return s == kNoSite ? std::string("?") : r.topology.name(s); };
  if (m.kind == MoveKind::kPass) return "pass";
  std::string s = m.kind == MoveKind::kDrop ? r.types[m.drop_type].name + "@" : name(m.from) + "-";
  s += name(m.to);
  for (int i = 0; i < m.ncap; ++i) s += (i ? "," : "x") + name(m.cap[i]);
  if (m.promote >= 0) s += "=" + r.types[m.promote].name;
  if (m.kind == MoveKind::kCastle) s += "+" + name(m.from2) + "-" + name(m.to2);
  return s;
}

bool same_move(const Move& a, const Move& b) {
  if (a.from != b.from || a.to != b.to || a.kind != b.kind || a.promote != b.promote ||
      a.drop_type != b.drop_type || a.set_flags != b.set_flags || a.rule != b.rule ||
      a.from2 != b.from2 || a.to2 != b.to2 || a.ep_set != b.ep_set || a.ncap != b.ncap ||
      a.npath != b.npath)
    return false;
  return std::equal(a.cap.begin(), a.cap.begin() + a.ncap, b.cap.begin()) &&
         std::equal(a.path.begin(), a.path.begin() + a.npath, b.path.begin());
}

// What the comparison saw, for the thresholds at the end of a case.
struct Tally {
  long pairs = 0;        // (occupied site, position) pairs compared
  long attacked = 0;     // of which attacked
  long empty_pairs = 0;  // (empty site, position) pairs compared
  long map_sites = 0;    // empty sites compared with an attack map
  long map_marked = 0;   // of which marked attacked
  long positions = 0;    // positions whose legal moves were compared
  long reports = 0;
  std::vector<long> captures;     // per rule: captures generated
  std::vector<long> ep_captures;  // per rule: en passant captures generated
};

// Sites on which seat e could capture at its next move: its pseudo-legal moves, generated
// as if it were to move. This is the definition attack detection must meet.
std::vector<uint8_t> reference_captures(const Position& pos, SeatId e, Tally* tally = nullptr) {
  Position copy = pos;
  copy.set_to_move(e);
  // The die thrown limits what moves now, not what could capture: every piece counts.
  copy.set_roll(0);
  MoveList ml;
  generate_pseudo(copy, ml);
  std::vector<uint8_t> hit(pos.num_sites(), 0);
  const Ruleset& r = pos.rules();
  for (const Move& m : ml) {
    bool took = false;
    if (m.to != kNoSite && m.from != m.to && copy.at(m.to) &&
        !r.allies(piece_seat(copy.at(m.to)), e)) {
      hit[m.to] = 1;
      took = true;
    }
    for (int i = 0; i < m.ncap; ++i) hit[m.cap[i]] = 1;
    if (tally && m.kind != MoveKind::kDrop && m.rule < tally->captures.size()) {
      if (took || m.ncap > 0) ++tally->captures[m.rule];
      if (m.ncap > 0 && r.rules[m.rule].takes_ep) ++tally->ep_captures[m.rule];
    }
  }
  return hit;
}

// Whether some enemy of seat, not out of the game, could capture on site.
bool reference_attacked(const Position& pos, SiteId site, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (SeatId e = 0; e < r.num_seats(); ++e)
    if (!r.allies(e, seat) && !pos.is_out(e) && reference_captures(pos, e)[site]) return true;
  return false;
}

// Whether the royal on site (of seat) sees an enemy royal along one of the
// directions its type may not face one in, with nothing between (the rule is
// no capture, so the generated moves above do not show it).
bool reference_faces(const Position& pos, SiteId site, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (DirId d : r.types[piece_type(pos.at(site))].facing) {
    SiteId s = r.topology.neighbor(site, d);
    while (s != kNoSite && !pos.at(s)) s = r.topology.neighbor(s, d);
    if (s != kNoSite && r.types[piece_type(pos.at(s))].royal &&
        !r.allies(piece_seat(pos.at(s)), seat) && !pos.is_inert(piece_seat(pos.at(s))))
      return true;
  }
  return false;
}

bool reference_in_check(const Position& pos, SeatId seat) {
  const Ruleset& r = pos.rules();
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    PieceCode c = pos.at(s);
    if (c && piece_seat(c) == seat && r.types[piece_type(c)].royal &&
        (reference_attacked(pos, s, seat) || reference_faces(pos, s, seat)))
      return true;
  }
  return false;
}

// After mover's move m: no royal of the mover attacked (with check) and, unless a capture
// has decided the game, the piece it moved not attacked if it avoids attack.
bool reference_safe(const Position& after, SeatId mover, const Move& m) {
  const Ruleset& r = after.rules();
  if (r.end.check && reference_in_check(after, mover)) return false;
  if (m.to != kNoSite && m.kind != MoveKind::kPass) {
    PieceCode c = after.at(m.to);
    if (c && piece_seat(c) == mover && r.types[piece_type(c)].fears_attack &&
        after.end_rule() < 0 && reference_attacked(after, m.to, mover))
      return false;
  }
  return true;
}

// Whether m, where it is an in-place promotion whose clause may not check or attack
// (Promotion::no_check, no_attack), obeys that by the definition: made, it leaves no enemy
// royal attacked, and the new piece, were its side to move again, has no capture.
bool reference_quiet(Position& pos, const Move& m) {
  const Ruleset& r = pos.rules();
  if (m.kind != MoveKind::kNormal || m.promote < 0 || r.rules[m.rule].kind != RuleKind::kPromote)
    return true;
  const Promotion& pr = r.types[piece_type(pos.at(m.from))].promotions[r.rules[m.rule].promotion];
  const SeatId me = pos.to_move();
  Undo u;
  pos.make(m, u);
  bool quiet = true;
  for (SeatId s = 0; pr.no_check && s < r.num_seats(); ++s)
    if (!r.allies(s, me) && !pos.is_out(s) && reference_in_check(pos, s)) quiet = false;
  if (pr.no_attack && quiet) {
    const SeatId next = pos.to_move();
    pos.set_to_move(me);
    MoveList own;
    generate_pseudo(pos, own);
    for (const Move& x : own)
      if (x.from == m.to && capture_count(pos, x) > 0) quiet = false;
    pos.set_to_move(next);
  }
  pos.unmake(m, u);
  return quiet;
}

// The legal moves by the definition: pseudo-legal moves that pass the script's filter and
// are safe once made, then the capture priority, then a forced pass, then the actions.
std::vector<Move> reference_legal(Position& pos) {
  const Ruleset& r = pos.rules();
  const SeatId me = pos.to_move();
  if (pos.awaiting_roll()) {
    // A throw of the dice is no matter of attack.
    MoveList throws;
    legal_moves(pos, throws);
    return {throws.begin(), throws.end()};
  }
  MoveList pseudo;
  generate_pseudo(pos, pseudo);
  std::vector<Move> out;
  Undo u;
  for (const Move& m : pseudo) {
    if (r.hooks && r.hooks->has_filter() && !r.hooks->filter(pos, m)) continue;
    if (banned_return(pos, m)) continue;  // not a matter of attack: the mill tests check it
    pos.make(m, u);
    bool safe = reference_safe(pos, me, m);
    pos.unmake(m, u);
    if (safe) out.push_back(m);
  }
  if (r.quiet_promotion_rule)
    std::erase_if(out, [&](const Move& m) { return !reference_quiet(pos, m); });
  if (r.capture_priority != CapturePriority::kFree) {
    int best = 0;
    for (const Move& m : out) best = std::max(best, capture_count(pos, m));
    if (best > 0) {
      std::erase_if(out, [&](const Move& m) {
        int c = capture_count(pos, m);
        return r.capture_priority == CapturePriority::kCompulsory ? c == 0 : c != best;
      });
      if (r.capture_priority == CapturePriority::kMaxCountThenValue) {
        int best_value = 0;
        for (const Move& m : out) best_value = std::max(best_value, capture_value(pos, m));
        std::erase_if(out, [&](const Move& m) { return capture_value(pos, m) != best_value; });
      }
    }
  }
  if (!r.capture_order.empty() && !out.empty() && capture_count(pos, out[0]) > 0) {
    // The priorities among captures are no matter of attack: the draughts tests check them.
    MoveList captures;
    for (const Move& m : out) captures.push(m);
    keep_best_captures(pos, r.capture_order, captures);
    out.assign(captures.begin(), captures.end());
  }
  // Drops that must be made when any can (Ruleset::must_drop), no matter of attack.
  if (r.must_drop &&
      std::any_of(out.begin(), out.end(), [](const Move& m) { return m.kind == MoveKind::kDrop; }))
    std::erase_if(out, [](const Move& m) { return m.kind != MoveKind::kDrop; });
  // Royals that face make an offer (Ruleset::facing_offer), no matter of attack: the
  // moves that keep the line open are dropped, and the pass that accepts stays open.
  const bool turn_start = pos.stage() < 0 && !pos.in_turn();
  const bool facing =
      !r.facing_offer.empty() && turn_start && royal_faces_enemy(pos, me, r.facing_offer);
  if (facing) {
    std::erase_if(out, [&](const Move& m) {
      pos.make(m, u);
      const bool still = royal_faces_enemy(pos, me, r.facing_offer);
      pos.unmake(m, u);
      return still;
    });
  }
  // The pass a seat may choose, unless in check (by the definition).
  if (r.voluntary_pass && turn_start && (facing || !r.end.check || !reference_in_check(pos, me)))
    out.push_back(Move::pass());
  if (out.empty()) {
    NoMoveEffect effect = r.end.check
                              ? (reference_in_check(pos, me) ? r.end.checkmate : r.end.stalemate)
                              : r.end.no_moves;
    if (effect == NoMoveEffect::kPass) out.push_back(Move::pass());
  }
  // Offers in place of a move are no matter of attack.
  if (!r.actions.empty() && pos.stage() < 0) {
    MoveList actions;
    add_actions(pos, actions);
    out.insert(out.end(), actions.begin(), actions.end());
  }
  return out;
}

class AttackDiff : public ::testing::TestWithParam<Case> {
 protected:
  // A disagreement; past kMaxReports they are only counted, and the case stops soon after.
  void report(const Position& pos, const std::string& what) {
    if (tally_.reports++ < kMaxReports)
      ADD_FAILURE() << GetParam().name << ": " << what << "\n  position: " << write_position(pos);
  }

  // is_attacked on every occupied site against the definition.
  void check_sites(const Position& pos) {
    const Ruleset& r = pos.rules();
    const int n = pos.num_sites();
    std::vector<std::vector<uint8_t>> hit(r.num_seats());
    for (SeatId e = 0; e < r.num_seats(); ++e)
      if (!pos.is_out(e)) hit[e] = reference_captures(pos, e, &tally_);
    for (SiteId s = 0; s < n; ++s) {
      PieceCode c = pos.at(s);
      if (!c) continue;
      const SeatId owner = piece_seat(c);
      bool want = false;
      for (SeatId e = 0; e < r.num_seats(); ++e)
        if (!r.allies(e, owner) && !pos.is_out(e)) want |= hit[e][s] != 0;
      const bool got = is_attacked(pos, s, owner, piece_type(c));
      ++tally_.pairs;
      tally_.attacked += want;
      if (got != want)
        report(pos, "is_attacked(" + r.topology.name(s) + ", " + r.seats[owner].name + ", " +
                        r.types[piece_type(c)].name + ") = " + (got ? "true" : "false") +
                        ", but the enemy's moves say " + (want ? "true" : "false"));
    }
  }

  // is_attacked on a few empty sites, for a piece of a random seat and type, against the
  // definition with that piece placed there (castling and the script's pos:attacked ask
  // about empty sites).
  void check_empty_sites(const Position& pos, std::mt19937& rng) {
    const Ruleset& r = pos.rules();
    std::uniform_int_distribution<int> site(0, pos.num_sites() - 1);
    std::uniform_int_distribution<int> seat(0, r.num_seats() - 1);
    std::uniform_int_distribution<int> type(0, static_cast<int>(r.types.size()) - 1);
    Position with = pos;
    for (int i = 0; i < 4; ++i) {
      const SiteId s = static_cast<SiteId>(site(rng));
      const SeatId d = static_cast<SeatId>(seat(rng));
      const TypeId t = static_cast<TypeId>(type(rng));
      if (pos.at(s)) continue;
      const bool got = is_attacked(pos, s, d, t);
      with.set_site(s, make_piece(t, d), 0);
      const bool want = reference_attacked(with, s, d);
      with.set_site(s, kEmpty, 0);
      ++tally_.empty_pairs;
      if (got != want)
        report(pos, "is_attacked(" + r.topology.name(s) + " (empty), " + r.seats[d].name + ", " +
                        r.types[t].name + ") = " + (got ? "true" : "false") +
                        ", but with that piece there the enemy's moves say " +
                        (want ? "true" : "false"));
    }
  }

  // attack_map of each fearful piece of the side to move against is_attacked with the
  // piece moved to each empty site (and no en passant pending, as after a quiet move).
  void check_maps(Position& pos) {
    const Ruleset& r = pos.rules();
    if (!r.any_fears_attack) return;
    const SeatId me = pos.to_move();
    for (SiteId v = 0; v < pos.num_sites(); ++v) {
      PieceCode c = pos.at(v);
      if (!c || piece_seat(c) != me || !r.types[piece_type(c)].fears_attack) continue;
      const TypeId t = piece_type(c);
      SiteSet map;
      const Position before = pos;
      const bool covered = attack_map(pos, me, t, v, map);
      if (!(pos == before)) report(pos, "attack_map changed the position");
      if (!covered) continue;
      Position after = pos;
      after.set_site(v, kEmpty, 0);
      after.set_ep(kNoSite, kNoSite);
      for (SiteId s = 0; s < pos.num_sites(); ++s) {
        if (after.at(s)) continue;
        after.set_site(s, c, 0);
        const bool got = map.test(s);
        const bool want = is_attacked(after, s, me, t);
        ++tally_.map_sites;
        tally_.map_marked += got;
        if (got != want)
          report(pos, "a " + r.types[t].name + " moving " + r.topology.name(v) + "-" +
                          r.topology.name(s) + ": attack_map says " + (got ? "true" : "false") +
                          ", is_attacked " + (want ? "true" : "false") + ", the enemy's moves " +
                          (reference_attacked(after, s, me) ? "true" : "false"));
        after.set_site(s, kEmpty, 0);
      }
    }
  }

  void check_legal(Position& pos) {
    // The decisions of a pending stage (a removal, a gift) are not moves of pieces;
    // the turn-model tests check them.
    if (pos.stage() >= 0) return;
    MoveList legal;
    legal_moves(pos, legal);
    const std::vector<Move> want = reference_legal(pos);
    ++tally_.positions;
    bool same = static_cast<size_t>(legal.size()) == want.size();
    for (size_t i = 0; same && i < want.size(); ++i) same = same_move(legal[i], want[i]);
    if (same) return;
    std::string extra, missing;
    for (const Move& m : legal)
      if (std::none_of(want.begin(), want.end(), [&](const Move& w) { return same_move(m, w); }))
        extra += " " + move_text(pos, m);
    for (const Move& w : want)
      if (std::none_of(legal.begin(), legal.end(), [&](const Move& m) { return same_move(m, w); }))
        missing += " " + move_text(pos, w);
    report(pos, "legal_moves differs from make-then-test: extra [" + extra + " ], missing [" +
                    missing + " ]");
  }

  Tally tally_;
};

TEST_P(AttackDiff, AgreesWithMoveGeneration) {
  const Case& c = GetParam();
  auto loaded = script::load_rules(c.spec, c.options);
  ASSERT_TRUE(loaded) << loaded.error().text();
  const Rules r = *loaded;
  tally_.captures.assign(r->rules.size(), 0);
  tally_.ep_captures.assign(r->rules.size(), 0);
  bool has_hops = false;
  for (const auto& rule : r->rules) has_hops |= rule.kind == RuleKind::kHop;
  const int games = !c.own ? kGames : has_hops || r->hooks ? kOwnSlowGames : kOwnGames;
  for (int g = 0; g < games && tally_.reports < kMaxReports; ++g) {
    std::mt19937 rng(seed_for(c.name, g));
    Position pos(r);
    MoveList ml;
    for (int ply = 0; ply < kPlies && tally_.reports < kMaxReports; ++ply) {
      if (decided_result(pos)) break;
      check_sites(pos);
      check_empty_sites(pos, rng);
      check_maps(pos);
      check_legal(pos);
      legal_moves(pos, ml);
      if (ml.empty()) break;
      std::uniform_int_distribution<int> pick(0, ml.size() - 1);
      Move m = ml[pick(rng)];
      Undo u;
      pos.make(m, u);
    }
  }
  auto err = script::hook_error(*r);
  EXPECT_FALSE(err) << err->text();
  EXPECT_GE(tally_.pairs, kMinPairs) << "too few (site, position) pairs compared";
  EXPECT_GT(tally_.attacked, 0) << "no attacked site found: the comparison saw nothing";
  EXPECT_GT(tally_.positions, 0);
  EXPECT_GT(tally_.empty_pairs, 0);
  if (r->any_fears_attack && !has_hops) {
    EXPECT_GT(tally_.map_sites, 0) << "no attack map compared";
    EXPECT_GT(tally_.map_marked, 0) << "no attack map marked a site";
  }
  if (!c.own) return;
  // Every rule of the test scripts that can capture must have been seen capturing, en
  // passant included, or the comparison did not exercise it.
  for (size_t i = 0; i < r->rules.size(); ++i) {
    const MoveRule& rule = r->rules[i];
    if (rule.kind == RuleKind::kCastle || rule.kind == RuleKind::kDrop) continue;
    bool type_captures = false;
    for (const auto& t : r->types)
      if (std::find(t.rules.begin(), t.rules.end(), static_cast<int>(i)) != t.rules.end())
        type_captures |= t.captures != 0;
    if (!type_captures) continue;
    if (has_mode(rule.mode, Mode::kCapture)) {
      EXPECT_GT(tally_.captures[i], 0) << rule.where << ": this rule never captured";
    }
    // A slide that may end a plain move on any empty site never takes en passant.
    if (rule.takes_ep && !(has_mode(rule.mode, Mode::kMove) && rule.to_region < 0)) {
      EXPECT_GT(tally_.ep_captures[i], 0) << rule.where << ": never captured en passant";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Scripts, AttackDiff, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return info.param.name;
                         });

// ---- Cases the comparison found, kept by name -------------------------------------------

Rules load_test_script(const std::string& name) {
  auto r = script::load_rules(std::string(REGULA_TEST_DATA) + "/attack/" + name + ".lua");
  EXPECT_TRUE(r) << r.error().text();
  return r ? *r : nullptr;
}

struct Put {
  const char* site;
  const char* type;
  int seat;
  const char* flag = nullptr;  // a once-per-game flag already used
};

SiteId at(const Rules& r, const char* name) {
  SiteId s = r->topology.find(name);
  EXPECT_NE(s, kNoSite) << name;
  return s;
}

// A position with only the pieces given, seat to_move to move.
Position setup(const Rules& r, std::initializer_list<Put> pieces, int to_move = 0) {
  Position pos = Position::empty(r);
  for (const Put& p : pieces) {
    const TypeId t = r->type_index(p.type);
    EXPECT_GE(t, 0) << p.type;
    uint8_t flags = 0;
    if (p.flag)
      for (size_t b = 0; b < r->flag_names.size(); ++b)
        if (r->flag_names[b] == p.flag) flags = static_cast<uint8_t>(1u << b);
    EXPECT_TRUE(!p.flag || flags) << p.flag;
    if (t >= 0) pos.set_site(at(r, p.site), make_piece(t, static_cast<SeatId>(p.seat)), flags);
  }
  pos.set_to_move(static_cast<SeatId>(to_move));
  return pos;
}

// is_attacked on the piece standing on site, which must agree with the enemy's moves.
bool attacked(const Position& pos, const char* name) {
  const SiteId s = at(pos.rules_ptr(), name);
  const PieceCode c = pos.at(s);
  EXPECT_NE(c, kEmpty) << name;
  if (!c) return false;
  const bool got = is_attacked(pos, s, piece_seat(c), piece_type(c));
  EXPECT_EQ(got, reference_attacked(pos, s, piece_seat(c)))
      << name << " in " << write_position(pos);
  return got;
}

std::vector<std::string> legal_texts(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  std::vector<std::string> out;
  for (const Move& m : ml) out.push_back(move_text(pos, m));
  std::vector<std::string> want;
  for (const Move& m : reference_legal(pos)) want.push_back(move_text(pos, m));
  EXPECT_EQ(out, want) << write_position(pos);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// A pawn that has just made its double step can be taken en passant: attack detection used
// to ignore en passant altogether.
TEST(AttackFound, EnPassantVictimIsAttacked) {
  auto r = script::load_rules("chess/orthodox");
  ASSERT_TRUE(r) << r.error().text();
  auto pos = read_position(*r, "r1bqkbnr/p2pp2p/n7/1Pp2pp1/6PP/2N5/1PPPPP2/R1BQKBNR w KQkq c6 0 6");
  ASSERT_TRUE(pos) << pos.error().text();
  EXPECT_TRUE(attacked(*pos, "c5"));
  pos->set_ep(kNoSite, kNoSite);
  EXPECT_FALSE(attacked(*pos, "c5"));
}

// A piece that avoids attack may not make a double step that leaves it capturable en
// passant; the attack-map shortcut used to let it (a7-a5). a7-a6 is attacked outright;
// a7-a4 passes a5, which no white piece reaches.
TEST(AttackFound, FearfulDoubleStepMayNotLeaveItCapturableEnPassant) {
  auto r = load_test_script("enpassant");
  ASSERT_TRUE(r);
  Position pos = setup(r, {{"a7", "page", 1}, {"b5", "pawn", 0}}, 1);
  auto legal = legal_texts(pos);
  EXPECT_FALSE(has(legal, "a7-a5"));
  EXPECT_FALSE(has(legal, "a7-a6"));
  EXPECT_TRUE(has(legal, "a7-a4"));
}

// Whether a promoting piece avoids attack is a question about the piece that arrives: a
// pawn promoting to an envoy (which avoids attack) used to be let onto an attacked square,
// and an envoy promoting to a queen (which does not) used to be kept off one.
TEST(AttackFound, PromotionJudgesThePieceThatArrives) {
  auto r = load_test_script("enpassant");
  ASSERT_TRUE(r);
  Position pos = setup(r, {{"e2", "pawn", 1}, {"d2", "envoy", 1}, {"a1", "queen", 0}}, 1);
  auto legal = legal_texts(pos);
  EXPECT_TRUE(has(legal, "e2-e1=queen"));
  EXPECT_FALSE(has(legal, "e2-e1=envoy"));
  EXPECT_TRUE(has(legal, "d2-d1=queen"));
  EXPECT_FALSE(has(legal, "d2-c3"));  // on the queen's diagonal, still an envoy
}

// Slides capture only onto their to region, from their from region, and while their
// once-per-game flag is clear; attack detection used to ignore all three.
TEST(AttackFound, SlideAttacksKeepRegionsAndOnceFlags) {
  auto r = load_test_script("slides");
  ASSERT_TRUE(r);
  // The south marker (range 2 to 5) ends only on south's marked squares: f6, not d7.
  Position marker = setup(r, {{"d4", "marker", 0}, {"d7", "rook", 1}, {"f6", "rook", 1}});
  EXPECT_FALSE(attacked(marker, "d7"));
  EXPECT_TRUE(attacked(marker, "f6"));
  // The zealot captures only from its own half (ranks 1 to 4 as south sees them).
  Position far = setup(r, {{"e5", "zealot", 0}, {"e7", "rook", 1}});
  EXPECT_FALSE(attacked(far, "e7"));
  Position near = setup(r, {{"e4", "zealot", 0}, {"e7", "rook", 1}});
  EXPECT_TRUE(attacked(near, "e7"));
  // The burst's capturing slide is once per game.
  Position fresh = setup(r, {{"b4", "burst", 0}, {"b7", "rook", 1}});
  EXPECT_TRUE(attacked(fresh, "b7"));
  Position spent = setup(r, {{"b4", "burst", 0, "burst"}, {"b7", "rook", 1}});
  EXPECT_FALSE(attacked(spent, "b7"));
}

// Leaps (destination tables) capture only onto their to region and from their from region.
TEST(AttackFound, TableAttacksKeepRegions) {
  auto r = load_test_script("leaps");
  ASSERT_TRUE(r);
  // White's zebra on d2 reaches f5, b5, g4 and a4; only g4 and a4 are in white's zone.
  Position zebra = setup(r, {{"d2", "zebra", 0}, {"f5", "knight", 1}, {"g4", "knight", 1}});
  EXPECT_FALSE(attacked(zebra, "f5"));
  EXPECT_TRUE(attacked(zebra, "g4"));
  // The camel captures only from white's first three ranks.
  Position high = setup(r, {{"c4", "camel", 0}, {"d7", "knight", 1}});
  EXPECT_FALSE(attacked(high, "d7"));
  Position low = setup(r, {{"c3", "camel", 0}, {"d6", "knight", 1}});
  EXPECT_TRUE(attacked(low, "d6"));
}

// Walks capture only onto their to region and while their once-per-game flag is clear.
TEST(AttackFound, WalkAttacksKeepRegionsAndOnceFlags) {
  auto r = load_test_script("walks");
  ASSERT_TRUE(r);
  // The padwar's two diagonal steps from c2 reach a4, c4 and e4; only e4 is in the zone.
  Position padwar = setup(r, {{"c2", "padwar", 0}, {"c4", "warrior", 1}, {"e4", "warrior", 1}});
  EXPECT_FALSE(attacked(padwar, "c4"));
  EXPECT_TRUE(attacked(padwar, "e4"));
  Position fresh = setup(r, {{"e1", "chief", 0}, {"e3", "warrior", 1}});
  EXPECT_TRUE(attacked(fresh, "e3"));
  Position spent = setup(r, {{"e1", "chief", 0, "rush"}, {"e3", "warrior", 1}});
  EXPECT_FALSE(attacked(spent, "e3"));
}

// A walk that crosses its own destination is blocked when a piece stands there. The looper
// on d4 reaches d5 by such walks only once c4 and e4 are blocked (by black pieces, which do
// not attack black's scout): d5 is then safe, for is_attacked on the empty square and for
// the attack map of a scout stepping there.
TEST(AttackFound, WalkThroughItsOwnDestinationDoesNotCapture) {
  auto r = load_test_script("walks");
  ASSERT_TRUE(r);
  Position pos = setup(
      r, {{"d4", "looper", 0}, {"c4", "warrior", 1}, {"e4", "warrior", 1}, {"c6", "scout", 1}}, 1);
  const TypeId scout = r->type_index("scout");
  EXPECT_FALSE(is_attacked(pos, at(r, "d5"), 1, scout));
  SiteSet map;
  ASSERT_TRUE(attack_map(pos, 1, scout, at(r, "c6"), map));
  EXPECT_FALSE(map.test(at(r, "d5")));
  EXPECT_TRUE(has(legal_texts(pos), "c6-d5"));
}

// Anywhere rules that capture: attack detection used to miss them, so a king could stay in
// check from a sniper, and attack maps marked every square, outside the sniper's zone too.
TEST(AttackFound, AnywhereCapturesAttack) {
  auto r = load_test_script("anywhere");
  ASSERT_TRUE(r);
  // Black's sniper strikes from its perches (c6, not c4) into its zone (d3, not e3).
  Position perched = setup(r, {{"c6", "sniper", 1}, {"d3", "pawn", 0}, {"e3", "pawn", 0}});
  EXPECT_TRUE(attacked(perched, "d3"));
  EXPECT_FALSE(attacked(perched, "e3"));
  Position off = setup(r, {{"c4", "sniper", 1}, {"d3", "pawn", 0}});
  EXPECT_FALSE(attacked(off, "d3"));
  // The assassin strikes anywhere, once.
  Position fresh = setup(r, {{"b6", "assassin", 1}, {"f4", "pawn", 0}});
  EXPECT_TRUE(attacked(fresh, "f4"));
  Position spent = setup(r, {{"b6", "assassin", 1, "strike"}, {"f4", "pawn", 0}});
  EXPECT_FALSE(attacked(spent, "f4"));
  // A timid piece on a1 may step to b2 (outside the zone) but not to b1 or a2.
  Position timid = setup(r, {{"c6", "sniper", 1}, {"a1", "timid", 0}});
  SiteSet map;
  ASSERT_TRUE(attack_map(timid, 0, r->type_index("timid"), at(r, "a1"), map));
  EXPECT_TRUE(map.test(at(r, "b1")));
  EXPECT_FALSE(map.test(at(r, "b2")));
  auto legal = legal_texts(timid);
  EXPECT_TRUE(has(legal, "a1-b2"));
  EXPECT_FALSE(has(legal, "a1-b1"));

  auto chess = load_test_script("check");
  ASSERT_TRUE(chess);
  Position check = setup(chess, {{"f1", "king", 0}, {"c6", "sniper", 1}, {"e8", "king", 1}});
  EXPECT_TRUE(in_check(check, 0));
  EXPECT_TRUE(reference_in_check(check, 0));
  for (const std::string& m : legal_texts(check)) EXPECT_NE(m, "f1-g1") << "g1 is in the zone";
}

// Asked about an empty square, attack detection used to count every enemy move there when
// hops were about, plain moves included: the black man on e3 may step to d2 but cannot take
// a piece there (c1 is occupied), while one on f2 it can take.
TEST(AttackFound, EmptySquareIsAttackedOnlyByCaptures) {
  auto r = load_test_script("hops");
  ASSERT_TRUE(r);
  Position pos = setup(r, {{"e3", "man", 1}, {"c1", "man", 0}, {"a1", "man", 0}});
  const TypeId man = r->type_index("man");
  EXPECT_FALSE(is_attacked(pos, at(r, "d2"), 0, man));
  EXPECT_TRUE(is_attacked(pos, at(r, "f2"), 0, man));
}

// A move that is no capture and not pinned may still uncover check when an after hook
// changes the board: Nd4-f5 sandwiches the pawn on g5, the hook removes it, and the rook on
// g8 then attacks the king on g4. The legality shortcut used to keep the move.
TEST(AttackFound, AfterHookCanUncoverCheck) {
  auto r = load_test_script("after");
  ASSERT_TRUE(r);
  Position pos = setup(r, {{"g4", "king", 0},
                           {"d4", "knight", 0},
                           {"h5", "pawn", 0},
                           {"b8", "king", 1},
                           {"g8", "rook", 1},
                           {"g5", "pawn", 1}});
  EXPECT_FALSE(in_check(pos, 0));
  auto legal = legal_texts(pos);
  EXPECT_FALSE(has(legal, "d4-f5"));
  EXPECT_TRUE(has(legal, "d4-e6"));
}

}  // namespace
}  // namespace regula
