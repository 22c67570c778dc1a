-- attacks: utf8.codes skipping 16 MiB of continuation bytes on every call; expect: instruction budget exhausted
local s = string.rep("\x80", 1 << 24)
local step = utf8.codes(s)
for i = 1, 1e9 do step(s, 0) end
return {}
