-- Makruk, Thai chess, as Fairy-Stockfish plays it (UCI_Variant makruk): the Met steps one
-- square diagonally, the Bia start on the third rank and promote on the sixth, and the
-- counting rules draw long endgames.
--
-- Sources: Wikipedia, "Makruk" (https://en.wikipedia.org/wiki/Makruk); Fairy-Stockfish,
-- src/variant.cpp, makruk_variant (start position, promotion, stalemate, counting) and
-- src/position.cpp, count_limit and do_move (MAKRUK_COUNTING).
--
-- Clause by clause:
-- (Pieces in Betza's notation, https://en.wikipedia.org/wiki/Betza%27s_funny_notation.)
-- * Board 8x8. Each side's Rua, Ma and Khon on its first rank as chess's rooks, knights and
--   bishops, its Bia on its third rank; White's Khun on d1 and Met on e1, Black's Khun on e8
--   and Met on d8 (Wikipedia; Fairy-Stockfish's start position
--   rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR). White moves first.
-- * Khun (king, K): one step in any direction; royal (Wikipedia; Fairy-Stockfish).
-- * Met (M): one diagonal step (F) (Wikipedia; Fairy-Stockfish).
-- * Khon (S): one diagonal step or one step straight forward (FfW) (Wikipedia;
--   Fairy-Stockfish).
-- * Ma (N): the knight's leap; Rua (R): the rook (Wikipedia; Fairy-Stockfish).
-- * Bia (P): one step forward without capturing, captures one step diagonally forward
--   (fmWfcF); no double step, no en passant. A Bia that reaches the sixth rank (its third
--   from the enemy's side) becomes a Met at once (Wikipedia; Fairy-Stockfish).
-- * No castling. Check; checkmate wins; stalemate is a draw (Wikipedia; Fairy-Stockfish:
--   stalemateValue draw).
-- * Counting, board's honour (Fairy-Stockfish: MAKRUK_COUNTING; Wikipedia): once no
--   unpromoted Bia stands on the board, the side to move, if it has more than its Khun,
--   counts 64 moves.
-- * Counting, pieces' honour (Fairy-Stockfish; Wikipedia): a side left with its Khun alone
--   counts against the other side's strongest material: two Rua 8 moves, one Rua 16, two
--   Khon 22, two Ma 32, one Khon 44, anything else 64; its count starts from the number of
--   pieces on the board (a Khun alone against Khun and Rua, three pieces, counts 4, 5, ...
--   16).
-- * When the count passes its limit the game is drawn, unless the side to move is
--   checkmated (Fairy-Stockfish: counting_ply > counting_limit). The count, in plies, takes
--   the place of the en passant and halfmove fields of the FEN, as Fairy-Stockfish writes it
--   ("4k3/8/8/8/8/8/R7/4K3 b - 32 6 1": a limit of 32 plies, 6 counted).
-- * Threefold repetition draws (Fairy-Stockfish's scoring).
--
-- Readings:
-- * The counting follows Fairy-Stockfish's code where accounts of the Thai rules leave it
--   open: a capture or a promotion that leaves the side to move with its Khun alone starts
--   the pieces' honour count afresh; a lone Khun that takes the last Bia counts from that
--   move; there is no count while the other side has its Khun alone; a count, once started,
--   runs to its end, and is never stopped by the counting side. No option.
-- * No fifty-move rule (Fairy-Stockfish: nMoveRule = 0): the counting rules take its place.
--   No option.
-- * Threefold repetition draws at once, as Fairy-Stockfish scores it. No option.
return game {
  title = "Makruk (Thai chess)",
  description = "Thai chess, still widely played in Thailand: the met, where chess has its queen, steps one "
    .. "square diagonally, and the pawns start on the third rank and promote on the sixth.",
  sources = {
    "Fairy-Stockfish, src/variant.cpp, makruk_variant (start position, promotion, counting)",
    "Fairy-Stockfish, src/position.cpp, count_limit and do_move (MAKRUK_COUNTING)",
    "Wikipedia, Makruk (https://en.wikipedia.org/wiki/Makruk)",
  },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "makruk",
  notation = "san",
  regions = { promotion = { rank = 6 } },
  pieces = {
    piece { name = "bia", symbol = "P", glyph = ":pieces/makruk/bia.svg", value = 1, san = "no-letter", betza = "fmWfcF",
            promotion = { zone = "promotion", to = { "met" } } },
    piece { name = "ma", symbol = "N", glyph = ":pieces/chess/knight.svg", value = 3, betza = "N" },
    piece { name = "khon", symbol = "S", glyph = ":pieces/makruk/khon.svg", value = 3, betza = "FfW" },
    piece { name = "rua", symbol = "R", glyph = ":pieces/chess/rook.svg", value = 5, betza = "R" },
    piece { name = "met", symbol = "M", glyph = ":pieces/makruk/met.svg", value = 2, betza = "F" },
    piece { name = "khun", symbol = "K", glyph = ":pieces/makruk/khun.svg", royal = true, betza = "K" },
  },
  setup = {
    white = { rua = "a1 h1", ma = "b1 g1", khon = "c1 f1", khun = "d1", met = "e1",
              bia = "a3 b3 c3 d3 e3 f3 g3 h3" },
    black = { rua = "a8 h8", ma = "b8 g8", khon = "c8 f8", met = "d8", khun = "e8",
              bia = "a6 b6 c6 d6 e6 f6 g6 h6" },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "draw",
    repetition = 3,
    counting = {
      pawns = "bia",
      board = 64,
      bare = {
        { against = { rua = 2 }, moves = 8 },
        { against = { rua = 1 }, moves = 16 },
        { against = { khon = 2 }, moves = 22 },
        { against = { ma = 2 }, moves = 32 },
        { against = { khon = 1 }, moves = 44 },
        { moves = 64 },
      },
      bare_start = "pieces",
    },
  },
}
