-- attacks: a plain find whose every candidate compares a long needle; expect: instruction budget exhausted
local hay, needle = string.rep("a", 1 << 24), string.rep("a", 1 << 20) .. "b"
for i = 1, 1000 do string.find(hay, needle, 1, true) end
return {}
