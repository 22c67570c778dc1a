-- attacks: leaps with thousands of offsets, precomputed for every site; expect: kMaxPrecomputeSteps
local offs = {}
for i = 1, 20000 do offs[i] = { i % 100 - 50, i // 100 - 100 } end
return game { title = "hostile", board = grid { width = 32, height = 32 },
  pieces = { piece { name = "man", symbol = "M",  moves = { leap { offsets = offs, symmetric = false }, leap { offsets = offs, symmetric = false } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
