-- attacks: a filter hook that makes 40 MB of strings with string.format, table.concat and tostring, which the allocation alone charges too little for
local s = string.rep("x", 100)
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } },
  filter = function(pos, move)
    for i = 1, 70000 do
      local t = string.format("%s%s%d", s, s, i)
      local u = table.concat({ s, s, i })
      local v = tostring(s .. s .. i)
    end
    return true
  end }
