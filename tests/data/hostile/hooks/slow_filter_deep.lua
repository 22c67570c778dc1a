-- attacks: the slow filter of slow_filter.lua, slow only after the first move, so a search has judged nothing when it is stopped inside a hook
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    if pos:ply() > 0 then
      local n = 0; for i = 1, 4500000 do n = n + i end
    end
    return true
  end }
