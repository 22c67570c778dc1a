-- Jetan after J.-L. Cazaux's reconstruction, with the change he proposes to cut the draws:
-- a Chief taken by any piece but the enemy Chief does not end the game.
--
-- Sources: J.-L. Cazaux's reconstruction (Zillions submission 519, and the Wikipedia articles
-- "Jetan", German and English); F. Duniho, chessvariants.org comment 9097 (2005);
-- E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II.
--
-- Clause by clause:
-- * Board, array, moves, Chief, Dwar, Warrior, Padwar, Flier, Thoat, Panthan, Princess and
--   escape: every clause as in jetan/cazaux but the Chief's (Cazaux; Burroughs, Appendix and
--   Chapter II).
-- * Win: any piece that takes the enemy Princess, or a Chief that takes the enemy Chief
--   (Cazaux; Burroughs, Appendix).
-- * Chief taken by any other piece: the game goes on, and only the capture of a Princess can
--   then decide it (Cazaux's proposed change).
-- * Draw: both sides have three pieces or fewer and no win comes in the next ten moves, five
--   each (Cazaux).
--
-- Readings:
-- * As jetan/cazaux. The draw at three pieces: Cazaux's text asks no equal value, so the draw
--   comes whatever the pieces are worth; Burroughs' Appendix asks "three pieces or fewer of
--   equal value", which `draw-values=equal` selects (equal total value, the values of
--   jetan/cazaux).
-- * Which pieces count among the three: every piece, the Chief and the Princess included (the
--   text names no exception); the ten moves count from the first move made in the ending and
--   never start again, since no piece comes back; no option.
-- * Who moves first: Cazaux leaves it to lot, then to the winner; Black starts, `first=orange`
--   lets Orange start.
-- * The array: point-symmetric; `array=manator` mirrors Orange's back row so that Chief faces
--   Chief, the variant played in Manator that the reconstruction reports.
-- * Values for the stakes: Burroughs gives no number; the values of jetan/cazaux are this
--   project's choice; no option.
-- * A side with no legal move passes, and two passes in a row draw (no source says); no option.
local jetan = require "jetan.common"
return jetan.game {
  title = "Jetan (Cazaux reconstruction, game goes on after a Chief is lost)",
  description = "Cazaux's Jetan with his proposed cure for draws: a Chief taken by any piece but the "
    .. "enemy Chief does not end the game.",
  sources = {
    "J.-L. Cazaux's reconstruction (Zillions submission 519, and the Wikipedia articles 'Jetan')",
    "F. Duniho, chessvariants.org comment 9097 (2005)",
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II",
  },
  thoat = "either-order-jumps",
  princess = "bold",
  chief_taken = "continue",
  draw_values = "any",
}
