-- attacks: a filter hook that spends nearly all of its instruction budget at every call (9,000,000 instructions), so that a command is stopped in time only if hooks obey stop
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    local n = 0; for i = 1, 4500000 do n = n + i end
    return n > 0
  end }
