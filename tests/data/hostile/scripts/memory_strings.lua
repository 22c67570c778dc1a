-- attacks: a loop that keeps distinct 1 MiB strings; expect: ran out of memory
local t, s = {}, string.rep("x", 1 << 20)
for i = 1, 1e9 do t[i] = s .. i end
return {}
