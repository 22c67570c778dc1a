-- Jetan from Burroughs' Appendix alone. Clause by clause (Burroughs' Appendix):
--   moves      exact step counts, turns at every step, no square twice, capture on arrival;
--   Thoat      one straight step and then one diagonal step; it does not jump, so the
--              square of its straight step must be empty (the Appendix gives no jump);
--   Panthan    one square forward, sideways or diagonally forward (5 squares);
--   Flier      jumps;
--   Princess   jumps; may not capture; may not move onto a threatened square (in the position
--              after her move; an enemy Princess threatens nothing);
--   escape     once per game, to any empty square that is not threatened;
--   Chief      taken by the enemy Chief: a win; taken by any other piece: a draw.
local jetan = require "jetan.common"

return jetan.game {
  title = "Jetan (Burroughs: Appendix only)",
  description = "Martian chess from E. R. Burroughs' novel The Chessmen of Mars (1922), read from its "
    .. "Appendix alone: the Thoat does not jump. Take the enemy Princess to win.",
  sources = {
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix: Jetan, or Martian Chess",
  },
  thoat = "orthogonal-first",
  princess = "timid",
  chief_taken = "draw",
}
