-- What the two games of Chaturanga for four share: the seats, teams and turn
-- orders, and the array. The leaflets set the pieces "as on the diagram opposite",
-- which is not in their text, so the array is the classical one of H. J. R. Murray
-- (A History of Chess, 1913) and the accounts after him (Wikipedia's Chaturaji):
-- each army on the left half of its own edge, Elephant in the corner, Rajah nearest
-- the centre, Soldiers in front, moving away from their own edge. South moves first
-- (the first seat): a decision following Murray and convention, which the leaflets
-- do not state.
local M = {}

M.seats = {
  { name = "south", team = 1, facing = "north" },
  { name = "west", team = 2, facing = "east" },
  { name = "north", team = 1, facing = "south" },
  { name = "east", team = 2, facing = "west" },
}

-- "clockwise" (South, West, North, East) or "counter-clockwise" (South, East,
-- North, West).
function M.turn_order(turns)
  turns = params({ turns = turns }, { turns = { "clockwise", "counter-clockwise", required = true } },
                 "chaturanga.four.turn_order").turns
  if turns == "clockwise" then return "south west north east" end
  return "south east north west"
end

M.setup = {
  south = { elephant = "a1", horse = "b1", tower = "c1", rajah = "d1", soldier = "a2 b2 c2 d2" },
  east = { elephant = "h1", horse = "h2", tower = "h3", rajah = "h4", soldier = "g1 g2 g3 g4" },
  north = { elephant = "h8", horse = "g8", tower = "f8", rajah = "e8", soldier = "h7 g7 f7 e7" },
  west = { elephant = "a8", horse = "a7", tower = "a6", rajah = "a5", soldier = "b8 b7 b6 b5" },
}

M.majors = { "horse", "tower", "rajah" }

-- The die's faces: 1 and 6 move nothing.
M.die = { 1, 2, 3, 4, 5, 6 }
M.roll = { soldier = { 5 }, elephant = { 2 }, horse = { 3 }, tower = { 4 }, rajah = { 5 } }

-- The Soldier's two steps: forward, and diagonally forward to capture; with
-- soldier = "diagonal" the forward step does not capture.
function M.soldier_moves(soldier)
  soldier = params({ soldier = soldier },
                   { soldier = { "forward-or-diagonal", "diagonal", required = true } },
                   "chaturanga.four.soldier_moves").soldier
  return {
    step { dirs = "forward", mode = soldier == "diagonal" and "move" or "any" },
    step { dirs = "forward-diagonal", mode = "capture" },
  }
end

-- The exchange of Rajahs when each team has lost one: offered in place of a
-- move, answered by the next player of the other team.
M.exchange_stage = stage { name = "exchange", who = "next-enemy", choose = "answer",
                           answers = { "accept", "decline" },
                           effects = { accept = { restore = "rajah" } } }
M.exchange_action = action { name = "exchange", stage = "exchange",
                             when = "team_pieces:rajah == 1 and enemy_pieces:rajah == 1" }

return M
