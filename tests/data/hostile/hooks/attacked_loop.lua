-- attacks: a filter hook that calls pos:attacked a million times, a few VM instructions each, so that only a charge for the engine's work in each call ends it within its budget
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    for i = 1, 1000000 do pos:attacked("b2", "white", "man") end
    return true
  end }
