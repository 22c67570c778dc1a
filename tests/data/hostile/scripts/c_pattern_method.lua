-- attacks: the same pattern through the string metatable; expect: instruction budget exhausted
local hit = ("a"):rep(40):match(("a*"):rep(20) .. "b")
return {}
