-- attacks: a walk whose paths fill memory when precomputed; expect: kMaxCompiledBytes
return game { title = "hostile", board = grid { width = 32, height = 32 },
  pieces = { piece { name = "man", symbol = "M",  moves = { walk { steps = 12, dirs = "all", revisit = true, exact = false } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
