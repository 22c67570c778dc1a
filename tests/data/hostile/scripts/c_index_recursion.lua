-- attacks: an __index that indexes itself, overflowing the C stack; expect: C stack overflow
local t = setmetatable({}, {})
getmetatable(t).__index = function(t, k) return t[k] end
local x = t.anything
return {}
