-- attacks: a grid width of 1e300; expect: width is out of range
return game { title = "hostile", board = grid { width = 1e300, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
