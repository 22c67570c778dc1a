-- attacks: a filter hook with a backtracking pattern; expect: instruction budget exhausted
return game { title = "hostile", board = grid { width = 3, height = 3 },
  filter = function(pos, move)
    return not string.find(string.rep("a", 40), string.rep("a*", 20) .. "b")
  end,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
