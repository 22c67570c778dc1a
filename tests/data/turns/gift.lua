-- A full board after placement: the next seat gives one of its own tokens to the
-- other (counted as captured by the receiver), then the other gives one back.
return game {
  title = "gift",
  board = grid { width = 2, height = 2 },
  phases = { phase { name = "place", when = "hand > 0" }, phase { name = "move" } },
  pieces = {
    piece { name = "man", symbol = "M",
            moves = { step { dirs = "orthogonal", mode = "move", phase = "move" } },
            drop = { phase = "place" } },
  },
  hand = { white = { man = 2 }, black = { man = 2 } },
  stages = {
    stage { name = "gift", who = "next", choose = "own-piece", followed_by = "gift_back" },
    stage { name = "gift_back", who = "next", choose = "own-piece" },
  },
  triggers = { trigger { on = "full", stage = "gift", phase = "place" } },
  ends = { no_moves = "pass", passes = 2, move_rule = 40 },
}
