-- attacks: a slide max of 1e18; expect: max is out of range
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = { slide { dirs = "orthogonal", max = 1e18 } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
