-- Four seats in two teams on an 8x8 board. A seat whose king is taken is frozen:
-- its pieces stay and can be captured, but they never move, so they threaten
-- nothing; a seat with no pieces left goes out. Exercises attack detection
-- against seats that leave play.
return game {
  title = "frozen seats",
  board = grid { width = 8, height = 8 },
  seats = {
    { name = "south", team = 1, facing = "north" }, { name = "west", team = 2, facing = "east" },
    { name = "north", team = 1, facing = "south" }, { name = "east", team = 2, facing = "west" },
  },
  pieces = {
    piece { name = "king", symbol = "K", moves = { step { dirs = "all" } } },
    piece { name = "rook", symbol = "R", moves = { slide { dirs = "orthogonal" } } },
    piece { name = "knight", symbol = "N", moves = { leap { offsets = { { 1, 2 } } } } },
  },
  setup = {
    south = { king = "d1", rook = "c1", knight = "b1" },
    west = { king = "a5", rook = "a6", knight = "a7" },
    north = { king = "e8", rook = "f8", knight = "g8" },
    east = { king = "h4", rook = "h3", knight = "h2" },
  },
  ends = { extinction = true,
           captures = { { captured = "king", result = "freeze", reason = "king taken" } } },
}
