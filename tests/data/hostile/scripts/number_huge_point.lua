-- attacks: a point coordinate of 1e300; expect: x is out of range
return game { title = "hostile",
  board = points { points = { { "p", 1e300, 0 }, { "q", 0, 0 } } },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "p" } } }
