-- attacks: copying a 64 MiB string with .. in a loop; expect: instruction budget exhausted
local s = string.rep("x", 1 << 26)
for i = 1, 1e9 do local t = s .. i end
return {}
