-- attacks: gmatch with a backtracking pattern; expect: instruction budget exhausted
for w in string.gmatch(string.rep("a", 40), string.rep("a?", 30) .. "b") do end
return {}
