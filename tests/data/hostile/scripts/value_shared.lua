-- attacks: one table shared 2^40 times by its parents' fields; expect: kMaxValue
local t = {}
for i = 1, 40 do t = { t, t } end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  sources = t,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
