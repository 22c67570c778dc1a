-- attacks: a leap offset of -1e300; expect: dx is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = { leap { offsets = { { -1e300, 1 } } } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
