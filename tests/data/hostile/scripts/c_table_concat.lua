-- attacks: table.concat over 2^50 entries supplied by __index; expect: instruction budget exhausted
local t = setmetatable({}, { __index = function() return "" end })
local s = table.concat(t, "", 1, 1 << 50)
return {}
