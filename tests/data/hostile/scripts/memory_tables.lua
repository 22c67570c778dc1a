-- attacks: a loop that fills the Lua heap; expect: ran out of memory
local t = {}
for i = 1, 1e9 do t[i] = { i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i } end
return {}
