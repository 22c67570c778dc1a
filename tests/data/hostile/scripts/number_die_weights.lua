-- attacks: die weights whose products overflow 64 bits; expect: add up to more than 1000000
return game { title = "hostile", board = grid { width = 3, height = 3 },
  dice = { faces = { 1, 2, 3 }, weights = { 1000000, 1000000, 1000000 }, count = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
