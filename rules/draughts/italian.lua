-- Italian draughts (dama italiana): 8x8, play on the dark squares with the board turned so
-- that each player's right-hand corner square is dark (h1 plays, a1 does not); White (south)
-- moves first; short kings, and men may not take kings.
--
-- Sources: Federazione Italiana Dama (FID), Regolamento tecnico di gioco, and its "Brief rules
-- of Italian draughts" (fid.it); R. Halbersma, DCTL perft test suite (board_08x08, Italian).
--
-- Clause by clause:
-- * Board: 8x8, h1 a playing square; twelve men each on the three nearest rows; White moves
--   first (FID).
-- * Men step diagonally forward and capture forward only, jumping an adjacent enemy piece
--   onto the empty square beyond, and go on while they can (FID).
-- * A man may not capture a king: only kings take kings (FID).
-- * Kings are short: they step one square diagonally in any direction and jump an adjacent
--   piece, forward or backward (FID).
-- * A man reaching the far row is crowned and his move ends there (FID).
-- * Capturing is compulsory, and among the captures, in this order (FID): 1. the one taking
--   the most pieces; 2. then one made by a king rather than by a man; 3. then the one taking
--   the most kings (the greatest value taken, a king being worth more than a man); 4. then
--   the one that meets a king first; only then the player chooses: capture = { "max",
--   "mover-value", "value", "earliest-value" }.
-- * A player who cannot move loses; the same position three times is a draw (FID).
-- * Perft from the start: 7, 49, 302, 1469, 7361 (DCTL).
--
-- Readings:
-- * The FID has no draw by a count of moves; so that random play ends, the script takes forty
--   moves each (80 turns) without a capture or a man moved as a draw, its own choice and not
--   the FID's; no option.
local draughts = require "draughts.common"
local men = draughts.men(8, 3, false)

return draughts.game {
  title = "Italian draughts",
  sources = { "Federazione Italiana Dama, Regolamento tecnico di gioco",
              "R. Halbersma, DCTL perft test suite (board_08x08)" },
  description = "Dama italiana: short kings, men may not take kings, four capture priorities.",
  size = 8,
  pdn = "22,W,8,8,N2,1",
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "forward-diagonal",
  flying_kings = false,
  men_take_kings = false,
  capture = { "max", "mover-value", "value", "earliest-value" },
  ends = { no_moves = "loss", repetition = 3, move_rule = 80 },
}
