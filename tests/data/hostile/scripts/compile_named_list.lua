-- attacks: a table of named fields where a list belongs; expect: moves must be a list
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { north = step { dirs = "n" }, south = step { dirs = "s" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
