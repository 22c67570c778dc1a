-- Attack detection test: slides and steps, seen by four seats in two teams facing the four
-- ways, so that every relative direction and every per-seat region is turned. It exercises
-- ranges with a minimum and a maximum, from and to regions (ranks counted from each seat's
-- side, and named sites that differ per seat), a once-per-game capturing slide, move-only and
-- capture-only slides, and captures / cannot_capture restrictions. Heralds avoid attack, so
-- legal moves also read attack maps. No royal and no check.
return game {
  title = "attack test: slides",
  board = grid { width = 8, height = 8 },
  seats = {
    { name = "south", team = 1, facing = "north" }, { name = "west", team = 2, facing = "east" },
    { name = "north", team = 1, facing = "south" }, { name = "east", team = 2, facing = "west" },
  },
  turn_order = "south west north east",
  regions = {
    near = { ranks = { 1, 2, 3, 4 } },
    mid = "c3 d3 e3 f3 c4 d4 e4 f4 c5 d5 e5 f5 c6 d6 e6 f6",
    marked = {
      south = "a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3 b6 d6 f6 h6 a7 c7 e7 g7 b8 d8 f8 h8",
      west = "a2 a4 a6 a8 b1 b3 b5 b7 c2 c4 c6 c8 f1 f3 f5 f7 g2 g4 g6 g8",
      north = "d1 d2 d3 d4 d5 d6 d7 d8 e1 e2 e3 e4 e5 e6 e7 e8",
      east = "a1 a2 a3 b1 b2 b3 c1 c2 c3 f6 f7 f8 g6 g7 g8 h6 h7 h8",
    },
  },
  pieces = {
    piece { name = "rook", symbol = "R", value = 5, moves = { slide { dirs = "orthogonal" } } },
    -- two or three squares forward only, blocked by the first piece
    piece { name = "lance", symbol = "L", value = 2, moves = {
      slide { dirs = "forward", min = 2, max = 3 },
      step { dirs = "backward sideways", mode = "move" } } },
    -- captures only into the middle; moves one square orthogonally
    piece { name = "guard", symbol = "G", value = 2, moves = {
      slide { dirs = "diagonal", max = 2, to = "mid" },
      step { dirs = "orthogonal", mode = "move" } } },
    -- captures only from its own half of the board (ranks 1-4 as it sees them)
    piece { name = "zealot", symbol = "Z", value = 3, moves = {
      slide { dirs = "all", from = "near", mode = "capture" },
      step { dirs = "all", mode = "move" } } },
    -- one capturing rook move per game; a king's step otherwise
    piece { name = "burst", symbol = "B", value = 3, moves = {
      slide { dirs = "orthogonal", once = "burst", mode = "capture" },
      step { dirs = "all" } } },
    -- a bishop that takes only rooks and bursts
    piece { name = "picky", symbol = "P", value = 3, captures = { "rook", "burst" },
      moves = { slide { dirs = "diagonal" } } },
    -- a short rook that may not take rooks or lances
    piece { name = "shy", symbol = "S", value = 2, cannot_capture = { "rook", "lance" },
      moves = { slide { dirs = "orthogonal", max = 4 } } },
    -- a queen of range 2 to 5 that may end its move only on its seat's marked squares
    piece { name = "marker", symbol = "M", value = 4, moves = {
      slide { dirs = "all", min = 2, max = 5, to = "marked" },
      step { dirs = "forwards", mode = "move" } } },
    -- may not end a move where an enemy could take it
    piece { name = "herald", symbol = "H", value = 1, avoid_attack = true, moves = {
      step { dirs = "all" } } },
  },
  setup = {
    south = { rook = "b1 f2", lance = "c1 e2", guard = "d1", zealot = "e1", burst = "f1",
              shy = "g1", picky = "c2", marker = "d2", herald = "b2 g2" },
    west = { rook = "a2 b6", lance = "a3 b5", guard = "a4", zealot = "a5", burst = "a6",
             shy = "a7", picky = "b3", marker = "b4", herald = "a1 a8" },
    north = { rook = "g8 c7", lance = "f8 d7", guard = "e8", zealot = "d8", burst = "c8",
              shy = "b8", picky = "f7", marker = "e7", herald = "b7 g7" },
    east = { rook = "h7 g3", lance = "h6 g4", guard = "h5", zealot = "h4", burst = "h3",
             shy = "h2", picky = "g6", marker = "g5", herald = "h1 h8" },
  },
}
