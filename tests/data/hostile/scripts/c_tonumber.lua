-- attacks: tonumber scanning 64 MiB on every call; expect: instruction budget exhausted
local s = string.rep("1", 1 << 26)
for i = 1, 1e9 do local n = tonumber(s) end
return {}
