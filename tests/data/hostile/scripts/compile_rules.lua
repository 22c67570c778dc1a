-- attacks: 2000 move rules; expect: kMaxMoveRules
local moves = {}
for i = 1, 2000 do moves[i] = step { dirs = "n" } end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M",  moves = moves } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
