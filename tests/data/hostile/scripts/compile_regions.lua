-- attacks: 60000 regions, each a mask of every site for every seat; expect: kMaxCompiledBytes
local regions = {}
for i = 1, 60000 do regions["r" .. i] = "a1" end
return game { title = "hostile", board = grid { width = 32, height = 32 },
  regions = regions,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
