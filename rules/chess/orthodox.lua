-- Chess as FIDE's Laws state it: castling, en passant, promotion to a piece of the
-- player's choice, checkmate, stalemate drawn, the fifty-move rule and threefold
-- repetition. The template most variants start from (extends "chess/orthodox").
--
-- Sources: FIDE Laws of Chess, taking effect from 1 January 2023 (Basic Rules of Play,
-- articles 1 to 5; Competition Rules, article 9).
--
-- Clause by clause:
-- * Board: 8x8; White's pieces on ranks 1 and 2, Black's on 8 and 7, each queen on a
--   square of its colour (d1, d8), the kings on e1 and e8; White moves first, then the
--   players alternate (FIDE 1.1, 2.1 to 2.4).
-- * Bishop, rook and queen slide along diagonals, files and ranks, over no piece; the
--   knight leaps to the nearest square not on its rank, file or diagonal; a piece captures
--   by moving onto an enemy piece (FIDE 3.1 to 3.6).
-- * Pawn: one square forward onto an empty square, two from its start rank over an empty
--   square, captures one square diagonally forward; en passant right after the double
--   step (FIDE 3.7).
-- * Promotion: a pawn reaching the last rank becomes, as part of the move, a queen, rook,
--   bishop or knight of the player's choice (FIDE 3.7).
-- * King: one square in any direction; castling with an unmoved rook on the same rank,
--   the king two squares towards it and the rook over the king, when neither has moved,
--   the squares between are empty, and the king is not in check, nor passes or lands on an
--   attacked square (FIDE 3.8).
-- * No move may leave its own king attacked (check) (FIDE 3.9, 3.10).
-- * Checkmate wins; stalemate is a draw (FIDE 5.1.1, 5.2.1).
-- * Fifty moves (100 plies) by each side without a pawn move or a capture draw, but a
--   checkmate given on the last of them still wins (FIDE 9.3 with 5.1.1).
-- * The third occurrence of the same position, with the same player to move, draws
--   (FIDE 9.2).
--
-- Readings:
-- * FIDE 9.2 and 9.3 let a player claim the draw by repetition or fifty moves; here the game
--   ends drawn at once when either holds, as engines and servers score it (FIDE 9.6's
--   automatic draws, fivefold repetition and 75 moves, come later and are never reached).
--   No option.
-- * A dead position (FIDE 5.2.2: no series of legal moves can lead to mate, such as king
--   against king) is not detected: such a game ends by repetition or the fifty-move rule.
--   No option.
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
