#pragma once
// Small value types shared by every core module. Kept in one header so that the
// hot paths (move generation, make/unmake) see plain integers and no indirection.

#include <cstdint>
#include <string>

namespace regula {

using SiteId = int16_t;
using DirId = int8_t;
using TypeId = int8_t;
using SeatId = int8_t;

constexpr SiteId kNoSite = -1;
constexpr int kMaxSeats = 8;
constexpr int kMaxTypes = 32;
constexpr int kMaxSeatCounters = 8;
constexpr int kMaxGlobalCounters = 28;
constexpr int kMaxSites = 1024;

// A piece on the board is one 16-bit code: 0 is an empty site; otherwise the
// code packs the piece type and the owning seat, so that a board is an array of
// integers and hashing needs no lookup.
using PieceCode = uint16_t;
constexpr PieceCode kEmpty = 0;

constexpr PieceCode make_piece(TypeId type, SeatId seat) {
  return static_cast<PieceCode>(1 + type * kMaxSeats + seat);
}
constexpr TypeId piece_type(PieceCode code) {
  return static_cast<TypeId>((code - 1) / kMaxSeats);
}
constexpr SeatId piece_seat(PieceCode code) {
  return static_cast<SeatId>((code - 1) % kMaxSeats);
}
constexpr int kMaxPieceCodes = 1 + kMaxTypes * kMaxSeats;

// An error at an input boundary: where it happened and what was wrong.
struct Error {
  std::string where;  // "file:line", "position", "move", ... (may be empty)
  std::string what;
  std::string text() const { return where.empty() ? what : where + ": " + what; }
};

}  // namespace regula
