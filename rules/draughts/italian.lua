-- Italian draughts (dama italiana): 8x8, play on the dark squares with the board
-- turned so that the right-hand corner square of each player is dark (h1 plays, a1
-- does not); White (south) moves first.
--
-- Source: Federazione Italiana Dama (FID), Regolamento tecnico di gioco, and its brief
-- English rules (fid.it, "Brief rules of Italian draughts"); perft numbers from the
-- start position: R. Halbersma's DCTL test suite (board_08x08, Italian).
-- Clause by clause:
-- * Men step diagonally forward and capture forward only, jumping an adjacent enemy
--   piece onto the empty square beyond, and go on while they can.
-- * A man may not capture a king: only kings take kings.
-- * Kings are short: they step one square diagonally in any direction and jump an
--   adjacent piece, forward or backward.
-- * A man reaching the far row is crowned and his move ends there.
-- * Capturing is compulsory, and among the captures (FID, in this order):
--   1. the one taking the most pieces;
--   2. then one made by a king rather than by a man;
--   3. then the one taking the most kings (a king is worth more than a man, so the
--      greatest value taken);
--   4. then the one that meets a king first;
--   only then the player chooses: capture = { "max", "mover-value", "value",
--   "earliest-value" }.
-- * A player who cannot move loses; the same position three times is a draw. The FID
--   has no move-count draw; so that random play ends, we take forty moves each (80
--   turns) without a capture or a man moved as a draw, our choice and not FID's.
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
