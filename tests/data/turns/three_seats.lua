-- Three seats, each its own team: a seat with no stones leaves play and the
-- others play on; the last one standing wins.
return game {
  title = "three",
  board = grid { width = 4, height = 4 },
  seats = { "red", "green", "blue" },
  pieces = { piece { name = "stone", symbol = "S", moves = { step { dirs = "orthogonal" } } } },
  setup = { red = { stone = "a1" }, green = { stone = "a2" }, blue = { stone = "d4 c4" } },
  ends = { extinction = true },
}
