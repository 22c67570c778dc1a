-- Attack detection test: rules compiled into destination tables, which ignore what stands
-- between: symmetric leaps, a leap seen from the mover's side (symmetric = false), leaps
-- restricted by from and to regions that differ per seat, a once-per-game capturing leap,
-- jumping walks (exact, not exact, legs in either order), and captures / cannot_capture.
-- Scouts avoid attack, so legal moves also read attack maps.
return game {
  title = "attack test: leaps and jumping walks",
  board = grid { width = 7, height = 7 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = {
    home = { ranks = { 1, 2, 3 } },
    zone = { white = "a4 b4 c4 d4 e4 f4 g4 a6 c6 e6 g6 b7 d7 f7",
             black = "a4 b4 c4 d4 e4 f4 g4 b2 d2 f2 a1 c1 e1 g1 a7" },
  },
  pieces = {
    piece { name = "knight", symbol = "N", value = 3, moves = { leap { offsets = { { 1, 2 } } } } },
    -- a knight that only leaps forwards, as its owner sees forwards
    piece { name = "hook", symbol = "H", value = 2, moves = {
      leap { offsets = { { 1, 2 }, { -1, 2 }, { 2, 1 }, { -2, 1 } }, symmetric = false },
      step { dirs = "backward", mode = "move" } } },
    -- captures only from its first three ranks
    piece { name = "camel", symbol = "C", value = 2, moves = {
      leap { offsets = { { 1, 3 } }, from = "home", mode = "capture" },
      step { dirs = "orthogonal", mode = "move" } } },
    -- captures only onto its seat's zone
    piece { name = "zebra", symbol = "Z", value = 2, moves = {
      leap { offsets = { { 2, 3 } }, to = "zone" },
      step { dirs = "diagonal", mode = "move" } } },
    -- one capturing two-square vault per game
    piece { name = "vaulter", symbol = "V", value = 2, moves = {
      leap { offsets = { { 2, 0 } }, once = "vault", mode = "capture" },
      step { dirs = "all", mode = "move" } } },
    -- one straight and one diagonal step, either order, jumping
    piece { name = "thoat", symbol = "T", value = 3, moves = {
      walk { legs = { "orthogonal", "diagonal" }, any_order = true, jump = true } } },
    -- up to three diagonal steps, turning, jumping; may not take knights
    piece { name = "flier", symbol = "F", value = 4, cannot_capture = { "knight" }, moves = {
      walk { steps = 3, dirs = "diagonal", exact = false, jump = true } } },
    -- two jumping orthogonal steps, or a king's step; takes only thoats and fliers
    piece { name = "picky", symbol = "P", value = 1, captures = { "thoat", "flier" }, moves = {
      walk { steps = 2, dirs = "orthogonal", jump = true }, step { dirs = "all" } } },
    -- may not end a move where an enemy could take it
    piece { name = "scout", symbol = "S", value = 1, avoid_attack = true, moves = {
      step { dirs = "all" } } },
  },
  setup = {
    white = { knight = "b1 f1", hook = "a2 g2", camel = "c1", zebra = "e1", vaulter = "d1",
              thoat = "a1 g1", flier = "c2 e2", picky = "b2 d2 f2", scout = "c3 e3" },
    black = { knight = "b7 f7", hook = "a6 g6", camel = "c7", zebra = "e7", vaulter = "d7",
              thoat = "a7 g7", flier = "c6 e6", picky = "b6 d6 f6", scout = "c5 e5" },
  },
}
