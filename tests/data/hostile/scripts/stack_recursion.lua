-- attacks: Lua recursion without end; expect: stack overflow
local function f(n) return f(n + 1) + 1 end
f(1)
return {}
