-- attacks: a filter hook that runs half a million instructions at each call, far under its budget, so that only a budget for the whole command ends a long run
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    local n = 0
    for i = 1, 250000 do n = n + i end
    return n > 0
  end }
