-- Capablanca chess: chess on 10 x 8 squares with two more pieces, the archbishop
-- (bishop + knight) and the chancellor (rook + knight), between the bishops and knights.
--
-- Sources: Wikipedia, "Capablanca chess" (J. R. Capablanca's proposal: the setup, the two
-- new pieces, castling); D. B. Pritchard, The Classified Encyclopedia of Chess Variants
-- (2007), "Capablanca's Chess"; Fairy-Stockfish, variant "capablanca" (src/variant.cpp:
-- the FEN, the move text, castling as f1i1 and f1c1, and the perft counts this script is
-- tested against); FIDE Laws of Chess, 2023 (everything chess shares, through
-- chess/orthodox).
--
-- Clause by clause:
-- * Board: 10x8. White's first rank from a1: rook, knight, archbishop, bishop, queen,
--   king, bishop, chancellor, knight, rook; pawns on the second; Black's the same on ranks
--   8 and 7 (Wikipedia; Pritchard; Fairy-Stockfish's start FEN).
-- * Archbishop: moves as a bishop or a knight; chancellor: as a rook or a knight
--   (Wikipedia; Pritchard).
-- * Castling: the king goes three squares, f1 to i1 with the rook of j1 going to h1, or f1
--   to c1 with the rook of a1 going to d1, under chess's conditions (Wikipedia;
--   Fairy-Stockfish).
-- * Promotion: a pawn on the last rank becomes a queen, chancellor, archbishop, rook,
--   bishop or knight (Wikipedia; Fairy-Stockfish).
-- * Everything else is chess: the other pieces' moves, the pawn's double step and en
--   passant, check, checkmate wins, stalemate draws, fifty moves and threefold repetition
--   draw (Wikipedia; FIDE Laws, as chess/orthodox).
--
-- Readings:
-- * The array: Capablanca's, as Wikipedia and Fairy-Stockfish give it; the other arrays of
--   10x8 chess with these pieces (Carrera's, Bird's, Gothic and Embassy chess) are games of
--   their own. No option.
-- * The draws (fifty moves, threefold repetition) end the game at once, as in
--   chess/orthodox, not on a claim. No option.
local orth, diag = "orthogonal", "diagonal"

return extends("chess/orthodox", {
  title = "Capablanca chess",
  description = "José Raúl Capablanca's chess on 10x8 squares (1920s): the chess army with two more pieces, "
    .. "the archbishop (bishop and knight) and the chancellor (rook and knight).",
  sources = {
    "Wikipedia, Capablanca chess",
    "D. B. Pritchard, The Classified Encyclopedia of Chess Variants, 2007",
    "Fairy-Stockfish, variant capablanca (FEN, move text, perft)",
  },
  board = grid { width = 10, height = 8 },
  uci_variant = "capablanca",
  pieces = {
    piece { name = "archbishop", symbol = "A", glyph = ":pieces/chess/archbishop.svg", value = 7,
      moves = { slide { dirs = diag }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "chancellor", symbol = "C", glyph = ":pieces/chess/chancellor.svg", value = 9,
      moves = { slide { dirs = orth }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "pawn",
      promotion = { zone = "last_rank",
                    to = { "queen", "chancellor", "archbishop", "rook", "bishop", "knight" } } },
    -- The partner sites are White's; Black's are the same files on rank 8.
    piece { name = "king",
      moves = {
        step { dirs = "all" },
        castle { dir = "e", steps = 3, with = "rook", partner = "j1" },
        castle { dir = "w", steps = 3, with = "rook", partner = "a1" },
      },
    },
  },
  setup = {
    white = { rook = "a1 j1", knight = "b1 i1", archbishop = "c1", bishop = "d1 g1", queen = "e1",
              king = "f1", chancellor = "h1", pawn = "a2 b2 c2 d2 e2 f2 g2 h2 i2 j2" },
    black = { rook = "a8 j8", knight = "b8 i8", archbishop = "c8", bishop = "d8 g8", queen = "e8",
              king = "f8", chancellor = "h8", pawn = "a7 b7 c7 d7 e7 f7 g7 h7 i7 j7" },
  },
})
