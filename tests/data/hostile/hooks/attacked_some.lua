-- attacks: a filter hook that calls pos:attacked 10,000 times, far under its own budget once charged for the engine's work, so that only the command's budget, charged the same way, ends a long run
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    for i = 1, 10000 do pos:attacked("b2", "white", "man") end
    return true
  end }
