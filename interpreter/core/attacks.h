#pragma once
// Attack detection: could an enemy capture on a site at its next move? Check,
// pieces that fear attack, castling through attacked sites and the pin shortcut
// of the legality filter all ask it, so it reads the compiled rules from the
// target outwards (reverse rays, reverse leap and walk tables) rather than
// generating the enemy's moves.

#include <array>
#include <cstdint>
#include <vector>

#include "core/position.h"

namespace regula {

// A set of sites, one bit each.
struct SiteSet {
  std::array<uint64_t, kMaxSites / 64> bits{};
  bool test(SiteId s) const { return (bits[s >> 6] >> (s & 63)) & 1u; }
  void set(SiteId s) { bits[s >> 6] |= uint64_t{1} << (s & 63); }
};

// Whether none of the intermediate sites of the walk path is occupied.
bool walk_clear(const Position& pos, const WalkPath& p);

// Whether a piece of type victim_type belonging to defender, standing on site,
// could be captured by an enemy at the enemy's next move: exactly when some enemy
// seat that is not out, given the move, would generate a move capturing on site
// that the script's filters let through: the rules of the phase that seat would
// be in, regions, once-per-game flags, capture restrictions, en passant, the
// generate hook's moves and the filter and filter_moves hooks included. The site
// may be empty or hold another piece: the question is about the piece named. Die
// rolls are not consulted. Inside a generate call the hook's own moves are left
// out, and inside a filter call the filters, since either would otherwise run
// itself again without end.
bool is_attacked(const Position& pos, SiteId site, SeatId defender, TypeId victim_type);

// Whether seat's royal piece (any of them) is attacked.
bool in_check(const Position& pos, SeatId seat);

// Whether seat's royal stands on an open line, along one of dirs, with an enemy
// royal in play: the offer of Ruleset::facing_offer.
bool royal_faces_enemy(const Position& pos, SeatId seat, const std::vector<DirId>& dirs);

// Sites of seat's pieces that may stand between its royal and an enemy slider.
// Conservative: a piece is marked whenever some enemy piece that slides along
// that line stands behind it, whatever its range.
SiteSet pinned_pieces(const Position& pos, SeatId me);

// Sites where a move of seat me (not of its royal) could change whether its only
// royal is attacked: the lines from the royal along which enemies attack over a
// distance (slides as far as they reach, screens, a royal it may not face) and
// the sites that block enemy walks and lame leaps that end on it. A move that
// lands on, leaves or clears none of them is legal while the royal is not in
// check. False when an enemy rule's attack depends on other sites (capture
// chains): then moves must be tried.
bool check_lines(const Position& pos, SeatId me, SiteSet& out);

// Whether seat me's only royal would be in check after the ordinary move m,
// judged by editing the board alone and putting it back (FastPaths::probe_check
// says when that is exact; no en passant may be pending).
bool check_after(Position& pos, const Move& m, SeatId me);

// check_after for a seat me that is not in check before m: only the rays from
// its royal through the sites m changes, and the lame leaps, are looked at,
// since any other attack would have been there before the move. Exact where
// FastPaths::check_by_rays holds.
bool check_after_unchecked(Position& pos, const Move& m, SeatId me);

// Whether a piece of an enemy of the piece on victim could take it en passant on
// ep, the empty site it passed over (the position just after its move, no en
// passant pending): what decides whether the move leaves ep capturable, and so
// whether the position holds (and hashes, and writes) an en passant site at all,
// so that a position reached with or without a double step repeats alike (FIDE
// Laws 9.2.2). Where the rules have check and the board alone says whether the
// capturer's royal would be left attacked (Ruleset::probe_check, no hooks), the
// capture must be legal, as FIDE asks; elsewhere (no check, hooks) a piece that
// could make the capture is enough, as Stockfish asks. Any seat not allied with
// the victim's counts, whoever moves next.
bool ep_capture_possible(Position& pos, SiteId ep, SiteId victim);

// Sites where a piece of victim_type belonging to defender could be captured by
// an enemy at its next move, with the site `vacated` empty and no en passant
// pending (the position after a quiet move that sets none): one pass over the
// enemy pieces instead of one attack test per candidate move. Only empty sites
// are meaningful. Returns false when some enemy rule kind (capture chains) or a
// generate hook is not covered, and the caller must test moves one by one. The
// script's filter hooks are not applied: with them, a marked site may be safe.
bool attack_map(Position& pos, SeatId defender, TypeId victim, SiteId vacated, SiteSet& map);

}  // namespace regula
