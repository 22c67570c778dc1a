-- Attack detection test: en passant and promotion. Pawns that leave the square they pass
-- capturable for one ply (two- and three-square first moves, and a sprinter's two-square
-- move from anywhere); captures there by a step, by a two-square diagonal slide and by a
-- move-only slide whose ep take applies where it may not end a plain move (outside its to
-- region), and a capturing slide whose ep take never applies; pieces that avoid attack, one
-- of which makes the long first move itself; promotion of a fearless pawn into a piece
-- that avoids attack, and of a fearful one into a fearless piece. No check.
return game {
  title = "attack test: en passant and promotion",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = { start = { rank = 2 }, last = { rank = 8 } },
  pieces = {
    piece { name = "pawn", symbol = "P", value = 1, moves = {
      step { dirs = "forward", mode = "move" },
      slide { dirs = "forward", min = 2, max = 3, mode = "move", from = "start", ep = "set" },
      step { dirs = "forward-diagonal", mode = "capture", ep = "take" } },
      promotion = { zone = "last", to = { "queen", "envoy" } } },
    -- a pawn that avoids attack, en passant included, and becomes a fearless queen
    piece { name = "page", symbol = "G", value = 1, avoid_attack = true, moves = {
      step { dirs = "forward", mode = "move" },
      slide { dirs = "forward", min = 2, max = 3, mode = "move", from = "start", ep = "set" },
      step { dirs = "forward-diagonal", mode = "capture", ep = "take" } },
      promotion = { zone = "last", to = { "queen" } } },
    -- captures up to two squares diagonally, en passant too
    piece { name = "archer", symbol = "A", value = 3, moves = {
      slide { dirs = "diagonal", max = 2, mode = "capture", ep = "take" },
      step { dirs = "all", mode = "move" } } },
    -- slides up to two squares orthogonally, as a plain move only onto the last rank;
    -- elsewhere the slide only takes en passant
    piece { name = "ferry", symbol = "F", value = 2, moves = {
      slide { dirs = "orthogonal", max = 2, mode = "move", to = "last", ep = "take" },
      step { dirs = "all", mode = "move" } } },
    piece { name = "queen", symbol = "Q", value = 9, moves = { slide { dirs = "all" } } },
    -- avoids attack; becomes a fearless queen on the last rank
    piece { name = "envoy", symbol = "E", value = 2, avoid_attack = true,
      moves = { step { dirs = "all" } }, promotion = { zone = "last", to = { "queen" } } },
    piece { name = "king", symbol = "K", value = 4, moves = { step { dirs = "all" } } },
    -- slides up to two squares forward or sideways, capturing too; its ep take never
    -- applies, since it may simply move onto the empty en passant square
    piece { name = "lancer", symbol = "L", value = 2, moves = {
      slide { dirs = "forward sideways", max = 2, ep = "take" },
      step { dirs = "backward", mode = "move" } } },
    -- two squares forward from anywhere, leaving the square passed capturable en passant
    piece { name = "sprinter", symbol = "R", value = 1, moves = {
      slide { dirs = "forward", min = 2, max = 2, mode = "move", ep = "set" },
      step { dirs = "backward sideways", mode = "move" } } },
  },
  setup = {
    white = { pawn = "a2 c2 e2 g2", page = "b2 d2 f2 h2 d5", archer = "c1 f1 b3",
              ferry = "b1 g1 a4 h4", queen = "d1", king = "e1", envoy = "a1 h1",
              sprinter = "c3 f3 d4 g4", lancer = "b4 e3" },
    black = { pawn = "b7 d7 f7 h7", page = "a7 c7 e7 g7 e4", archer = "c8 f8 g6",
              ferry = "b8 g8 a5 h5", queen = "d8", king = "e8", envoy = "a8 h8",
              sprinter = "c6 f6 b5 e5", lancer = "d6 g5" },
  },
  ends = { move_rule = 60 },
}
