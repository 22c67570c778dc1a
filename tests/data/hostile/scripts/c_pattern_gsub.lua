-- attacks: gsub with a backtracking pattern; expect: instruction budget exhausted
local s = string.gsub(string.rep("a", 40), string.rep("a-", 20) .. "b", "")
return {}
