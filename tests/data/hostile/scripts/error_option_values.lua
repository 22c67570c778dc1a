-- attacks: an option with 100000 values; expect: kMaxOptionValues
local values = {}
for i = 1, 100000 do values[i] = "v" .. i end
local size = option("size", values)
return {}
