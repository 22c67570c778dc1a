-- Spanish draughts: 8x8, play on the squares with (x+y) odd,
-- so h1 is a playing square and a1 is not; White (south) moves first. Men step
-- diagonally forward and capture forward only; kings fly and capture at any
-- distance; capture is compulsory, the sequence taking most pieces must be
-- played, and among those the one taking most kings (kings are worth more).
-- Draws: threefold repetition, and 40 consecutive king moves (20 each) without a
-- capture or a man's move; by agreement (a draw offered and accepted, which the
-- players do, not the rules).
-- Three kings against one: a player with three kings, one of them on the long
-- diagonal (the "gran diagonal", squares 1-5-10-14-19-23-28-32 = h1 to a8), against
-- a lone king, who has not won within 13 of his own moves, draws. Option
-- three-kings: "on-diagonal" (this reading, the default), "lone-on-diagonal" (the
-- lone king holds the long diagonal instead, the known fortress of flying-king
-- draughts) or "off".
local draughts = require "draughts.common"
local men = draughts.men(8, 3, false)
local three_kings = option("three-kings", { "on-diagonal", "lone-on-diagonal", "off" }, "on-diagonal",
  "on-diagonal: three kings, one on the long diagonal, draw against a lone king if not won in 13 " ..
  "moves (Federação Portuguesa de Damas); lone-on-diagonal: the lone king holds it instead; off: no such draw")
local whose = three_kings == "lone-on-diagonal" and "enemy_pieces:king@long_diagonal == 1"
  or "pieces:king@long_diagonal >= 1"
local conditions = nil
if three_kings ~= "off" then
  conditions = { {
    when = "pieces == 3 and pieces:king == 3 and enemy_pieces == 1 and enemy_pieces:king == 1 and " .. whose,
    moves = 13, result = "draw", reason = "three kings against one, not won within 13 moves",
  } }
end

return draughts.game {
  title = "Spanish draughts",
  description = "Damas of Spain and Portugal: men capture forward only, kings fly, and the capture taking "
    .. "the most pieces, then the most kings, must be played.",
  sources = { "Federação Portuguesa de Damas, Regras do Jogo de Damas Clássicas",
              "torofun.com, Spanish draughts rules", "R. Halbersma, DCTL (rules/spanish.hpp)" },
  size = 8,
  pdn = "24,W,8,8,N1,1",
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "forward-diagonal",
  flying_kings = true,
  capture = "max-then-value",
  regions = { long_diagonal = "h1 g2 f3 e4 d5 c6 b7 a8" },
  ends = { no_moves = "loss", repetition = 3, move_rule = 40, conditions = conditions },
}
