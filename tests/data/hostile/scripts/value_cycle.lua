-- attacks: a table that contains itself, read into C++ without end; expect: a table contains itself
local t = {}
t.again = t
return game { title = "hostile", board = grid { width = 3, height = 3 },
  sources = t,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
