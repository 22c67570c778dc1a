-- attacks: a filter hook that calls pos:attacked 100,000 times where capture chains make each call generate the enemy's moves (forty-eight pieces' worth), under its budget if charged only the estimate of a call that reads tables
return game { title = "hostile", board = grid { width = 12, height = 12 },
  pieces = { piece { name = "man", symbol = "M",
    moves = { step { dirs = "orthogonal", mode = "move" }, hop { dirs = "orthogonal" } } } },
  setup = { white = { man = "a1" }, black = { man = "c5 d5 e5 f5 g5 h5 i5 j5 c6 d6 e6 f6 g6 h6 i6 j6 c7 d7 e7 f7 g7 h7 i7 j7 c8 d8 e8 f8 g8 h8 i8 j8 c9 d9 e9 f9 g9 h9 i9 j9 c10 d10 e10 f10 g10 h10 i10 j10" } },
  filter = function(pos, move)
    for i = 1, 100000 do pos:attacked("b2", "white", "man") end
    return true
  end }
