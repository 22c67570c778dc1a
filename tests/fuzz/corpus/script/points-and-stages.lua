-- A point board with lines, placement then movement, a removal stage and dice,
-- as a seed for fuzz_script.
return game {
  title = "seed: points",
  board = points {
    points = { { "a", 0, 0 }, { "b", 1, 0 }, { "c", 2, 0 }, { "d", 0, 1 }, { "e", 1, 1 } },
    links = { { "a", "b" }, { "b", "c" }, { "a", "d" }, { "b", "e" }, { "d", "e" } },
    lines = { "a b c" },
  },
  phases = { phase { name = "place", when = "hand > 0" }, phase { name = "move" } },
  pieces = {
    piece { name = "token", symbol = "T",
            moves = { step { dirs = "all", mode = "move", phase = "move" } },
            drop = { phase = "place" } },
  },
  hand = { white = { token = 2 }, black = { token = 2 } },
  stages = { stage { name = "remove", choose = "enemy-piece" } },
  triggers = { trigger { on = "line", stage = "remove" } },
  dice = { faces = { 1, 2 } },
  ends = { no_moves = "pass", passes = 2, move_rule = 20 },
}
