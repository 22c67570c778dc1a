-- attacks: a __kind that is not a string; expect: __kind is a table
return game { title = "hostile", board = grid { width = 3, height = 3 },
  pieces = { { __kind = {}, name = "man" } },
  setup = { white = { man = "a1" }, black = { man = "c3" } } }
