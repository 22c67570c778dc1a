-- FIDE chess: castling, en passant, promotion to a piece of the player's choice,
-- checkmate, stalemate (a draw), the 50-move rule and threefold repetition.
-- The template most variants start from.
local orth, diag, all = "orthogonal", "diagonal", "all"

return game {
  title = "Chess (FIDE)",
  description = "The international game, as FIDE's Laws state it: castling, en passant and promotion; "
    .. "checkmate wins, stalemate draws.",
  sources = { "FIDE Laws of Chess, 2023, articles 3 and 5 and 9" },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "chess",
  notation = "san",
  regions = {
    last_rank = { rank = 8 },
    pawn_start = { rank = 2 },
  },
  pieces = {
    piece { name = "pawn", symbol = "P", glyph = ":pieces/chess/pawn.svg", value = 1, resets_move_rule = true, san = "no-letter",
      moves = {
        step { dirs = "forward", mode = "move" },
        slide { dirs = "forward", min = 2, max = 2, mode = "move", from = "pawn_start", ep = "set" },
        step { dirs = "forward-diagonal", mode = "capture", ep = "take" },
      },
      promotion = { zone = "last_rank", to = { "queen", "rook", "bishop", "knight" } },
    },
    piece { name = "knight", symbol = "N", glyph = ":pieces/chess/knight.svg", value = 3, moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "bishop", symbol = "B", glyph = ":pieces/chess/bishop.svg", value = 3, moves = { slide { dirs = diag } } },
    piece { name = "rook", symbol = "R", glyph = ":pieces/chess/rook.svg", value = 5, track_moved = true,
      moves = { slide { dirs = orth } } },
    piece { name = "queen", symbol = "Q", glyph = ":pieces/chess/queen.svg", value = 9, moves = { slide { dirs = all } } },
    piece { name = "king", symbol = "K", glyph = ":pieces/chess/king.svg", royal = true, track_moved = true,
      moves = {
        step { dirs = all },
        castle { dir = "e", steps = 2, with = "rook" },
        castle { dir = "w", steps = 2, with = "rook" },
      },
    },
  },
  setup = {
    white = { rook = "a1 h1", knight = "b1 g1", bishop = "c1 f1", queen = "d1", king = "e1",
              pawn = "a2 b2 c2 d2 e2 f2 g2 h2" },
    black = { rook = "a8 h8", knight = "b8 g8", bishop = "c8 f8", queen = "d8", king = "e8",
              pawn = "a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "draw",
    move_rule = { plies = 100, mate_first = true },  -- a mate on the last ply still wins (9.3)
    repetition = 3,
  },
}
