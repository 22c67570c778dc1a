-- Spanish draughts (seed 001; RULES.md B): 8x8, play on the squares with (x+y) odd,
-- so h1 is a playing square and a1 is not; White (south) moves first. Men step
-- diagonally forward and capture forward only; kings fly and capture at any
-- distance; capture is compulsory, the sequence taking most pieces must be
-- played, and among those the one taking most kings (kings are worth more).
-- Draws: threefold repetition, and 40 consecutive king moves (20 each) without a
-- capture or a man's move. Not scripted yet: the three-kings-against-one clause
-- and the PDN square numbering (squares are named a1..h8 here).
return game {
  title = "Spanish draughts",
  sources = { "seed 001_6620176a5d6c5816.txt", "RULES.md B.1-B.4" },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = { crown = { rank = 8 } },
  capture = "max-then-value",
  pieces = {
    piece { name = "man", symbol = "M", glyph = "⛂", value = 1, resets_move_rule = true,
      moves = {
        step { dirs = "forward-diagonal", mode = "move" },
        hop { dirs = "forward-diagonal" },
      },
      promotion = { zone = "crown", to = { "king" } },
    },
    piece { name = "king", symbol = "K", glyph = "⛃", value = 2,
      moves = {
        slide { dirs = "diagonal", mode = "move" },
        hop { dirs = "diagonal", flying = true },
      },
    },
  },
  setup = {
    white = { man = "b1 d1 f1 h1 a2 c2 e2 g2 b3 d3 f3 h3" },
    black = { man = "a6 c6 e6 g6 b7 d7 f7 h7 a8 c8 e8 g8" },
  },
  ends = { no_moves = "loss", repetition = 3, move_rule = 40 },
}
