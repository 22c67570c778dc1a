-- attacks: a generate hook that runs out of memory the script's load left nearly full; expect: ran out of memory
local mb = string.rep("k", 1 << 20)
local kept = {}
for i = 1, 470 do kept[i] = mb .. i end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  generate = function(pos)
    local more = {}
    for i = 1, 100 do more[i] = mb .. #kept .. i end
  end }
