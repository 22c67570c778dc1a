-- Attack detection test: walks whose intermediate squares must be empty. Exact and not
-- exact step counts, straight-only walks (turn = false), a walk that may cross a square
-- twice (revisit = true, so a path can pass over its own destination before ending
-- there), no_reverse, legs in either order, from and to regions that differ per seat, a
-- once-per-game capturing walk, and captures / cannot_capture restrictions. Scouts avoid
-- attack, so legal moves also read attack maps (where a path over the destination must not
-- count).
return game {
  title = "attack test: walks",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = {
    start = { ranks = { 1, 2, 3 } },
    zone = { white = "a5 b5 c5 d5 e5 f5 g5 h5 a7 c7 e7 g7 b8 d8 f8 h8 d4 e4",
             black = "a4 b4 c4 d4 e4 f4 g4 h4 b2 d2 f2 h2 a1 c1 e1 g1 d5" },
  },
  pieces = {
    piece { name = "warrior", symbol = "W", value = 2, moves = {
      walk { steps = 2, dirs = "orthogonal" } } },
    piece { name = "dwar", symbol = "D", value = 3, moves = {
      walk { steps = 3, dirs = "orthogonal", exact = false } } },
    -- three squares in a straight line, no turning
    piece { name = "runner", symbol = "R", value = 3, moves = {
      walk { steps = 3, dirs = "all", turn = false } } },
    -- three orthogonal steps that may cross a square twice; takes only warriors, dwars,
    -- loopers and scouts
    piece { name = "looper", symbol = "L", value = 2,
      captures = { "warrior", "dwar", "looper", "scout" },
      moves = { walk { steps = 3, dirs = "orthogonal", revisit = true } } },
    -- one straight and one diagonal step in either order, not jumping; captures only from
    -- its first three ranks
    piece { name = "thoat", symbol = "T", value = 3, moves = {
      walk { legs = { "orthogonal", "diagonal" }, any_order = true, from = "start" },
      step { dirs = "all", mode = "move" } } },
    -- two diagonal steps, ending only in its seat's zone
    piece { name = "padwar", symbol = "A", value = 2, moves = {
      walk { steps = 2, dirs = "diagonal", to = "zone" },
      step { dirs = "diagonal", mode = "move" } } },
    -- two forward-ish steps, never straight back; may not take padwars
    piece { name = "panthan", symbol = "N", value = 1, cannot_capture = { "padwar" }, moves = {
      walk { steps = 2, dirs = "not-backward", no_reverse = true, exact = false } } },
    -- one capturing two-step walk per game
    piece { name = "chief", symbol = "C", value = 5, moves = {
      walk { steps = 2, dirs = "all", exact = false, once = "rush", mode = "capture" },
      step { dirs = "all", mode = "move" } } },
    -- may not end a move where an enemy could take it
    piece { name = "scout", symbol = "S", value = 1, avoid_attack = true, moves = {
      step { dirs = "all" } } },
  },
  setup = {
    white = { warrior = "a1 h1", dwar = "b1 g1", runner = "c1", looper = "f1", thoat = "d1",
              chief = "e1", padwar = "a2 h2", panthan = "b2 c2 d2 e2 f2 g2", scout = "c3 f3" },
    black = { warrior = "a8 h8", dwar = "b8 g8", runner = "c8", looper = "f8", thoat = "d8",
              chief = "e8", padwar = "a7 h7", panthan = "b7 c7 d7 e7 f7 g7", scout = "c6 f6" },
  },
}
