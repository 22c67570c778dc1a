-- Attack detection test: check, with only rules that a piece moving off a line cannot
-- uncover except by sliding (so move generation's pin shortcut applies). Slides restricted
-- by to and from regions that differ per seat, a slide of range two to three, once-per-game
-- slides and leaps, a capture anywhere into a zone, en passant, castling through squares
-- that must not be attacked, and promotion.
return game {
  title = "attack test: check",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = {
    start = { rank = 2 }, last = { rank = 8 }, home = { ranks = { 1, 2, 3, 4 } },
    ward = { white = "a1 a2 a3 a4 a5 a6 a7 a8 c1 c2 c3 c4 c5 c6 c7 c8 e5 e6 e7 e8 g1 g8",
             black = "h1 h2 h3 h4 h5 h6 h7 h8 f1 f2 f3 f4 f5 f6 f7 f8 d1 d2 d3 d4 b1 b8" },
    snipe = { white = "a8 b8 c8 f8 g8 h8 d7 e7", black = "a1 b1 c1 f1 g1 h1 d2 e2" },
  },
  pieces = {
    piece { name = "pawn", symbol = "P", value = 1, resets_move_rule = true, moves = {
      step { dirs = "forward", mode = "move" },
      slide { dirs = "forward", min = 2, max = 2, mode = "move", from = "start", ep = "set" },
      step { dirs = "forward-diagonal", mode = "capture", ep = "take" } },
      promotion = { zone = "last", to = { "queen", "knight", "lance" } } },
    piece { name = "knight", symbol = "N", value = 3, moves = {
      leap { offsets = { { 1, 2 } } },
      leap { offsets = { { 2, 2 } }, once = "bound", mode = "capture" } } },
    -- captures only from its own half
    piece { name = "bishop", symbol = "B", value = 3, moves = {
      slide { dirs = "diagonal", from = "home", mode = "capture" },
      slide { dirs = "diagonal", mode = "move" } } },
    piece { name = "rook", symbol = "R", value = 5, track_moved = true, moves = {
      slide { dirs = "orthogonal" } } },
    -- a rook that ends its moves only on its seat's ward squares
    piece { name = "warden", symbol = "W", value = 4, moves = {
      slide { dirs = "orthogonal", to = "ward" },
      step { dirs = "diagonal", mode = "move" } } },
    -- two or three squares in any direction, blocked by the first piece
    piece { name = "lance", symbol = "L", value = 3, moves = {
      slide { dirs = "all", min = 2, max = 3 }, step { dirs = "backward", mode = "move" } } },
    -- a short queen with one long capturing sortie per game
    piece { name = "queen", symbol = "Q", value = 8, moves = {
      slide { dirs = "all", max = 3 },
      slide { dirs = "all", min = 4, once = "sortie", mode = "capture" } } },
    -- strikes anywhere in its seat's snipe zone, and only from its own half
    piece { name = "sniper", symbol = "S", value = 2, moves = {
      anywhere { mode = "capture", to = "snipe", from = "home" },
      step { dirs = "forward", mode = "move" } } },
    piece { name = "king", symbol = "K", royal = true, track_moved = true, moves = {
      step { dirs = "all" },
      castle { dir = "e", steps = 2, with = "rook" },
      castle { dir = "w", steps = 2, with = "rook" } } },
  },
  setup = {
    white = { rook = "a1 h1", knight = "b1", bishop = "c1 f1", queen = "d1", king = "e1",
              warden = "g1", lance = "c3", sniper = "f3",
              pawn = "a2 b2 c2 d2 e2 f2 g2 h2" },
    black = { rook = "a8 h8", knight = "b8", bishop = "c8 f8", queen = "d8", king = "e8",
              warden = "g8", lance = "f6", sniper = "c6",
              pawn = "a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = { check = true, checkmate = "loss", stalemate = "draw", move_rule = 100,
           repetition = 3 },
}
