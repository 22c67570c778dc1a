-- attacks: an option whose value is a 1 MiB string, copied into C++ for each mention; expect: kMaxOptionText
local huge = string.rep("v", 1 << 20)
local values = {}
for i = 1, 200 do values[i] = huge end
local size = option("size", values)
return {}
