-- attacks: string.rep of the empty string 1e18 times; expect: instruction budget exhausted
local s = string.rep("", 1e18)
return {}
