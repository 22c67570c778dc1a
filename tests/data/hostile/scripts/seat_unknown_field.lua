-- attacks: a misspelt field in a seat, which the fuzzer once made of facing; expect: unknown field 'facinemptyg' in a seat (allowed: name, team, facing, turned)
return game {
  title = "seats",
  board = grid { width = 3, height = 3 },
  seats = { { name = "white", facing = "north" }, { name = "black", facinemptyg = "north" } },
  pieces = { piece { name = "king", symbol = "K", moves = step { dirs = "all" } } },
  setup = { white = { king = "a1" }, black = { king = "c3" } },
}
