-- attacks: string.format of a 1 MiB string in a loop; expect: instruction budget exhausted
local s = string.rep("x", 1 << 20)
for i = 1, 1e9 do local t = string.format("%s%s", s, s) end
return {}
