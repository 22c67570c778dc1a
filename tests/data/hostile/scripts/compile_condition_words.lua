-- attacks: a phase condition of millions of words; expect: a condition has more than 65536 entries
return game { title = "hostile", board = grid { width = 3, height = 3 },
  phases = { phase { name = "p", when = string.rep("hand > 0 and ", 1 << 20) .. "hand > 0" } },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
