-- attacks: table.move of 2^60 entries; expect: instruction budget exhausted
table.move({}, 1, 1 << 60, 2)
return {}
