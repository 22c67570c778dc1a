-- attacks: a hand count of 1e10; expect: hand count is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  hand = { white = { man = 1e10 } },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
