-- attacks: a filter hook that keeps under its instruction budget but takes a second or so per call (a million pos:attacked), so a command is stopped in time only if hooks obey stop
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    for i = 1, 1000000 do pos:attacked("b2", "white", "man") end
    return true
  end }
