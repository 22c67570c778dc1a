-- attacks: a filter hook that keeps 4 MiB more at each call, up to 40 MiB in each thread's Lua state, so that threads together hold what no one state may
local kb = string.rep("k", 1024)
local kept = {}
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    if #kept < 10 then kept[#kept + 1] = string.rep(kb, 4096) .. #kept end
    return true
  end }
