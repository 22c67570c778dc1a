-- Seirawan chess (S-chess), by Yasser Seirawan and Bruce Harper (2007): chess with two
-- more pieces that start off the board and enter it by gating.
--
-- Sources: Y. Seirawan and B. Harper, S-Chess rules (seirawanchess.com); Wikipedia,
-- "Seirawan chess"; Fairy-Stockfish, src/variant.cpp, seirawan_variant (its FEN, move text
-- and the perft counts this script is tested against); FIDE Laws of Chess, 2023 (what
-- S-chess keeps of chess, through chess/orthodox).
--
-- Clause by clause:
-- * Board, pieces, their start, castling, en passant, check, checkmate, stalemate and the
--   draws as in chess (S-Chess rules; Wikipedia, "Seirawan chess"; FIDE Laws, as
--   chess/orthodox).
-- * Two more pieces for each side, held off the board at the start: the hawk, which moves
--   as a bishop or a knight, and the elephant, as a rook or a knight (Wikipedia, the hawk
--   and the elephant; S-Chess rules).
-- * Gating: when a piece of the first rank makes its first move, its player may put the
--   hawk or the elephant on the square it left, as part of the same move; a piece that has
--   moved, or that entered by gating, never gives that chance again, so a piece in hand
--   once every first-rank piece has moved stays there for good (Wikipedia, Introducing the
--   hawk and elephant; S-Chess rules).
-- * When castling, the piece may enter on the king's or the rook's square (Wikipedia;
--   S-Chess rules).
-- * A pawn promotes to a queen, rook, bishop, knight, hawk or elephant (Wikipedia;
--   Fairy-Stockfish's promotionPieceTypes).
-- * Positions and moves as Fairy-Stockfish writes them for its "seirawan" variant: start
--   FEN rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1, the gating
--   rights in the castling field, the hand in [...]; a gating move as b1c3h, castling that
--   gates on the rook's square as h1e1h (Fairy-Stockfish).
--
-- Readings:
-- * A piece pinned to its king may move and gate when the gated piece keeps the line
--   closed, as the rules let every legal move gate; Fairy-Stockfish 11.1 does not list such
--   moves (newer versions do; tests/fsf_hands_test.cpp shows one). No option.
-- * The draws (fifty moves, threefold repetition) are chess's, ending the game at once as in
--   chess/orthodox, not on a claim. No option.
local orth, diag = "orthogonal", "diagonal"

return extends("chess/orthodox", {
  title = "Seirawan chess",
  description = "Yasser Seirawan and Bruce Harper's chess (2007): a hawk (bishop and knight) and an elephant "
    .. "(rook and knight) wait off the board and enter on the square a back-rank piece first leaves.",
  sources = {
    "Y. Seirawan and B. Harper, S-Chess rules (seirawanchess.com)",
    "Wikipedia, Seirawan chess",
    "Fairy-Stockfish, src/variant.cpp, seirawan_variant (FEN, move text, perft)",
  },
  uci_variant = "seirawan",
  regions = { first_rank = { rank = 1 } },
  pieces = {
    piece { name = "hawk", symbol = "H", glyph = ":pieces/chess/archbishop.svg", value = 7,
      moves = { slide { dirs = diag }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "elephant", symbol = "E", glyph = ":pieces/chess/chancellor.svg", value = 8,
      moves = { slide { dirs = orth }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "pawn",
      promotion = { zone = "last_rank",
                    to = { "queen", "elephant", "hawk", "rook", "bishop", "knight" } } },
  },
  hand = { white = { hawk = 1, elephant = 1 }, black = { hawk = 1, elephant = 1 } },
  gating = { from = "first_rank", pieces = { "hawk", "elephant" } },
})
