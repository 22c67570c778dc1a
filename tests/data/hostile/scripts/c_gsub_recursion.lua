-- attacks: a gsub callback that calls gsub again, overflowing the C stack; expect: C stack overflow
local function f(s) return (s:gsub(".", f)) end
f("x")
return {}
