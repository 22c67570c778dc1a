// Money changing hands during play (Ruleset::money): the owner of a captured
// piece of a type pays the capturer; the seat whose piece of a type started on
// a square pays, once per game, the enemy that ends a move there. The ante and
// the settlement at the end belong to the setup and to game_end.

#include "core/effects/effects.h"
#include "core/position.h"

namespace regula::effects {

namespace {

void pay(EffectContext& c, SeatId from, SeatId to, int amount) {
  Position& pos = c.pos;
  pos.set_counter(from, kStakes, pos.counter(from, kStakes) - amount, &c.undo);
  pos.set_counter(to, kStakes, pos.counter(to, kStakes) + amount, &c.undo);
}

class CapturePayment final : public Effect {
 public:
  CapturePayment(TypeId piece, int amount) : piece_(piece), amount_(amount) {}
  const char* name() const override { return "capture payment"; }
  void on_capture(EffectContext& c, SiteId, PieceCode victim, TypeId) const override {
    if (piece_type(victim) == piece_ && piece_seat(victim) != c.credit)
      pay(c, piece_seat(victim), c.credit, amount_);
  }

 private:
  TypeId piece_;
  int amount_;
};

class OccupyPayment final : public Effect {
 public:
  OccupyPayment(int index, TypeId piece, int amount)
      : index_(index), piece_(piece), amount_(amount) {}
  const char* name() const override { return "occupation payment"; }
  void on_arrival(EffectContext& c, SiteId site) const override {
    const Ruleset& r = c.pos.rules();
    const SeatId owner = r.start_seat[site];
    const SeatId occupier = piece_seat(c.pos.at(site));
    if (owner < 0 || r.start_type[site] != piece_ || r.allies(owner, occupier)) return;
    const int bit = index_ * kMaxSeats + owner;
    if ((c.pos.global(kPaid) >> bit) & 1) return;
    c.pos.set_global(kPaid, c.pos.global(kPaid) | (1 << bit), &c.undo);
    pay(c, owner, occupier, amount_);
  }

 private:
  int index_;  // the payment's index in Money::payments: its bit in kPaid
  TypeId piece_;
  int amount_;
};

}  // namespace

void add_payments(const Ruleset& r, EffectLists& out) {
  for (size_t i = 0; i < r.money.payments.size(); ++i) {
    const Payment& p = r.money.payments[i];
    if (p.on == Payment::On::kCapture)
      out.add(std::make_unique<CapturePayment>(p.piece, p.amount), event_bit(Event::kCapture));
    else if (p.on == Payment::On::kOccupy)
      out.add(std::make_unique<OccupyPayment>(static_cast<int>(i), p.piece, p.amount),
              event_bit(Event::kArrival));
  }
}

}  // namespace regula::effects
