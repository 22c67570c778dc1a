-- Jetan, the Martian chess of E. R. Burroughs' novel, as J.-L. Cazaux reconstructed it and
-- F. Duniho shares it: exact steps, a Princess who may capture, a draw at three pieces each.
--
-- Sources: J.-L. Cazaux's reconstruction (Zillions submission 519, and the Wikipedia articles
-- "Jetan", German and English); F. Duniho, chessvariants.org comment 9097 (2005);
-- E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II.
--
-- Clause by clause:
-- * Board: 10x10, files a-j, ranks 1-10; Black in the south, Orange in the north (Burroughs,
--   Appendix; Cazaux).
-- * Array: back row from a to j Warrior, Padwar, Dwar, Flier, Chief, Princess, Flier, Dwar,
--   Padwar, Warrior, Thoats on the a- and j-files of the second row, eight Panthans between;
--   point-symmetric, so Black's Chief e1 faces Orange's Princess e10 (Burroughs, Appendix, each
--   row from its player's own left; Cazaux).
-- * Moves: step counts "always meant exactly"; a piece may turn at every step within its
--   directions; no square is visited twice in one move; a piece that does not jump needs a
--   path of empty squares; a capture happens on the square where the move ends (Cazaux;
--   Burroughs, Appendix).
-- * Chief: three steps in any direction, no jump; Dwar: three orthogonal steps; Warrior: two
--   orthogonal steps; Padwar: two diagonal steps; none of them jumps (Cazaux; Burroughs,
--   Appendix).
-- * Flier: three diagonal steps, jumping (Cazaux; Burroughs, Appendix).
-- * Thoat: one orthogonal and one diagonal step, in either order, jumping: twelve squares
--   (Cazaux; Burroughs, Chapter II for the jump).
-- * Panthan: one step forward, sideways or diagonally forward, never backward, no promotion
--   (Cazaux).
-- * Princess: three steps in any direction, jumping; she may capture and may go where she is
--   threatened, since there is no check of any kind (Cazaux).
-- * Escape: once a game the Princess moves to any empty square (Cazaux).
-- * Win: any piece that takes the enemy Princess, or a Chief that takes the enemy Chief
--   (Cazaux; Burroughs, Appendix).
-- * Chief taken by any other piece: a draw (Burroughs' rule, as Cazaux gives it;
--   jetan/cazaux-continue takes Cazaux's proposed change).
-- * Draw: both sides have three pieces or fewer and no win comes in the next ten moves, five
--   each (Cazaux).
--
-- Readings:
-- * The draw at three pieces: Cazaux's text asks no equal value, so the draw comes whatever
--   the pieces are worth; Burroughs' Appendix asks "three pieces or fewer of equal value",
--   which `draw-values=equal` selects (equal total value, the values below).
-- * Which pieces count among the three: every piece, the Chief and the Princess included (the
--   text names no exception); the ten moves count from the first move made in the ending and
--   never start again, since no piece comes back; no option.
-- * Who moves first: Cazaux leaves it to lot in the first game and to the winner afterwards;
--   Black starts, and `first=orange` lets Orange start.
-- * The array: Cazaux's point-symmetric one; `array=manator` mirrors Orange's back row so that
--   Chief faces Chief, the variant played in Manator that the reconstruction reports.
-- * Values, for the stakes (and the equal-value test of draw-values=equal): Burroughs prices
--   each piece "according to its value" and gives no number; Panthan 1, Warrior 2, Padwar 2,
--   Thoat 3, Dwar 3, Flier 4, Princess 0, Chief 10 are this project's choice; no option.
-- * A side with no legal move (no source says): it passes, and two passes in a row draw; no
--   option.
local jetan = require "jetan.common"
return jetan.game {
  title = "Jetan (Cazaux reconstruction)",
  description = "Jetan, the Martian chess of Burroughs' novel, as J.-L. Cazaux reconstructed it: every move "
    .. "takes its exact steps, and the Princess may capture and go where she is threatened.",
  sources = {
    "J.-L. Cazaux's reconstruction (Zillions submission 519, and the Wikipedia articles 'Jetan')",
    "F. Duniho, chessvariants.org comment 9097 (2005)",
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II",
  },
  thoat = "either-order-jumps",
  princess = "bold",
  chief_taken = "draw",
  draw_values = "any",
}
