-- attacks: walk steps of 2.5; expect: steps must be a whole number from 1 to 12, not 2.5
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = { walk { steps = 2.5, dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
