-- attacks: 100000 options, each kept in C++; expect: more than 64 options (kMaxOptions)
for i = 1, 100000 do option("o" .. i, { "a", "b" }) end
return {}
