-- Attack detection test: "anywhere" moves that capture. A once-per-game strike onto any
-- enemy, a sniper that may strike only from its seat's perches into its seat's zone (both
-- differ per seat), a ghost that moves anywhere and takes only pawns, and pieces that may
-- not end a move where an enemy could take them (avoid_attack), judged against all of it.
return game {
  title = "attack test: anywhere",
  board = grid { width = 6, height = 6 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = {
    perch = { white = "a1 b1 c1 d1 e1 f1 a2 f2", black = "a6 b6 c6 d6 e6 f6 c5 d5" },
    zone = { white = "a5 b5 c5 d5 e5 f5 a6 c6 e6 b4 e4", black = "a1 b1 c1 d1 e1 f1 a2 d3" },
  },
  pieces = {
    piece { name = "assassin", symbol = "X", value = 3, moves = {
      anywhere { once = "strike", mode = "capture" },
      step { dirs = "all", mode = "move" } } },
    piece { name = "sniper", symbol = "S", value = 3, moves = {
      anywhere { from = "perch", to = "zone", mode = "capture" },
      step { dirs = "orthogonal", mode = "move" } } },
    piece { name = "ghost", symbol = "G", value = 2, captures = { "pawn" }, moves = {
      anywhere { mode = "any" } } },
    piece { name = "pawn", symbol = "P", value = 1, moves = {
      step { dirs = "forward", mode = "move" },
      step { dirs = "forward-diagonal", mode = "capture" } } },
    piece { name = "timid", symbol = "T", value = 2, avoid_attack = true, moves = {
      step { dirs = "all" } } },
  },
  setup = {
    white = { assassin = "b1", sniper = "c1 d1", ghost = "e1", timid = "a1 f1",
              pawn = "a2 b2 c2 d2 e2 f2" },
    black = { assassin = "b6", sniper = "c6 d6", ghost = "e6", timid = "a6 f6",
              pawn = "a5 b5 c5 d5 e5 f5" },
  },
  ends = { move_rule = 80 },
}
