-- attacks: 10000 seats; expect: 1 to 8 seats
local seats = {}
for i = 1, 10000 do seats[i] = "s" .. i end
return game { title = "hostile", board = grid { width = 3, height = 3 },
  seats = seats,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
