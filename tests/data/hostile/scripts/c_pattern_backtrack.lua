-- attacks: a backtracking pattern that runs for hours in C; expect: instruction budget exhausted
local hit = string.find(string.rep("a", 40), string.rep("a*", 20) .. "b")
return {}
