-- Attack detection test: captures by hopping. Short hops that chain (draughts men), flying
-- hops that chain (draughts kings), a single short orthogonal hop that does not chain and
-- is allowed only from the back ranks, a once-per-game flying hop, promotion on the last
-- rank, and cannot_capture. Capture is compulsory, so legal moves also pass the priority.
return game {
  title = "attack test: hops",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = { crown = { rank = 8 }, back = { ranks = { 1, 2, 3 } } },
  capture = "compulsory",
  pieces = {
    piece { name = "man", symbol = "M", value = 1, moves = {
      step { dirs = "forward-diagonal", mode = "move" },
      hop { dirs = "diagonal" } },
      promotion = { zone = "crown", to = { "king" } } },
    piece { name = "king", symbol = "K", value = 3, moves = {
      slide { dirs = "diagonal", mode = "move" },
      hop { dirs = "diagonal", flying = true } } },
    -- hops once over an orthogonal neighbour, only from its first three ranks; kings are
    -- too heavy for it
    piece { name = "frog", symbol = "F", value = 2, cannot_capture = { "king" }, moves = {
      step { dirs = "orthogonal", mode = "move" },
      hop { dirs = "orthogonal", chain = false, from = "back" } } },
    -- one long orthogonal flying hop per game
    piece { name = "arrow", symbol = "A", value = 2, moves = {
      step { dirs = "forwards", mode = "move" },
      hop { dirs = "orthogonal", flying = true, chain = false, once = "shot" } } },
  },
  setup = {
    white = { man = "b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3", frog = "a1 c1", arrow = "e1 g1" },
    black = { man = "a6 c6 e6 g6 b7 d7 f7 h7 a8 c8 e8 g8", frog = "h8 f8", arrow = "d8 b8" },
  },
  ends = { move_rule = 60 },
}
