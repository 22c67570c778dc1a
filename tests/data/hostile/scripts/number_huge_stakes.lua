-- attacks: stakes of 2^53; expect: win is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  stakes = { win = 2^53 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
