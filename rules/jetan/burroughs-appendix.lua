-- Jetan from the Appendix of E. R. Burroughs' The Chessmen of Mars alone, read literally: the
-- Thoat takes its straight step first and does not jump.
--
-- Sources: E. R. Burroughs, The Chessmen of Mars (1922), Appendix.
--
-- Clause by clause:
-- * Board, array, moves, Chief, Dwar, Warrior, Padwar, Flier, Panthan, Princess, escape, win,
--   Chief taken by another piece, draw at three pieces "of equal value", stakes: as
--   jetan/burroughs (Burroughs, Appendix).
-- * Thoat: "one straight and one diagonal": the straight step first, then the diagonal one;
--   the Appendix gives it no jump, so the square of its straight step must be empty
--   (Burroughs, Appendix).
--
-- Readings:
-- * The Thoat: the order of its steps read from the order of the Appendix's words, and no
--   jump, since the Appendix gives none; jetan/burroughs takes Chapter II's jumping Thoat; no
--   option.
-- * Step counts, the Panthan, the Warrior, "threatened", the escape, the values and a side
--   with no legal move: read as in jetan/burroughs; no option.
-- * The draw at three pieces keeps the Appendix's equal-value test (equal total value);
--   `draw-values=any` drops it, as J.-L. Cazaux's reconstruction does.
-- * Who moves first: the Appendix does not say; Black starts, `first=orange` lets Orange
--   start.
-- * The array: `array=manator` mirrors Orange's back row so that Chief faces Chief, another
--   reading of the same text.
local jetan = require "jetan.common"
return jetan.game {
  title = "Jetan (Burroughs: Appendix only)",
  description = "Martian chess from E. R. Burroughs' novel The Chessmen of Mars (1922), read from its "
    .. "Appendix alone: the Thoat does not jump. Take the enemy Princess to win.",
  sources = {
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix",
  },
  thoat = "orthogonal-first",
  princess = "timid",
  chief_taken = "draw",
  draw_values = "equal",
}
