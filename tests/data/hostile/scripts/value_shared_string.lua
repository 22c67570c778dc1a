-- attacks: a 1 MiB string referenced from 200 fields; expect: more than 32 MiB
local s = string.rep("x", 1 << 20)
local t = {}
for i = 1, 200 do t[i] = s end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  sources = t,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
