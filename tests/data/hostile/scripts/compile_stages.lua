-- attacks: 1000 stages, checked for cycles pairwise; expect: at most 100 stages
local stages = {}
for i = 1, 1000 do stages[i] = stage { name = "s" .. i, choose = "move" } end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  stages = stages,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
