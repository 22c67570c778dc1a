-- Spanish draughts: 8x8, play on the squares with (x+y) odd,
-- so h1 is a playing square and a1 is not; White (south) moves first. Men step
-- diagonally forward and capture forward only; kings fly and capture at any
-- distance; capture is compulsory, the sequence taking most pieces must be
-- played, and among those the one taking most kings (kings are worth more).
-- Draws: threefold repetition, and 40 consecutive king moves (20 each) without a
-- capture or a man's move. Not scripted yet: the three-kings-against-one clause
-- and the PDN square numbering (squares are named a1..h8 here).
local draughts = require "draughts.common"
local men = draughts.men(8, 3, false)

return draughts.game {
  title = "Spanish draughts",
  sources = { "Federação Portuguesa de Damas, Regras do Jogo de Damas Clássicas",
              "torofun.com, Spanish draughts rules", "R. Halbersma, DCTL (rules/spanish.hpp)" },
  size = 8,
  pdn = "24,W,8,8,N1,1",
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "forward-diagonal",
  flying_kings = true,
  capture = "max-then-value",
  ends = { no_moves = "loss", repetition = 3, move_rule = 40 },
}
