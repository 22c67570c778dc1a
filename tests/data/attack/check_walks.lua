-- Attack detection test: check where attacks can be blocked by walks and hops (so move
-- generation cannot use its slider-only pin shortcut), with two royal pieces a side (a
-- move may leave neither attacked), a piece that avoids attack in a game with check, walks
-- with to and from regions that differ per seat, a once-per-game walk, short and flying
-- hops, and promotion.
return game {
  title = "attack test: check with walks and hops",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = {
    last = { rank = 8 }, back = { ranks = { 1, 2, 3 } },
    zone = { white = "a4 b4 c4 d4 e4 f4 g4 h4 a6 b6 c6 d6 e6 f6 g6 h6 b8 d8 f8 h8",
             black = "a5 b5 c5 d5 e5 f5 g5 h5 a3 b3 c3 d3 e3 f3 g3 h3 a1 c1 e1 g1" },
  },
  pieces = {
    piece { name = "chief", symbol = "C", value = 10, royal = true, moves = {
      walk { steps = 2, dirs = "all", exact = false } } },
    piece { name = "dwar", symbol = "D", value = 3, moves = {
      walk { steps = 3, dirs = "orthogonal" } } },
    piece { name = "warrior", symbol = "W", value = 2, moves = {
      walk { steps = 2, dirs = "orthogonal", to = "zone" },
      step { dirs = "orthogonal", mode = "move" } } },
    piece { name = "thoat", symbol = "T", value = 3, moves = {
      walk { legs = { "orthogonal", "diagonal" }, any_order = true, from = "back" },
      step { dirs = "diagonal", mode = "move" } } },
    piece { name = "rider", symbol = "R", value = 4, moves = {
      walk { steps = 3, dirs = "all", turn = false, exact = false },
      walk { steps = 4, dirs = "diagonal", turn = false, once = "charge", mode = "capture" } } },
    piece { name = "frog", symbol = "F", value = 2, moves = {
      step { dirs = "diagonal", mode = "move" },
      hop { dirs = "orthogonal", chain = false } } },
    piece { name = "man", symbol = "M", value = 1, moves = {
      step { dirs = "forward", mode = "move" },
      hop { dirs = "forward-diagonal sideways" } },
      promotion = { zone = "last", to = { "king" } } },
    piece { name = "king", symbol = "K", value = 4, moves = {
      step { dirs = "all", mode = "move" },
      hop { dirs = "all", flying = true } } },
    piece { name = "princess", symbol = "P", value = 1, avoid_attack = true, captures = {},
      moves = { walk { steps = 2, dirs = "all", jump = true }, anywhere { once = "escape" } } },
  },
  setup = {
    white = { chief = "d1 e1", dwar = "a1 h1", warrior = "b1 g1", thoat = "c1", rider = "f1",
              frog = "a2 h2", man = "b2 c2 e2 f2 g2", princess = "d2" },
    black = { chief = "d8 e8", dwar = "a8 h8", warrior = "b8 g8", thoat = "f8", rider = "c8",
              frog = "a7 h7", man = "b7 c7 d7 f7 g7", princess = "e7" },
  },
  ends = { check = true, checkmate = "loss", stalemate = "draw", move_rule = 80 },
}
