-- attacks: a piece constructor where a move belongs; expect: not piece { }
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = { piece { name = "x" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
