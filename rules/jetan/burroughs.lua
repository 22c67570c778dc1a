-- Jetan as Burroughs wrote it: the Appendix, with the gaps filled from Chapter II
-- (the reading F. Duniho recommends). Clause by clause (Burroughs' Appendix):
--   moves      exact step counts, turns at every step, no square twice, capture on arrival;
--   Thoat      one straight and one diagonal step, in either order, jumping (Ch. II);
--   Panthan    one square forward, sideways or diagonally forward (5 squares);
--   Flier      jumps (Appendix);
--   Princess   jumps; may not capture; may not move onto a threatened square, that is a
--              square an enemy piece could capture on at its next move in the position
--              after her move (an enemy Princess, who may not capture, threatens nothing);
--   escape     once per game, to any empty square that is not threatened;
--   Chief      taken by the enemy Chief: a win; taken by any other piece: a draw.
local jetan = require "jetan.common"

return jetan.game {
  title = "Jetan (Burroughs: Appendix and Chapter II)",
  description = "Martian chess from E. R. Burroughs' novel The Chessmen of Mars (1922): the Appendix, its gaps "
    .. "filled from Chapter II. Take the enemy Princess to win; a Chief taken by a lesser piece draws.",
  sources = {
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix: Jetan, or Martian Chess",
    "E. R. Burroughs, The Chessmen of Mars, Chapter II (Thoat jumps)",
    "F. Duniho, chessvariants.org comment 9097 (2005)",
  },
  thoat = "either-order-jumps",
  princess = "timid",
  chief_taken = "draw",
}
