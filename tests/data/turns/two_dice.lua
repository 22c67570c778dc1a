-- Two dice with faces 1 and 2 thrown each turn; each move uses one die, in either
-- order; a piece moves only on the die it accepts.
return game {
  title = "two dice",
  board = grid { width = 3, height = 4 },
  pieces = {
    piece { name = "one", symbol = "O", roll = { 1 }, moves = { step { dirs = "n", mode = "move" } } },
    piece { name = "two", symbol = "T", roll = { 2 }, moves = { step { dirs = "n", mode = "move" } } },
  },
  setup = { white = { one = "a1", two = "c1" }, black = { one = "a4", two = "c4" } },
  dice = { faces = { 1, 2 }, count = 2 },
  ends = { no_moves = "pass", passes = 40 },
}
