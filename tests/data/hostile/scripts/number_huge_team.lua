-- attacks: a seat's team of 1e9; expect: team is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  seats = { { name = "white", team = 1e9 }, "black" },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
