-- Shatranj, the medieval Persian and Arab chess, in the reading modern engines and servers
-- play: the Ferz and the Alfil in place of the queen and the bishop.
--
-- Sources: H. J. R. Murray, A History of Chess (1913), part I chapter 4; Fairy-Stockfish,
-- src/variant.cpp, shatranj_variant (stalemate, bare king, the 70-move rule; the perft
-- counts this script is tested against).
--
-- Clause by clause:
-- * Board 8x8; each side's Rukh, Faras and Alfil where chess has its rooks, knights and
--   bishops, the Ferz on the d-file and the Shah on the e-file, so that the Shahs face each
--   other; Baidaqs on the second and seventh ranks (Murray's reconstruction).
-- * Shah: one step in any direction; Rukh: the rook; Faras: the knight's leap; Ferz: one
--   diagonal step; Alfil: a leap of two squares diagonally, over any piece between (Murray;
--   Fairy-Stockfish).
-- * Baidaq: one step forward, captures one step diagonally forward; no double step, no en
--   passant; on the last rank it becomes a Ferz (Murray; Fairy-Stockfish). No castling.
-- * Check; checkmate wins (Murray).
-- * Stalemate loses for the stalemated side (Murray; Fairy-Stockfish: stalemateValue =
--   -VALUE_MATE).
-- * Bare king: a side left with its Shah alone loses; when one move leaves both Shahs bare
--   the game is drawn (Murray; Fairy-Stockfish's shatranj).
-- * 70 moves (140 plies) without a capture or a Baidaq move draw, a mate given on the last
--   of them still winning; threefold repetition draws (Fairy-Stockfish: nMoveRule = 70, and
--   its scoring of repetitions).
--
-- Readings:
-- * The array: the Shahs face each other on the e-file (white Shah e1, Ferz d1; black Shah
--   e8, Ferz d8), as Murray's diagrams and most modern ones show; Fairy-Stockfish's
--   shatranj puts them on d1 and d8 instead. The two arrays are mirror images, so move
--   counts agree. No option.
-- * Bare king: bare_king=loss (the default, as Fairy-Stockfish plays) makes the bare side
--   lose at once; bare_king=bare-back is the classical exception Murray reports, in which
--   the bared side may bare the other Shah with its very next move and draw.
-- * The 70-move rule and threefold repetition are not medieval: they are the engines'
--   (Fairy-Stockfish), ending the game at once. No option.
local orth, diag, all = "orthogonal", "diagonal", "all"
local bare = option("bare_king", { "loss", "bare-back" }, "loss",
  "loss: a bare king loses at once (Fairy-Stockfish's shatranj); bare-back: its side may " ..
  "first bare the other king and draw (the classical exception, Murray, A History of Chess)")

return game {
  title = "Shatranj",
  description = "The medieval Persian and Arab chess that modern chess grew from: the ferz steps one square "
    .. "diagonally, the alfil leaps two; a bare king or a stalemate loses.",
  sources = {
    "H. J. R. Murray, A History of Chess, 1913, part I chapter 4",
    "Fairy-Stockfish, src/variant.cpp, shatranj_variant (stalemate, bare king, 70-move rule)",
  },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "shatranj",
  notation = "san",
  regions = {
    last_rank = { rank = 8 },
  },
  pieces = {
    piece { name = "baidaq", symbol = "P", glyph = ":pieces/chess/pawn.svg", value = 1, resets_move_rule = true, san = "no-letter",
      moves = {
        step { dirs = "forward", mode = "move" },
        step { dirs = "forward-diagonal", mode = "capture" },
      },
      promotion = { zone = "last_rank", to = { "ferz" } },
    },
    piece { name = "faras", symbol = "N", glyph = ":pieces/chess/knight.svg", value = 3, moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "alfil", symbol = "B", glyph = ":pieces/chess/alfil.svg", value = 1, moves = { leap { offsets = { { 2, 2 } } } } },
    piece { name = "rukh", symbol = "R", glyph = ":pieces/chess/rook.svg", value = 5, moves = { slide { dirs = orth } } },
    piece { name = "ferz", symbol = "Q", glyph = ":pieces/chess/ferz.svg", value = 2, moves = { step { dirs = diag } } },
    piece { name = "shah", symbol = "K", glyph = ":pieces/chess/king.svg", royal = true, moves = { step { dirs = all } } },
  },
  setup = {
    white = { rukh = "a1 h1", faras = "b1 g1", alfil = "c1 f1", ferz = "d1", shah = "e1",
              baidaq = "a2 b2 c2 d2 e2 f2 g2 h2" },
    black = { rukh = "a8 h8", faras = "b8 g8", alfil = "c8 f8", ferz = "d8", shah = "e8",
              baidaq = "a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "loss",
    bare_king = { result = "loss", bare_back = bare == "bare-back" },
    move_rule = { plies = 140, mate_first = true },
    repetition = 3,
  },
}
