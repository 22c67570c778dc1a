#include "notation/position_string.h"

#include "core/attacks.h"
#include "core/flow.h"
#include "core/position_bounds.h"
#include "core/position_sense.h"
#include "core/turns.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/move_text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <map>
#include <sstream>
#include <tuple>
#include <vector>

namespace regula {

namespace {

const char* const kGlobalNames[] = {"halfmove", "passes", "material_plies", "ply", "pot", "paid"};

// Everything a position string says, before it becomes a Position.
struct State {
  std::vector<std::pair<PieceCode, uint8_t>> board;  // per site
  std::array<int32_t, Position::kNumVars> vars{};
  SeatId to_move = 0;
  SiteId ep = kNoSite;
  SiteId ep_victim = kNoSite;
  int roll = 0;
  uint8_t out = 0;
  uint8_t frozen = 0;
  std::array<SeatId, kMaxSeats> controller{-1, -1, -1, -1, -1, -1, -1, -1};
  std::array<std::pair<int, int>, kMaxSeats> left{};  // (left_at, reason)
  int end_rule = -1;
  SeatId end_seat = 0;
  int stage = -1;
  SeatId owner = 0;
  SiteId anchor = kNoSite;
  int turn = 0;  // decisions of the turn in progress already made
  bool turn_reset = false;
  std::string phase;  // as written; checked against the position's own
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      out.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  out.push_back(cur);
  return out;
}

std::vector<std::string> words(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

bool parse_int(const std::string& s, int& v) {
  if (s.empty()) return false;
  const char* b = s.data();
  const char* e = b + s.size();
  auto [p, ec] = std::from_chars(b, e, v);
  return ec == std::errc() && p == e;
}

Error bad(const std::string& what) {
  return Error{"position", what};
}

// A piece of the text, quoted for a message.
std::string q(const std::string& text) {
  return "'" + excerpt(text) + "'";
}

// Reads a number that must lie in [lo, hi]; the error names the field and the range.
Status bounded_int(const std::string& text, const std::string& field, int lo, int hi, int& v) {
  if (parse_int(text, v) && v >= lo && v <= hi) return std::nullopt;
  return bad(field + " must be a number from " + std::to_string(lo) + " to " + std::to_string(hi) +
             ", not " + q(text));
}

std::string counter_name(const Ruleset& r, int k) {
  if (k < static_cast<int>(r.seat_counter_names.size())) return r.seat_counter_names[k];
  std::string out = "counter";
  out += std::to_string(k);
  return out;
}

std::string global_name(const Ruleset& r, int k) {
  if (k < static_cast<int>(std::size(kGlobalNames))) return kGlobalNames[k];
  // The moves a seat has made under an end condition that waits (ConditionEnd::moves).
  if (k >= kConditionMoves && k < kConditionMoves + kMaxCountedConditions * kMaxSeats &&
      (k - kConditionMoves) % kMaxSeats < r.num_seats())
    return "condition" + std::to_string((k - kConditionMoves) / kMaxSeats + 1) + "_moves." +
           r.seats[(k - kConditionMoves) % kMaxSeats].name;
  if (k == kCountLimit) return "count_limit";
  if (k == kCountPly) return "count_ply";
  std::string out = "global";
  out += std::to_string(k);
  return out;
}

// Whether FEN carries the running count of the counting rules in its en
// passant and halfmove fields, as Fairy-Stockfish writes it ("... w - 32 6 1":
// a limit of 32 plies, 6 counted); an en passant square keeps its field, and
// the count then follows as key=value fields.
bool fen_count_fields(const Position& pos) {
  return pos.rules().end.counting.on() && pos.global(kCountLimit) && pos.ep() == kNoSite;
}

std::string flag_name(const Ruleset& r, int bit) {
  if (bit < static_cast<int>(r.flag_names.size())) return r.flag_names[bit];
  if (r.gating.on() && (1u << bit) == kFlagGate) return "gate";
  std::string out = "f";
  out += std::to_string(bit);
  return out;
}

std::string flags_text(const Ruleset& r, uint8_t flags) {
  std::string out = "{";
  bool first = true;
  for (int b = 0; b < kMaxFlags; ++b)
    if ((flags >> b) & 1) {
      if (!first) out += '+';
      out += flag_name(r, b);
      first = false;
    }
  return out + "}";
}

Status parse_flags(const Ruleset& r, const std::string& inner, uint8_t& flags) {
  flags = 0;
  if (inner.empty()) return std::nullopt;
  for (auto& f : split(inner, '+')) {
    int bit = -1;
    for (int b = 0; b < kMaxFlags; ++b)
      if (flag_name(r, b) == f) bit = b;
    if (bit < 0) return bad("unknown piece flag " + q(f));
    if ((flags >> bit) & 1) return bad("piece flag " + q(f) + " is given twice");
    flags |= static_cast<uint8_t>(1u << bit);
  }
  return std::nullopt;
}

bool symbol_unique(const Ruleset& r, const std::string& sym) {
  int n = 0;
  for (auto& t : r.types)
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (t.symbol[s] == sym) ++n;
  return n == 1;
}

// A symbol of two characters, '+' and a letter, as FEN writes promoted pieces
// (shogi's +R), needs no parentheses.
bool plus_symbol(const std::string& sym) {
  return sym.size() == 2 && sym[0] == '+' && std::isalpha(static_cast<unsigned char>(sym[1]));
}

std::string piece_text(const Ruleset& r, PieceCode code) {
  const PieceType& t = r.types[piece_type(code)];
  SeatId s = piece_seat(code);
  const std::string& sym = t.symbol[s];
  if (!symbol_unique(r, sym)) return "(" + t.name + "@" + r.seats[s].name + ")";
  if (sym.size() == 1 || plus_symbol(sym)) return sym;
  return "(" + sym + ")";
}

PieceCode piece_from_text(const Ruleset& r, const std::string& text) {
  auto at = text.find('@');
  if (at != std::string::npos) {
    TypeId t = -1;
    for (TypeId i = 0; i < static_cast<TypeId>(r.types.size()); ++i)
      if (r.types[i].name == text.substr(0, at)) t = i;
    SeatId s = r.seat_index(text.substr(at + 1));
    if (t < 0 || s < 0) return kEmpty;
    return make_piece(t, s);
  }
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (r.types[t].symbol[s] == text) return make_piece(t, s);
  return kEmpty;
}

// Reads one piece (and its flags) from text at i; advances i.
Status read_piece(const Ruleset& r, const std::string& text, size_t& i, PieceCode& code,
                  uint8_t& flags) {
  std::string tok;
  if (text[i] == '(') {
    auto close = text.find(')', i);
    if (close == std::string::npos) return bad("missing ')' in board");
    tok = text.substr(i + 1, close - i - 1);
    i = close + 1;
  } else if (text[i] == '+' && i + 1 < text.size() && piece_from_text(r, text.substr(i, 2))) {
    tok = text.substr(i, 2);
    i += 2;
  } else {
    tok = text.substr(i, 1);
    ++i;
  }
  code = piece_from_text(r, tok);
  if (code == kEmpty) return bad("unknown piece " + q(tok));
  if (piece_seat(code) >= r.num_seats()) return bad("piece " + q(tok) + " has no seat");
  flags = 0;
  // '~' after a piece: it was promoted (Ruleset::promoted_flag), as FEN writes it.
  if (i < text.size() && text[i] == '~' && r.promoted_flag) {
    flags |= r.promoted_flag;
    ++i;
  }
  if (i < text.size() && text[i] == '{') {
    auto close = text.find('}', i);
    if (close == std::string::npos) return bad("missing '}' in board");
    uint8_t more = 0;
    if (auto st = parse_flags(r, text.substr(i + 1, close - i - 1), more)) return st;
    flags |= more;
    i = close + 1;
  }
  return std::nullopt;
}

// with_flags: every flag in braces; otherwise (FEN) only the promoted flag, as '~'.
std::string write_board(const Position& pos, bool with_flags) {
  const Ruleset& r = pos.rules();
  const Topology& topo = r.topology;
  std::string out;
  if (topo.is_grid()) {
    for (int y = topo.height() - 1; y >= 0; --y) {
      int empty = 0;
      for (int x = 0; x < topo.width(); ++x) {
        SiteId s = topo.at(x, y);
        if (s == kNoSite || pos.at(s) == kEmpty) {
          ++empty;
          continue;
        }
        if (empty) out += std::to_string(empty);
        empty = 0;
        out += piece_text(r, pos.at(s));
        if (with_flags && pos.flags(s)) out += flags_text(r, pos.flags(s));
        if (!with_flags && (pos.flags(s) & r.promoted_flag)) out += '~';
      }
      if (empty) out += std::to_string(empty);
      if (y > 0) out += '/';
    }
    return out;
  }
  for (SiteId s = 0; s < pos.num_sites(); ++s) {
    if (pos.at(s) == kEmpty) continue;
    if (!out.empty()) out += ',';
    out += topo.name(s) + ":" + piece_text(r, pos.at(s));
    if (with_flags && pos.flags(s)) out += flags_text(r, pos.flags(s));
  }
  return out.empty() ? "-" : out;
}

Status read_board(const Ruleset& r, const std::string& text, State& st) {
  const Topology& topo = r.topology;
  st.board.assign(topo.size(), {kEmpty, 0});
  if (topo.is_grid()) {
    auto ranks = split(text, '/');
    if (static_cast<int>(ranks.size()) != topo.height())
      return bad("the board has " + std::to_string(topo.height()) + " ranks, the text " +
                 std::to_string(ranks.size()));
    for (int k = 0; k < topo.height(); ++k) {
      const std::string& rank = ranks[k];
      int y = topo.height() - 1 - k;
      int x = 0;
      size_t i = 0;
      const std::string rank_name = "rank " + std::to_string(y + 1);
      const std::string too_long =
          rank_name + " has more than " + std::to_string(topo.width()) + " squares";
      while (i < rank.size()) {
        if (std::isdigit(static_cast<unsigned char>(rank[i]))) {
          // An empty run: its digits are read no further than the board is wide.
          size_t end = i;
          while (end < rank.size() && std::isdigit(static_cast<unsigned char>(rank[end]))) ++end;
          const std::string digits = rank.substr(i, end - i);
          int n = 0;
          if (auto e = bounded_int(digits, rank_name + ": an empty run", 1, topo.width(), n))
            return e;
          if (n > topo.width() - x) return bad(too_long);
          x += n;
          i = end;
          continue;
        }
        PieceCode code;
        uint8_t flags;
        if (auto e = read_piece(r, rank, i, code, flags)) return e;
        if (x >= topo.width()) return bad(too_long);
        SiteId s = topo.at(x, y);
        if (s == kNoSite) return bad("no site at file " + std::to_string(x + 1));
        st.board[s] = {code, flags};
        ++x;
      }
      if (x != topo.width())
        return bad("rank " + std::to_string(y + 1) + " has " + std::to_string(x) +
                   " squares, not " + std::to_string(topo.width()));
    }
    return std::nullopt;
  }
  if (text == "-") return std::nullopt;
  for (auto& item : split(text, ',')) {
    auto colon = item.find(':');
    if (colon == std::string::npos) return bad("expected site:piece, got " + q(item));
    SiteId s = topo.find(item.substr(0, colon));
    if (s == kNoSite) return bad("unknown site " + q(item.substr(0, colon)));
    size_t i = colon + 1;
    if (i >= item.size()) return bad("missing piece after " + q(item));
    PieceCode code;
    uint8_t flags;
    if (auto e = read_piece(r, item, i, code, flags)) return e;
    if (i != item.size()) return bad("unexpected text in " + q(item));
    if (st.board[s].first != kEmpty) return bad("site " + topo.name(s) + " is given twice");
    st.board[s] = {code, flags};
  }
  return std::nullopt;
}

// --- FEN castling --------------------------------------------------------------

struct CastleSide {
  SeatId seat;
  SiteId king;
  DirId dir;
  std::vector<SiteId> partners;  // along dir, nearest first
};

std::vector<CastleSide> castle_sides(const Ruleset& r, const State& st) {
  std::vector<CastleSide> out;
  for (SeatId s = 0; s < std::min(r.num_seats(), 2); ++s) {
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      bool found = false;
      for (int ri : r.types[t].rules) {
        const MoveRule& rule = r.rules[ri];
        if (rule.kind != RuleKind::kCastle) continue;
        for (SiteId k = 0; k < r.topology.size(); ++k) {
          if (st.board[k].first != make_piece(t, s)) continue;
          CastleSide side{s, k, rule.castle_dir, {}};
          for (SiteId x = r.topology.neighbor(k, rule.castle_dir); x != kNoSite;
               x = r.topology.neighbor(x, rule.castle_dir))
            if (st.board[x].first == make_piece(rule.castle_partner, s) &&
                (rule.castle_site[s] == kNoSite || x == rule.castle_site[s]))
              side.partners.push_back(x);
          out.push_back(side);
          found = true;
          break;
        }
      }
      if (found) break;
    }
  }
  return out;
}

std::string file_letter(const Topology& topo, SiteId s) {
  return std::string(1, static_cast<char>('a' + topo.x(s)));
}

std::string castling_field(const Ruleset& r, const State& st) {
  std::string out[2];
  for (auto& side : castle_sides(r, st)) {
    if (st.board[side.king].second & kFlagMoved) continue;
    for (int i = static_cast<int>(side.partners.size()) - 1; i >= 0; --i) {
      SiteId p = side.partners[i];
      if (st.board[p].second & kFlagMoved) continue;
      std::string c;
      if (i + 1 == static_cast<int>(side.partners.size()))
        c = r.topology.x(p) > r.topology.x(side.king) ? "k" : "q";
      else
        c = file_letter(r.topology, p);
      if (side.seat == 0) c[0] = static_cast<char>(std::toupper(c[0]));
      out[side.seat] += c;
      break;
    }
  }
  // K before Q, as FEN writes them.
  for (auto& o : out)
    std::sort(o.begin(), o.end(), [](char a, char b) {
      auto rank = [](char c) {
        c = static_cast<char>(std::tolower(c));
        return c == 'k' ? 0 : c == 'q' ? 1 : 2;
      };
      return rank(a) < rank(b);
    });
  std::string all = out[0] + out[1];
  return all.empty() ? "-" : all;
}

// Sets the flags the castling field implies on every piece that tracks moving.
Status apply_castling(const Ruleset& r, const std::string& field, State& st) {
  std::vector<SiteId> granted;
  auto sides = castle_sides(r, st);
  if (field != "-") {
    for (size_t i = 0; i < field.size(); ++i) {
      const char c = field[i];
      // Each letter grants one partner once: a repeated letter (a field of any
      // length) would only make the reader slow.
      if (field.find(c) != i) return bad(std::string("castling field repeats '") + c + "'");
      SeatId seat = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
      char lc = static_cast<char>(std::tolower(c));
      SiteId partner = kNoSite;
      for (auto& side : sides) {
        if (side.seat != seat || side.partners.empty()) continue;
        if (lc == 'k' || lc == 'q') {
          SiteId p = side.partners.back();
          bool east = r.topology.x(p) > r.topology.x(side.king);
          if (east == (lc == 'k')) partner = p;
        } else {
          for (SiteId p : side.partners)
            if (file_letter(r.topology, p)[0] == lc) partner = p;
        }
      }
      if (partner == kNoSite) return bad("no castling partner for " + q(std::string(1, c)));
      granted.push_back(partner);
    }
  }
  std::vector<bool> is_king(r.topology.size()), is_partner_type(kMaxTypes);
  for (auto& side : sides) is_king[side.king] = true;
  for (auto& rule : r.rules)
    if (rule.kind == RuleKind::kCastle && rule.castle_partner >= 0)
      is_partner_type[rule.castle_partner] = true;
  for (SiteId s = 0; s < r.topology.size(); ++s) {
    auto& [code, flags] = st.board[s];
    if (code == kEmpty || !r.types[piece_type(code)].track_moved) continue;
    bool moved;
    if (is_king[s]) {
      moved = true;
      for (auto& side : sides)
        if (side.king == s)
          for (SiteId g : granted)
            if (std::find(side.partners.begin(), side.partners.end(), g) != side.partners.end())
              moved = false;
    } else if (is_partner_type[piece_type(code)]) {
      moved = std::find(granted.begin(), granted.end(), s) == granted.end();
    } else {
      moved = std::find(r.setup.begin(), r.setup.end(), std::make_pair(s, code)) == r.setup.end();
    }
    flags = moved ? (flags | kFlagMoved) : (flags & ~kFlagMoved);
  }
  return std::nullopt;
}

// --- FEN gating rights ------------------------------------------------------
// Rules with gating (Ruleset::Gating) write the rights in the castling field,
// as Fairy-Stockfish's seirawan does: K and Q (k, q) also give the right to
// the king and that rook, any other letter to the piece on that file of the
// seat's gating region (KQBCDFGkqbcdfg at the start). A seat with nothing in
// hand to gate has no rights, and none are written.

// The king and partner sites a castling letter of the field names, or none.
std::pair<SiteId, SiteId> castle_letter_sites(const Ruleset& r,
                                              const std::vector<CastleSide>& sides, char c) {
  const SeatId seat = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
  const char lc = static_cast<char>(std::tolower(c));
  for (auto& side : sides) {
    if (side.seat != seat || side.partners.empty() || (lc != 'k' && lc != 'q')) continue;
    const SiteId p = side.partners.back();
    if ((r.topology.x(p) > r.topology.x(side.king)) == (lc == 'k')) return {side.king, p};
  }
  return {kNoSite, kNoSite};
}

bool may_gate(const Ruleset& r, const State& st, SeatId seat) {
  if (r.captures_to_hand) return true;
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
    if (r.gating.gates(t) && st.vars[Position::kHandBase + seat * kMaxTypes + t] > 0) return true;
  return false;
}

// The site of the seat's gating region on the file letter names, or kNoSite.
SiteId gate_site(const Ruleset& r, SeatId seat, char letter) {
  const Region& g = r.regions[r.gating.region];
  for (SiteId s = 0; s < r.topology.size(); ++s)
    if (g.contains(seat, s) && 'a' + r.topology.x(s) == letter) return s;
  return kNoSite;
}

// The castling field with each seat's gating letters after its castling ones.
std::string gating_field(const Ruleset& r, const State& st, const std::string& castling) {
  const auto sides = castle_sides(r, st);
  std::string out[2];
  std::vector<bool> implied(r.topology.size());
  for (char c : castling) {
    if (c == '-') continue;
    out[std::isupper(static_cast<unsigned char>(c)) ? 0 : 1] += c;
    auto [king, partner] = castle_letter_sites(r, sides, c);
    if (king != kNoSite) implied[king] = implied[partner] = true;
  }
  for (SeatId seat = 0; seat < std::min(r.num_seats(), 2); ++seat) {
    if (!may_gate(r, st, seat)) continue;
    for (int x = 0; x < r.topology.width(); ++x) {
      const SiteId s = gate_site(r, seat, static_cast<char>('a' + x));
      if (s == kNoSite || implied[s] || !(st.board[s].second & kFlagGate) ||
          piece_seat(st.board[s].first) != seat || st.board[s].first == kEmpty)
        continue;
      out[seat] += static_cast<char>((seat == 0 ? 'A' : 'a') + x);
    }
  }
  const std::string all = out[0] + out[1];
  return all.empty() ? "-" : all;
}

// The castling letters of the field (K, Q, k, q), for apply_castling.
std::string castling_letters(const Ruleset& r, const std::string& field) {
  if (!r.gating.on()) return field;
  std::string out;
  for (char c : field)
    if (std::strchr("KQkq", c)) out += c;
  return out.empty() ? "-" : out;
}

// Sets the gating rights the field gives (after apply_castling).
Status apply_gates(const Ruleset& r, const std::string& field, State& st) {
  for (auto& [code, flags] : st.board) flags &= static_cast<uint8_t>(~kFlagGate);
  const auto sides = castle_sides(r, st);
  for (char c : field) {
    if (c == '-') continue;
    const SeatId seat = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
    if (seat >= r.num_seats() || !may_gate(r, st, seat)) continue;
    SiteId sites[2] = {kNoSite, kNoSite};
    if (std::strchr("KQkq", c)) {
      std::tie(sites[0], sites[1]) = castle_letter_sites(r, sides, c);
    } else {
      sites[0] = gate_site(r, seat, static_cast<char>(std::tolower(c)));
      if (sites[0] == kNoSite || st.board[sites[0]].first == kEmpty ||
          piece_seat(st.board[sites[0]].first) != seat)
        return bad("castling field: no piece of " + r.seats[seat].name + " to gate on file " +
                   q(std::string(1, static_cast<char>(std::tolower(c)))));
    }
    for (SiteId x : sites)
      if (x != kNoSite) st.board[x].second |= kFlagGate;
  }
  return std::nullopt;
}

SiteId fen_ep_victim(const Ruleset& r, const State& st, SiteId ep) {
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (s == st.to_move) continue;
    DirId fwd = rotate(static_cast<DirId>(kN), r.seats[s].facing);
    SiteId v = r.topology.neighbor(ep, fwd);
    if (v != kNoSite && st.board[v].first != kEmpty && piece_seat(st.board[v].first) == s) return v;
  }
  return kNoSite;
}

int seat_index(const Ruleset& r, SeatId s) {
  // Position of s in the turn order counted from the first seat.
  const auto& order = r.turn_order;
  if (order.empty()) return (s - r.first + r.num_seats()) % r.num_seats();
  int first = 0, me = 0;
  for (size_t i = 0; i < order.size(); ++i) {
    if (order[i] == r.first) first = static_cast<int>(i);
    if (order[i] == s) me = static_cast<int>(i);
  }
  return (me - first + static_cast<int>(order.size())) % static_cast<int>(order.size());
}

int cycle_length(const Ruleset& r) {
  return r.turn_order.empty() ? r.num_seats() : static_cast<int>(r.turn_order.size());
}

// --- Key=value fields ---------------------------------------------------------

std::string list_text(const std::vector<int>& v) {
  std::string out;
  for (size_t i = 0; i < v.size(); ++i) {
    if (i) out += ',';
    out += std::to_string(v[i]);
  }
  return out;
}

void write_extras(const Position& pos, bool fen, std::vector<std::string>& out) {
  const Ruleset& r = pos.rules();
  if (!fen) {
    for (SeatId s = 0; s < r.num_seats(); ++s) {
      std::string h;
      for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
        if (pos.hand(s, t))
          h += (h.empty() ? "" : ",") + r.types[t].name + ":" + std::to_string(pos.hand(s, t));
      if (!h.empty()) out.push_back("hand." + r.seats[s].name + "=" + h);
    }
  }
  for (int k = 0; k < kMaxSeatCounters; ++k) {
    std::vector<int> v;
    bool any = false;
    for (SeatId s = 0; s < kMaxSeats; ++s) {
      if (s < r.num_seats()) v.push_back(pos.counter(s, k));
      if (pos.counter(s, k)) any = true;
    }
    if (!any) continue;
    std::string item = counter_name(r, k);
    item += '=';
    item += list_text(v);
    out.push_back(item);
  }
  for (int k = 0; k < kMaxGlobalCounters; ++k) {
    if ((fen && (k == kHalfmove || k == kPly)) || k == kSinceReset) continue;
    if (k == kChecksInARow || k == kChecksInARow + 1) continue;
    if (fen && fen_count_fields(pos) && (k == kCountLimit || k == kCountPly)) continue;
    if (pos.global(k)) out.push_back(global_name(r, k) + "=" + std::to_string(pos.global(k)));
  }
  // The halfmove field holds the count.
  if (fen && fen_count_fields(pos) && pos.global(kHalfmove))
    out.push_back("halfmove=" + std::to_string(pos.global(kHalfmove)));
  if (!fen && pos.ep() != kNoSite)
    out.push_back("ep=" + r.topology.name(pos.ep()) + ":" +
                  (pos.ep_victim() == kNoSite ? "-" : r.topology.name(pos.ep_victim())));
  if (pos.roll()) out.push_back("roll=" + roll_text(r, pos.roll()));
  if (pos.stage() >= 0)
    out.push_back("stage=" + r.stages[pos.stage()].name + ":" + r.seats[pos.owner()].name +
                  (pos.anchor() == kNoSite ? "" : ":" + r.topology.name(pos.anchor())));
  // What the rest of a turn in progress cannot show: a decision of it that
  // resets the move-rule clock at the turn's end.
  if (pos.in_turn() && pos.turn_reset())
    out.push_back("turn=" + std::to_string(pos.turn_decisions()) + ":reset");
  std::string outs, frozen, control, left;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    const std::string& name = r.seats[s].name;
    if (pos.is_out(s)) outs += (outs.empty() ? "" : ",") + name;
    if (pos.seat_state(s) == SeatState::kFrozen) frozen += (frozen.empty() ? "" : ",") + name;
    if (pos.controller(s) != s)
      control += (control.empty() ? "" : ",") + name + ":" + r.seats[pos.controller(s)].name;
    if (pos.left_at(s))
      left += (left.empty() ? "" : ",") + name + ":" + std::to_string(pos.left_at(s)) + ":" +
              std::to_string(pos.left_reason(s));
  }
  if (!outs.empty()) out.push_back("out=" + outs);
  if (!frozen.empty()) out.push_back("frozen=" + frozen);
  if (!control.empty()) out.push_back("control=" + control);
  if (!left.empty()) out.push_back("left=" + left);
  if (pos.end_rule() >= 0)
    out.push_back("end=" + std::to_string(pos.end_rule()) + ":" + r.seats[pos.end_seat()].name);
  std::string bans;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (pos.ban_from(s) != kNoSite)
      bans += (bans.empty() ? "" : ",") + r.seats[s].name + ":" + r.topology.name(pos.ban_from(s)) +
              "-" + r.topology.name(pos.ban_to(s));
  if (!bans.empty()) out.push_back("return_ban=" + bans);
  if (!fen && current_phase(pos) >= 0) out.push_back("phase=" + r.phases[current_phase(pos)].name);
}

// hand.SEAT=type:n,...: each type once, each count within what the rules can give.
Status read_hand(const Ruleset& r, const std::string& key, const std::string& val, State& st) {
  SeatId s = r.seat_index(key.substr(5));
  if (s < 0) return bad("unknown seat in " + q(key));
  std::vector<TypeId> named;
  for (auto& item : split(val, ',')) {
    auto c = item.find(':');
    TypeId t = c == std::string::npos ? -1 : r.type_index(item.substr(0, c));
    if (t < 0) return bad("bad hand item " + q(item) + " (type:count)");
    if (std::find(named.begin(), named.end(), t) != named.end())
      return bad(key + " gives " + r.types[t].name + " twice");
    named.push_back(t);
    int n;
    if (auto e = bounded_int(item.substr(c + 1), key + " count of " + r.types[t].name, 0,
                             hand_bound(r, s, t), n))
      return e;
    st.vars[Position::kHandBase + s * kMaxTypes + t] = n;
  }
  return std::nullopt;
}

// flags=site{a+b},...: each site once.
Status read_flags(const Ruleset& r, const std::string& val, State& st) {
  std::vector<SiteId> flagged;
  for (auto& item : split(val, ',')) {
    auto b = item.find('{');
    if (b == std::string::npos || item.back() != '}')
      return bad("bad flags item " + q(item) + " (site{flag+...})");
    SiteId s = r.topology.find(item.substr(0, b));
    if (s == kNoSite) return bad("unknown site in " + q(item));
    if (std::find(flagged.begin(), flagged.end(), s) != flagged.end())
      return bad("flags names " + r.topology.name(s) + " twice");
    flagged.push_back(s);
    if (auto e = parse_flags(r, item.substr(b + 1, item.size() - b - 2), st.board[s].second))
      return e;
  }
  return std::nullopt;
}

// The readers of read_extra's named fields, each given the key and its value.
Status read_ep(const Ruleset& r, const std::string& key, const std::string& val, State& st) {
  auto parts = split(val, ':');
  if (parts.size() != 2) return bad("ep needs site:victim, not " + q(val));
  st.ep = r.topology.find(parts[0]);
  st.ep_victim = r.topology.find(parts[1]);
  if (st.ep == kNoSite || st.ep_victim == kNoSite)
    return bad(q(key + "=" + val) +
               " needs the site passed over and the site of the piece that may be taken");
  return std::nullopt;
}

Status read_roll(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  if (!r.dice.enabled()) return bad(q("roll=" + val) + ", but this game has no dice");
  auto dice = split(val, '+');
  if (dice.size() > static_cast<size_t>(r.dice.count))
    return bad("roll " + q(val) + " has more dice than the " + std::to_string(r.dice.count) +
               " thrown at a time");
  std::vector<int> values;
  for (auto& d : dice) {
    int v;
    if (!parse_int(d, v) ||
        std::find(r.dice.faces.begin(), r.dice.faces.end(), v) == r.dice.faces.end())
      return bad("roll " + q(val) + ": " + q(d) + " is not a face of the die");
    values.push_back(v);
  }
  std::sort(values.rbegin(), values.rend());
  st.roll = 0;
  for (size_t k = 0; k < values.size(); ++k) st.roll |= values[k] << (5 * k);
  return std::nullopt;
}

Status read_out_or_frozen(const Ruleset& r, const std::string& key, const std::string& val,
                          State& st) {
  for (auto& name : split(val, ',')) {
    SeatId s = r.seat_index(name);
    if (s < 0) return bad("unknown seat " + q(name) + " in " + key);
    (key == "out" ? st.out : st.frozen) |= static_cast<uint8_t>(1u << s);
  }
  if (st.out & st.frozen) return bad("a seat cannot be both out and frozen");
  return std::nullopt;
}

Status read_control(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  for (auto& item : split(val, ',')) {
    auto parts = split(item, ':');
    SeatId s = parts.size() == 2 ? r.seat_index(parts[0]) : -1;
    SeatId by = parts.size() == 2 ? r.seat_index(parts[1]) : -1;
    if (s < 0 || by < 0) return bad("bad control item " + q(item) + " (seat:commander)");
    if (st.controller[s] >= 0) return bad("control names " + r.seats[s].name + " twice");
    st.controller[s] = by;
  }
  return std::nullopt;
}

Status read_left(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  for (auto& item : split(val, ',')) {
    auto parts = split(item, ':');
    SeatId s = parts.size() == 3 ? r.seat_index(parts[0]) : -1;
    if (s < 0) return bad("bad left item " + q(item) + " (seat:ply:reason)");
    // 1 + the ply the seat left at; the reason as Position::left_reason gives it.
    const int reasons = std::min(1 + static_cast<int>(r.end.on_capture.size()), 127);
    int at = 0, why = 0;
    if (auto e = bounded_int(parts[1], "left ply of " + parts[0], 1, kMaxCounterValue + 1, at))
      return e;
    const int least = r.end.leave.terms.empty() ? -1 : kLeftByLeave;
    if (auto e = bounded_int(parts[2], "left reason of " + parts[0], least, reasons, why)) return e;
    st.left[s] = {at, why};
  }
  return std::nullopt;
}

Status read_stage(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  auto parts = split(val, ':');
  const bool ok = parts.size() == 2 || parts.size() == 3;
  int i = ok ? r.stage_index(parts[0]) : -1;
  SeatId owner = ok ? r.seat_index(parts[1]) : -1;
  SiteId anchor = parts.size() == 3 ? r.topology.find(parts[2]) : kNoSite;
  if (i < 0 || owner < 0 || (parts.size() == 3 && anchor == kNoSite))
    return bad("bad stage " + q(val) + " (stage:seat whose turn it is[:site])");
  if (r.stages[i].choice == Stage::Choice::kPromote && anchor == kNoSite)
    return bad("stage " + q(val) + " needs the site of the piece that promotes");
  if (r.stages[i].choice == Stage::Choice::kPlace && anchor == kNoSite)
    return bad("stage " + q(val) + " needs the site its placement is reached from");
  st.stage = i;
  st.owner = owner;
  st.anchor = anchor;
  return std::nullopt;
}

Status read_turn(const Ruleset&, const std::string&, const std::string& val, State& st) {
  // The decisions of the turn in progress already made, and whether one of
  // them reset the move-rule clock (which moves once, at the turn's end).
  auto parts = split(val, ':');
  if (parts.empty() || parts.size() > 2 || (parts.size() == 2 && parts[1] != "reset"))
    return bad("bad turn " + q(val) + " (decisions made in the turn[:reset])");
  if (auto e = bounded_int(parts[0], "turn", 1, kMaxTurnDecisions, st.turn)) return e;
  st.turn_reset = parts.size() == 2;
  return std::nullopt;
}

Status read_return_ban(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  if (r.return_ban == ReturnBan::kNone)
    return bad("return_ban=" + val + ", but this game has none");
  for (auto& item : split(val, ',')) {
    auto c = item.find(':');
    auto d = item.find('-', c == std::string::npos ? 0 : c);
    SeatId s = c == std::string::npos ? -1 : r.seat_index(item.substr(0, c));
    SiteId from = d == std::string::npos ? kNoSite : r.topology.find(item.substr(c + 1, d - c - 1));
    SiteId to = d == std::string::npos ? kNoSite : r.topology.find(item.substr(d + 1));
    if (s < 0 || from == kNoSite || to == kNoSite || from == to)
      return bad("bad return_ban item '" + item + "' (seat:from-to)");
    st.vars[Position::kBanBase + s] = 1 + from * r.topology.size() + to;
  }
  return std::nullopt;
}

Status read_phase(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  if (r.phases.empty()) return bad("phase=" + val + ", but this game has no phases");
  st.phase = val;
  return std::nullopt;
}

Status read_end(const Ruleset& r, const std::string&, const std::string& val, State& st) {
  auto parts = split(val, ':');
  int rule;
  if (parts.size() != 2 || !parse_int(parts[0], rule) || rule < 0 ||
      rule >= static_cast<int>(r.end.on_capture.size()) || r.seat_index(parts[1]) < 0)
    return bad("bad end " + q(val) + " (capture rule 0 to " +
               std::to_string(static_cast<int>(r.end.on_capture.size()) - 1) + ":seat)");
  st.end_rule = rule;
  st.end_seat = r.seat_index(parts[1]);
  return std::nullopt;
}

Status read_extra(const Ruleset& r, const std::string& field, State& st) {
  auto eq = field.find('=');
  if (eq == std::string::npos) return bad("expected key=value, got " + q(field));
  std::string key = field.substr(0, eq), val = field.substr(eq + 1);
  if (val.empty()) return bad(q(key + "=") + " has no value");
  if (key.rfind("hand.", 0) == 0) return read_hand(r, key, val, st);
  for (int k = 0; k < kMaxSeatCounters; ++k) {
    if (counter_name(r, k) != key) continue;
    auto v = split(val, ',');
    if (static_cast<int>(v.size()) != r.num_seats())
      return bad(q(key) + " needs one value per seat, " + std::to_string(r.num_seats()) +
                 " in all");
    // Captures only count up; stakes and a script's counters may go below zero.
    const int lo = k == kCaptured ? 0 : -kMaxCounterValue;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      if (auto e = bounded_int(v[s], key + " of " + r.seats[s].name, lo, kMaxCounterValue,
                               st.vars[Position::kSeatBase + s * kMaxSeatCounters + k]))
        return e;
    return std::nullopt;
  }
  for (int k = 0; k < kMaxGlobalCounters; ++k) {
    if (k == kSinceReset || k == kChecksInARow || k == kChecksInARow + 1 ||
        global_name(r, k) != key)
      continue;
    // The engine's own counters only count up; a script's may go below zero.
    const int lo =
        k < static_cast<int>(std::size(kGlobalNames)) ||
                (k >= kConditionMoves && k < kConditionMoves + kMaxCountedConditions * kMaxSeats) ||
                k == kCountLimit || k == kCountPly
            ? 0
            : -kMaxCounterValue;
    return bounded_int(val, key, lo, kMaxCounterValue, st.vars[Position::kGlobalBase + k]);
  }
  using Reader = Status (*)(const Ruleset&, const std::string&, const std::string&, State&);
  static const std::pair<const char*, Reader> kReaders[] = {
      {"ep", read_ep},
      {"roll", read_roll},
      {"out", read_out_or_frozen},
      {"frozen", read_out_or_frozen},
      {"control", read_control},
      {"left", read_left},
      {"stage", read_stage},
      {"turn", read_turn},
      {"return_ban", read_return_ban},
      {"phase", read_phase},
      {"end", read_end},
  };
  for (const auto& [name, read] : kReaders)
    if (key == name) return read(r, key, val, st);
  if (key == "flags") return read_flags(r, val, st);
  return bad("unknown field " + q(key));
}

// A game that deals its pieces into hands and has no hooks to make more can never
// give a seat more pieces than it starts with, on the board and in hand together.
// (With captures to hand it gains what it captures.)
Status check_piece_totals(const Ruleset& r, const State& st) {
  if (r.hooks || r.captures_to_hand) return std::nullopt;
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    int start = 0, dealt = 0, now = 0;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
      start += r.setup_count[s][t];
      dealt += r.setup_hand[s][t];
      now += st.vars[Position::kHandBase + s * kMaxTypes + t];
    }
    if (!dealt) continue;
    for (auto& [code, flags] : st.board) now += code && piece_seat(code) == s;
    if (now > start)
      return bad(r.seats[s].name + " has " + std::to_string(now) +
                 " pieces on the board and in hand; the game gives it " + std::to_string(start));
  }
  return std::nullopt;
}

Expected<Position> build(std::shared_ptr<const Ruleset> rules, const State& st) {
  const Ruleset& r = *rules;
  Position pos = Position::empty(rules);
  if (st.end_rule >= 0) {
    if (st.end_rule >= static_cast<int>(r.end.on_capture.size()) ||
        r.end.on_capture[st.end_rule].effect == CaptureEnd::Effect::kContinue)
      return bad("end rule " + std::to_string(st.end_rule) + " cannot be set");
    pos.set_end(st.end_rule, st.end_seat);
  }
  pos.set_roll(st.roll);
  for (SiteId s = 0; s < pos.num_sites(); ++s) pos.set_site(s, kEmpty, 0);
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (st.board[s].first != kEmpty || st.board[s].second)
      pos.set_site(s, st.board[s].first, st.board[s].second);
  for (int i = 0; i < Position::kNumVars; ++i) pos.set_var(i, st.vars[i]);
  pos.set_to_move(st.to_move);
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (st.controller[s] >= 0) pos.set_controller(s, st.controller[s]);
    SeatState state = (st.out >> s) & 1      ? SeatState::kOut
                      : (st.frozen >> s) & 1 ? SeatState::kFrozen
                                             : SeatState::kActive;
    pos.set_seat_state(s, state, st.left[s].second);
  }
  for (SeatId s = 0; s < r.num_seats(); ++s)
    if (st.left[s].first) pos.set_left(s, st.left[s].first, st.left[s].second);
  // An en passant site nobody can use is no part of the position (as after a move).
  if (ep_capture_possible(pos, st.ep, st.ep_victim)) pos.set_ep(st.ep, st.ep_victim);
  pos.set_stage(st.stage, st.owner, st.anchor);
  if (st.turn > 0 && !pos.in_turn())
    return bad("turn=" + std::to_string(st.turn) +
               ", but no turn is in progress (no stage of the mover's, no dice left)");
  if (pos.in_turn()) pos.set_turn(st.turn > 0 ? st.turn : turn_decisions_shown(pos), st.turn_reset);
  pos.clear_history();
  return pos;
}

// The six FEN fields (the first one required) into st.
Status read_fen_fields(const Ruleset& r, const std::vector<std::string>& f, State& st) {
  std::string board = f[0];
  std::string hand;
  auto lb = board.find('[');
  if (lb != std::string::npos) {
    if (board.back() != ']') return bad("missing ']' after the hand");
    hand = board.substr(lb + 1, board.size() - lb - 2);
    board = board.substr(0, lb);
  }
  if (auto e = read_board(r, board, st)) return e;
  for (size_t i = 0; i < hand.size() && hand != "-";) {
    PieceCode code;
    uint8_t flags;
    if (auto e = read_piece(r, hand, i, code, flags)) return e;
    int& n = st.vars[Position::kHandBase + piece_seat(code) * kMaxTypes + piece_type(code)];
    const int most = hand_bound(r, piece_seat(code), piece_type(code));
    if (n == most)
      return bad("the hand holds more than " + std::to_string(most) + " " +
                 r.types[piece_type(code)].name + " of " + r.seats[piece_seat(code)].name +
                 ", the most the rules can give it");
    ++n;
  }
  st.to_move = r.first;
  if (f.size() > 1) {
    SeatId s = r.seat_index(f[1]);
    for (SeatId i = 0; i < r.num_seats() && s < 0; ++i)
      if (f[1].size() == 1 && r.seats[i].name[0] == f[1][0]) s = i;
    if (s < 0) return bad("unknown side to move " + q(f[1]));
    st.to_move = s;
  }
  const std::string castling = f.size() > 2 ? f[2] : "-";
  if (auto e = apply_castling(r, castling_letters(r, castling), st)) return e;
  if (r.gating.on())
    if (auto e = apply_gates(r, castling, st)) return e;
  // The counting rules' limit in place of the en passant square
  // (Fairy-Stockfish's FEN); the halfmove field then holds the plies counted.
  int count_limit = 0;
  if (r.end.counting.on() && f.size() > 3 && !f[3].empty() &&
      f[3].find_first_not_of("0123456789") == std::string::npos) {
    if (auto e = bounded_int(f[3], "the count's limit", 0, kMaxCounterValue, count_limit)) return e;
  } else if (f.size() > 3 && f[3] != "-") {
    st.ep = r.topology.find(f[3]);
    if (st.ep == kNoSite) return bad("unknown en passant square " + q(f[3]));
    st.ep_victim = fen_ep_victim(r, st, st.ep);
    if (st.ep_victim == kNoSite) return bad("no piece can be taken en passant on " + f[3]);
  }
  int halfmove = 0, fullmove = 1;
  if (f.size() > 4)
    if (auto e = bounded_int(f[4], "the halfmove clock", 0, kMaxCounterValue, halfmove)) return e;
  // The fullmove number of any ply within the counters' bound (and the ply it
  // implies is no more than a round past it).
  if (f.size() > 5)
    if (auto e = bounded_int(f[5], "the fullmove number", 1, kMaxCounterValue / cycle_length(r) + 1,
                             fullmove))
      return e;
  st.vars[Position::kGlobalBase + kCountLimit] = count_limit;
  st.vars[Position::kGlobalBase + kCountPly] = count_limit ? halfmove : 0;
  st.vars[Position::kGlobalBase + kHalfmove] = count_limit ? 0 : halfmove;
  st.vars[Position::kGlobalBase + kPly] =
      (fullmove - 1) * cycle_length(r) + seat_index(r, st.to_move);
  return std::nullopt;
}

std::string write_fen(const Position& pos) {
  const Ruleset& r = pos.rules();
  State actual;
  for (SiteId s = 0; s < pos.num_sites(); ++s) actual.board.push_back({pos.at(s), pos.flags(s)});
  actual.to_move = pos.to_move();
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      actual.vars[Position::kHandBase + s * kMaxTypes + t] = pos.hand(s, t);
  std::string board = write_board(pos, false);
  std::string hand;
  for (SeatId s = 0; s < r.num_seats(); ++s)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      for (int k = 0; k < pos.hand(s, t); ++k) hand += piece_text(r, make_piece(t, s));
  // A game with drops or gating writes its hands, empty or not, as Fairy-Stockfish does.
  const bool hands = r.captures_to_hand || r.gating.on() ||
                     std::any_of(r.rules.begin(), r.rules.end(),
                                 [](auto& x) { return x.kind == RuleKind::kDrop; });
  if (!hand.empty() || hands) board += "[" + hand + "]";
  std::string side = r.seats[pos.to_move()].name.substr(0, 1);
  int ply = pos.global(kPly);
  int idx = seat_index(r, pos.to_move());
  int n = cycle_length(r);
  int fullmove = ply >= idx ? (ply - idx) / n + 1 : 1;
  std::vector<std::string> f = {board,
                                side,
                                r.gating.on() ? gating_field(r, actual, castling_field(r, actual))
                                              : castling_field(r, actual),
                                pos.ep() == kNoSite ? "-" : r.topology.name(pos.ep()),
                                std::to_string(pos.global(kHalfmove)),
                                std::to_string(fullmove)};
  if (fen_count_fields(pos)) {
    f[3] = std::to_string(pos.global(kCountLimit));
    f[4] = std::to_string(pos.global(kCountPly));
  }
  // What a reader makes of those fields; anything that differs follows as key=value.
  State implied;
  std::vector<std::string> extras;
  if (read_fen_fields(r, f, implied)) {
    // Fields FEN cannot express for this position (a lone ep square with no pawn
    // beside it): fall back to stating it explicitly.
    f[3] = "-";
    implied = State{};
    read_fen_fields(r, f, implied);
  }
  std::string flags;
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if (implied.board[s].second != pos.flags(s))
      flags += (flags.empty() ? "" : ",") + r.topology.name(s) + flags_text(r, pos.flags(s));
  if (!flags.empty()) extras.push_back("flags=" + flags);
  if (implied.ep != pos.ep() || implied.ep_victim != pos.ep_victim())
    extras.push_back("ep=" + (pos.ep() == kNoSite ? "-" : r.topology.name(pos.ep())) + ":" +
                     (pos.ep_victim() == kNoSite ? "-" : r.topology.name(pos.ep_victim())));
  if (implied.vars[Position::kGlobalBase + kPly] != ply)
    extras.push_back("ply=" + std::to_string(ply));
  write_extras(pos, true, extras);
  std::string out;
  for (auto& x : f) out += (out.empty() ? "" : " ") + x;
  for (auto& x : extras) out += " " + x;
  return out;
}

// --- PDN FEN -------------------------------------------------------------------

// "W:W31,32,K10:B1,2,3": the side to move, then each colour's squares, K before a
// king's. Only what a draughts position holds: a piece off the numbered squares,
// a piece flag or a piece in hand cannot be said, and the caller writes the
// generic form instead.
bool pdn_can_say(const Position& pos) {
  const Ruleset& r = pos.rules();
  for (SiteId s = 0; s < pos.num_sites(); ++s)
    if ((pos.at(s) != kEmpty && presentation_of(r).pdn->square[s].empty()) || pos.flags(s))
      return false;
  for (SeatId seat = 0; seat < r.num_seats(); ++seat)
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      if (pos.hand(seat, t)) return false;
  return true;
}

std::string write_pdn(const Position& pos) {
  const Ruleset& r = pos.rules();
  const Pdn& p = *presentation_of(r).pdn;
  // Squares in PDN order: by number, or by name for algebraic notation.
  std::vector<SiteId> order = p.numbered;
  if (order.empty()) {
    for (SiteId s = 0; s < pos.num_sites(); ++s)
      if (!p.square[s].empty()) order.push_back(s);
    std::sort(order.begin(), order.end(),
              [&](SiteId a, SiteId b) { return p.square[a] < p.square[b]; });
  }
  std::string out(1, p.colour(pos.to_move()));
  for (int c = 0; c < 2; ++c) {
    const SeatId seat = p.colour_seat[c];
    out += ':';
    out += c == 0 ? 'W' : 'B';
    bool first = true;
    for (TypeId t : {p.man, p.king})
      for (SiteId s : order)
        if (pos.at(s) == make_piece(t, seat)) {
          if (!first) out += ',';
          first = false;
          if (t == p.king) out += 'K';
          out += p.square[s];
        }
  }
  std::vector<std::string> extras;
  write_extras(pos, false, extras);
  for (auto& x : extras) out += " " + x;
  return out;
}

// A PDN FEN begins with the side to move and a colon, which no grid's generic
// board has.
bool looks_pdn(const std::string& field) {
  return field.size() >= 2 && field[1] == ':';
}

// Reads a PDN FEN (ranges such as 1-12 allowed, a final '.' too) into st.
Status read_pdn(const Ruleset& r, std::string text, State& st) {
  const Pdn& p = *presentation_of(r).pdn;
  const Topology& topo = r.topology;
  st.board.assign(topo.size(), {kEmpty, 0});
  if (!text.empty() && text.back() == '.') text.pop_back();
  const std::vector<std::string> parts = split(text, ':');
  if (parts[0] != "W" && parts[0] != "B")
    return bad("PDN FEN: the side to move must be W or B, not " + q(parts[0]));
  st.to_move = p.colour_seat[parts[0] == "W" ? 0 : 1];
  bool seen[2] = {false, false};
  const int squares = static_cast<int>(p.numbered.size());
  for (size_t i = 1; i < parts.size(); ++i) {
    const std::string& part = parts[i];
    if (part.empty() || (part[0] != 'W' && part[0] != 'B'))
      return bad("PDN FEN: each colour's squares start with W or B, not " +
                 q(part.empty() ? std::string("(nothing)") : part.substr(0, 1)));
    const int c = part[0] == 'W' ? 0 : 1;
    const std::string colour = part.substr(0, 1);
    if (seen[c]) return bad("PDN FEN: the squares of " + colour + " are given twice");
    seen[c] = true;
    const SeatId seat = p.colour_seat[c];
    int count = 0, most = 0;
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) most += r.setup_count[seat][t];
    const std::string body = part.substr(1);
    if (body.empty()) continue;
    for (const std::string& item : split(body, ',')) {
      std::string sq = item;
      TypeId type = p.man;
      if (!sq.empty() && sq[0] == 'K') {
        type = p.king;
        sq.erase(0, 1);
      }
      if (sq.empty()) return bad("PDN FEN: " + colour + ": an empty square in " + q(body));
      std::vector<SiteId> sites;
      const auto dash = sq.find('-');
      if (dash != std::string::npos && p.game_type.notation == 'N') {
        int a = 0, b = 0;
        const std::string lo = sq.substr(0, dash), hi = sq.substr(dash + 1);
        if (!parse_int(lo, a) || !parse_int(hi, b) || a < 1 || b < 1 || a > squares || b > squares)
          return bad("PDN FEN: " + colour + ": " + q(sq) +
                     " is not a range of squares (they are numbered 1 to " +
                     std::to_string(squares) + ")");
        if (a > b) return bad("PDN FEN: " + colour + ": the range " + q(sq) + " runs backwards");
        for (int n = a; n <= b; ++n) sites.push_back(p.numbered[n - 1]);
      } else {
        int n = 0;
        SiteId s = kNoSite;
        if (p.game_type.notation == 'N') {
          if (parse_int(sq, n) && n >= 1 && n <= squares) s = p.numbered[n - 1];
        } else {
          for (SiteId k = 0; k < topo.size() && s == kNoSite; ++k)
            if (p.square[k] == sq) s = k;
        }
        if (s == kNoSite)
          return bad("PDN FEN: " + colour + ": no square " + q(sq) +
                     (p.game_type.notation == 'N'
                          ? " (the squares are numbered 1 to " + std::to_string(squares) + ")"
                          : std::string(" on this board")));
        sites.push_back(s);
      }
      for (SiteId s : sites) {
        if (st.board[s].first != kEmpty)
          return bad("PDN FEN: square " + p.square[s] + " is given twice");
        st.board[s] = {make_piece(type, seat), 0};
        if (++count > most)
          return bad("PDN FEN: " + colour + " has more than the " + std::to_string(most) +
                     " pieces a side starts with");
      }
    }
  }
  return std::nullopt;
}

std::string write_generic(const Position& pos) {
  std::string out = write_board(pos, true) + " " + pos.rules().seats[pos.to_move()].name;
  std::vector<std::string> extras;
  write_extras(pos, false, extras);
  for (auto& x : extras) out += " " + x;
  return out;
}

}  // namespace

Status check_counters(const Position& pos) {
  const Ruleset& r = pos.rules();
  auto past = [](const std::string& name, int v) {
    return Error{"move", "it would take " + name + " to " + std::to_string(v) + ", past the " +
                             std::to_string(kMaxCounterValue) +
                             " a position string may hold: play stops here"};
  };
  for (int k = 0; k < kMaxGlobalCounters; ++k) {
    if (k == kSinceReset || k == kChecksInARow || k == kChecksInARow + 1) continue;
    if (std::abs(pos.global(k)) > kMaxCounterValue) return past(global_name(r, k), pos.global(k));
  }
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    for (int k = 0; k < kMaxSeatCounters; ++k)
      if (std::abs(pos.counter(s, k)) > kMaxCounterValue)
        return past(counter_name(r, k) + " of " + r.seats[s].name, pos.counter(s, k));
    for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t)
      if (pos.hand(s, t) > hand_bound(r, s, t))
        return Error{"move", "it would give " + r.seats[s].name + " " +
                                 std::to_string(pos.hand(s, t)) + " " + r.types[t].name +
                                 " in hand, more than the " + std::to_string(hand_bound(r, s, t)) +
                                 " a position may hold"};
  }
  return std::nullopt;
}

std::string write_position(const Position& pos) {
  if (presentation_of(pos.rules()).pdn && pdn_can_say(pos)) return write_pdn(pos);
  return presentation_of(pos.rules()).position_format == "fen" ? write_fen(pos)
                                                               : write_generic(pos);
}

Expected<Position> read_position(std::shared_ptr<const Ruleset> rules, const std::string& text) {
  if (!rules) return bad("no rules");
  const Ruleset& r = *rules;
  if (text.size() > kMaxPositionText)
    return bad("the text is " + std::to_string(text.size()) + " bytes, more than the " +
               std::to_string(kMaxPositionText) + " a position string may have");
  auto f = words(text);
  if (f.empty()) return bad("empty position string");
  State st;
  size_t first_extra;
  if (presentation_of(r).pdn && looks_pdn(f[0])) {
    if (auto e = read_pdn(r, f[0], st)) return *e;
    first_extra = 1;
  } else if (presentation_of(r).position_format == "fen") {
    size_t n = 0;
    while (n < f.size() && n < 6 && f[n].find('=') == std::string::npos) ++n;
    if (n == 0) return bad("missing board");
    std::vector<std::string> fields(f.begin(), f.begin() + n);
    if (auto e = read_fen_fields(r, fields, st)) return *e;
    first_extra = n;
  } else {
    if (auto e = read_board(r, f[0], st)) return *e;
    st.to_move = r.first;
    first_extra = 1;
    if (f.size() > 1 && f[1].find('=') == std::string::npos) {
      st.to_move = r.seat_index(f[1]);
      if (st.to_move < 0) return bad("unknown seat to move " + q(f[1]));
      first_extra = 2;
    }
  }
  std::vector<std::string> keys;
  for (size_t i = first_extra; i < f.size(); ++i) {
    // A field given twice would leave one of its values unread.
    const std::string key = f[i].substr(0, f[i].find('='));
    if (std::find(keys.begin(), keys.end(), key) != keys.end())
      return bad("field " + q(key) + " is given twice");
    keys.push_back(key);
    if (auto e = read_extra(r, f[i], st)) return *e;
  }
  if (st.ep != kNoSite) {
    // The piece that may be taken en passant is an enemy of the side to move, and
    // the site it passed over is empty.
    const PieceCode victim = st.board[st.ep_victim].first;
    if (!victim || r.allies(piece_seat(victim), st.to_move))
      return bad("en passant: no enemy piece of the side to move on " +
                 r.topology.name(st.ep_victim));
    if (st.board[st.ep].first)
      return bad("en passant: " + r.topology.name(st.ep) + " is not empty");
  }
  if (st.out >> r.num_seats()) return bad("out names a seat the game does not have");
  if (auto e = check_piece_totals(r, st)) return *e;
  if (st.stage >= 0 && r.stages[st.stage].choice == Stage::Choice::kPromote) {
    const PieceCode c = st.board[st.anchor].first;
    if (!c || !r.types[piece_type(c)].promotes())
      return bad("stage " + r.stages[st.stage].name + ": no piece that promotes on " +
                 r.topology.name(st.anchor));
  }
  auto pos = build(std::move(rules), st);
  if (!pos) return pos;
  // Play goes on from the seat to move: it must be in play whenever any seat is.
  bool any_in_play = false;
  for (SeatId s = 0; s < r.num_seats(); ++s) any_in_play |= pos->takes_turns(s);
  if (any_in_play && !pos->takes_turns(pos->to_move()))
    return bad("the seat to move, " + r.seats[pos->to_move()].name +
               ", is out of play (out, or frozen with no commander in play)");
  if (!st.phase.empty()) {
    const int ph = current_phase(*pos);
    const std::string actual = ph >= 0 ? r.phases[ph].name : "none";
    if (actual != st.phase)
      return bad("phase=" + st.phase + " does not match the position, whose phase is " + actual);
  }
  if (auto e = check_position_bounds(*pos)) return *e;
  if (auto e = check_position_sense(*pos)) return *e;
  return pos;
}

}  // namespace regula
