-- attacks: tables nested 1000 deep; expect: nested more than 64 deep
local t = {}
for i = 1, 1000 do t = { t } end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  sources = t,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
