-- attacks: castle steps of -5; expect: steps is out of range: -5
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", royal = true, moves = { castle { dir = "e", steps = -5, with = "man" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
