-- attacks: castle steps of 0 (the castling walk would never meet its end); expect: steps is out of range: 0
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", royal = true, moves = { castle { dir = "e", steps = 0, with = "man" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
