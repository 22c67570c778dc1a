-- attacks: a direction string of 70000 words; expect: kMaxListItems
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = { step { dirs = string.rep("n ", 70000) } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
