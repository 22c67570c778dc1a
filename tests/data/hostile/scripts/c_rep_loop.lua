-- attacks: string.rep of 64 MiB in a loop; expect: instruction budget exhausted
for i = 1, 1e9 do local s = string.rep("x", 1 << 26) end
return {}
