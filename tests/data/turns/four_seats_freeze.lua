-- Four seats in two teams: a seat whose king is taken is frozen (its pieces stay,
-- may be captured and never move); a team with no seat in play loses.
return game {
  title = "four",
  board = grid { width = 4, height = 4 },
  seats = { { name = "south", team = 1 }, { name = "west", team = 2 },
            { name = "north", team = 1 }, { name = "east", team = 2 } },
  pieces = {
    piece { name = "king", symbol = "K", moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
  },
  setup = { south = { king = "a1" }, west = { king = "a4", rook = "b4" },
            north = { king = "d4" }, east = { king = "d1" } },
  ends = { captures = { { captured = "king", result = "freeze", reason = "king taken" } } },
}
