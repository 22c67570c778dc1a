-- Shatranj, in the reading modern engines and servers play: the medieval game
-- with the Ferz and Alfil in place of the queen and bishop.
--
-- Choices, with their sources:
--  * Array: each Shah faces the other on the e-file (white Shah e1, Ferz d1;
--    black Shah e8, Ferz d8), as in Murray's reconstruction and most modern
--    diagrams. Fairy-Stockfish's "shatranj" puts the Shahs on d1/d8 instead;
--    the two arrays are mirror images of each other, so move counts agree.
--  * No pawn double step, no castling, promotion to Ferz only on the last rank.
--  * Stalemate loses for the stalemated side (as in Fairy-Stockfish:
--    stalemateValue = -VALUE_MATE; Murray, A History of Chess, 1913, ch. 4).
--  * Bare king loses; when both kings are left bare by the same move the game is
--    drawn. The classical "return bare" exception, where the bared side may bare
--    the other on the very next move for a draw, is the option
--    bare_king=bare-back (default: loss, as Fairy-Stockfish plays).
--  * 70-move rule (140 plies without a capture or a Baidaq move), following
--    Fairy-Stockfish's nMoveRule = 70, where as in chess a mate given on the
--    last allowed move still wins; threefold repetition draws, as in the
--    engines that play shatranj today. Neither rule is medieval.
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
