-- Jetan as E. R. Burroughs wrote it: the Appendix of The Chessmen of Mars, its gaps filled from
-- Chapter II (the reading F. Duniho recommends).
--
-- Sources: E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II;
-- F. Duniho, chessvariants.org comment 9097 (2005).
--
-- Clause by clause:
-- * Board: 10x10, files a-j, ranks 1-10; Black in the south, Orange in the north (Burroughs,
--   Appendix).
-- * Array: back row from a to j Warrior, Padwar, Dwar, Flier, Chief, Princess, Flier, Dwar,
--   Padwar, Warrior, Thoats on the a- and j-files of the second row, eight Panthans between;
--   each row is set from its player's own left, so Black's Chief e1 faces Orange's Princess
--   e10 (Burroughs, Appendix).
-- * Moves: a piece may turn at every step within its directions ("or combination"); no square
--   is visited twice in one move; a piece that does not jump needs a path of empty squares; a
--   capture happens on the square where the move ends (Burroughs, Appendix).
-- * Chief: three steps in any direction; Dwar: three orthogonal steps; Warrior: two orthogonal
--   steps; Padwar: two diagonal steps (Burroughs, Appendix).
-- * Flier: three diagonal steps, jumping (Burroughs, Appendix).
-- * Thoat: one straight and one diagonal step, in either order (Burroughs, Appendix), jumping
--   (Burroughs, Chapter II; Duniho).
-- * Panthan: one step forward, sideways or diagonally forward, "but not backward" (Burroughs,
--   Appendix).
-- * Princess: as the Chief, jumping; she may not capture, nor move onto a threatened square
--   (Burroughs, Appendix).
-- * Escape: once a game, the Princess's ten-space move (Burroughs, Appendix).
-- * Win: any piece that takes the enemy Princess, or a Chief that takes the enemy Chief
--   (Burroughs, Appendix).
-- * Chief taken by any other piece: a draw (Burroughs, Appendix).
-- * Draw: both sides have three pieces or fewer "of equal value" and no win comes in the next
--   ten moves, five each (Burroughs, Appendix).
-- * Stakes: each piece has a price "according to its value", paid to the capturer
--   (Burroughs, Appendix).
--
-- Readings:
-- * The Thoat: the Appendix gives it no jump, Chapter II does; this script fills the gap from
--   Chapter II, as Duniho recommends. The Appendix alone is jetan/burroughs-appendix; no option.
-- * Step counts are exact (a piece takes all its steps); jetan/smith offers `steps=free`; no
--   option here. The Panthan has no backward component (five squares); Chapter II's "any
--   direction except backward" could allow the backward diagonals, jetan/smith's `panthan=7`;
--   no option here. The Warrior steps straight only, as the Appendix says (Chapter II adds
--   the diagonals); no option.
-- * "Threatened": a square on which an enemy piece could capture at its next move, in the
--   position after her move; an enemy Princess, who may not capture, threatens nothing. She
--   may pass threatened squares (jetan/smith's `princess=frightened` forbids it); no option.
-- * The escape: ten king steps that turn freely, jump and visit no square twice reach nearly
--   every square of the board, so the escape goes to any empty square that is not
--   threatened, without a capture; no option.
-- * The draw at three pieces: "of equal value" is read as equal total value, at the values
--   below, and every piece counts, the Chief and the Princess included; the count of ten
--   moves starts again when a capture makes the values unequal (the Appendix does not say).
--   This reading keeps the equal-value test because its source states it; `draw-values=any`
--   drops it, as J.-L. Cazaux's reconstruction does.
-- * Who moves first: Burroughs does not say; Black starts, `first=orange` lets Orange start.
-- * The array: `array=manator` mirrors Orange's back row so that Chief faces Chief, another
--   reading of the same text (the game played in Manator, Chapter XVII).
-- * Values: Burroughs gives no number; Panthan 1, Warrior 2, Padwar 2, Thoat 3, Dwar 3,
--   Flier 4, Princess 0, Chief 10 are this project's choice; no option.
-- * A side with no legal move (Burroughs does not say): it passes, and two passes in a row
--   draw; no option.
local jetan = require "jetan.common"
return jetan.game {
  title = "Jetan (Burroughs: Appendix and Chapter II)",
  description = "Martian chess from E. R. Burroughs' novel The Chessmen of Mars (1922): the Appendix, its gaps "
    .. "filled from Chapter II. Take the enemy Princess to win; a Chief taken by a lesser piece draws.",
  sources = {
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II",
    "F. Duniho, chessvariants.org comment 9097 (2005)",
  },
  thoat = "either-order-jumps",
  princess = "timid",
  chief_taken = "draw",
  draw_values = "equal",
}
