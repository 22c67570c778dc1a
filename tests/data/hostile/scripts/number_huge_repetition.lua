-- attacks: a repetition count of -1e300; expect: repetition is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  ends = { repetition = -1e300 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
