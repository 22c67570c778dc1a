-- A game that uses every field of the generic position string (seats, hands,
-- counters, dice, once-per-game flags, a promotion asked for as a stage of its
-- own, seats frozen by a capture), for the hostile-input tests.
return game {
  title = "kitchen",
  board = grid { width = 5, height = 5 },
  seats = { "red", "green", "blue" },
  counters = { "gold" },
  regions = { last = { rank = 5 } },
  pieces = {
    piece { name = "pawn", symbol = "P", roll = { 1, 2 },
            moves = { step { dirs = "all" }, anywhere { once = "leap", mode = "move" } },
            promotion = { zone = "last", to = { "king" }, ask = true }, drop = true },
    piece { name = "king", symbol = "K", moves = { step { dirs = "all" } } },
  },
  setup = { red = { pawn = "a1" }, green = { pawn = "c3" }, blue = { king = "e4" } },
  hand = { red = { pawn = 2 } },
  dice = { faces = { 1, 2, 3 }, count = 2 },
  ends = { captures = { { captured = "king", result = "freeze" } }, extinction = true },
}
