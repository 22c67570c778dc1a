-- A small mill game: three tokens each on a 3x3 grid with two lines; place while
-- you hold tokens, then step; a token that completes a line removes an enemy token;
-- two captures win; a blocked player passes, two passes in a row draw.
return game {
  title = "mini mill",
  board = grid { width = 3, height = 3, lines = { "a1 b1 c1", "a1 a2 a3" } },
  phases = { phase { name = "place", when = "hand > 0" }, phase { name = "move" } },
  pieces = {
    piece { name = "man", symbol = "M",
            moves = { step { dirs = "orthogonal", mode = "move", phase = "move" } },
            drop = { phase = "place" } },
  },
  hand = { white = { man = 3 }, black = { man = 3 } },
  stages = { stage { name = "remove", choose = "enemy-piece" } },
  triggers = { trigger { on = "line", stage = "remove" } },
  ends = { no_moves = "pass", passes = 2, capture_target = 2, move_rule = 40 },
}
