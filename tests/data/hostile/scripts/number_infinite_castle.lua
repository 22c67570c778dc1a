-- attacks: castle steps of infinity; expect: steps must be a whole number from 1 to 1024, not inf
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", royal = true, moves = { castle { dir = "e", steps = 1/0, with = "man" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
