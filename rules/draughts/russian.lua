-- Russian draughts (shashki): 8x8, played on the dark squares with a1 dark;
-- White (south) moves first. Men step diagonally forward and capture forward
-- and backward; kings fly and capture at any distance. Capture is compulsory,
-- but the player chooses freely among the captures, however few pieces one
-- takes. A man that reaches the last row during a capture is crowned at once
-- and goes on capturing as a king in the same move. Captured pieces come off
-- only when the move ends, and none is jumped twice (no Turkish strike).
-- Draws: threefold repetition; 15 moves each with kings only and no capture
-- (a simplified reading of the federation's several move counters).
local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)

return draughts.game {
  title = "Russian draughts",
  sources = { "Russian Draughts Federation, Official rules of draughts (2004), sections 1-4",
              "R. Halbersma, DCTL (rules/russian.hpp)" },
  size = 8,
  -- PDN: GameType 25, squares named a1..h8 from White's left, captures written c3:e5.
  pdn = { game_type = "25,W,8,8,A0,0", capture = ":" },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "diagonal",
  flying_kings = true,
  crowned_in_capture = "continue",
  capture = "compulsory",
  ends = { no_moves = "loss", repetition = 3, move_rule = 30 },
}
