-- Grand chess: Christian Freeling's chess on 10 x 10 squares (1984), with the archbishop
-- (bishop + knight) and the chancellor (rook + knight), no castling, and promotion only to
-- a piece its side has lost.
--
-- Sources: Christian Freeling, "Grand Chess" (mindsports.nl); Wikipedia, "Grand chess"
-- (Rules, Promotion); Fairy-Stockfish, src/variant.cpp, grand_variant (the start FEN,
-- promotionRegion on ranks 8 to 10, promotionLimit, mandatoryPawnPromotion = false,
-- immobilityIllegal; its move text and the perft counts this script is tested against);
-- FIDE Laws of Chess, 2023 (what Grand chess keeps of chess, through chess/orthodox).
--
-- Clause by clause:
-- * Board: 10x10; each side's rooks in the corners of its first rank, the other pieces on
--   its second rank (knight, bishop, queen, king, chancellor, archbishop, bishop, knight
--   from the b-file to the i-file), its pawns on the third (Freeling; Wikipedia, Rules).
-- * The pieces move as in chess; the archbishop (Freeling's "cardinal") as a bishop or a
--   knight, the chancellor (his "marshal") as a rook or a knight (Freeling; Wikipedia).
-- * Pawns move as in chess, with the two-step first move from the third rank and en
--   passant; there is no castling (Freeling; Wikipedia).
-- * A pawn reaching the 8th or 9th rank may promote; on the 10th it must. It promotes only
--   to a piece of its side that has been captured (queen, chancellor, archbishop: one each;
--   rook, knight, bishop: two each), so a side never has more of a kind than at the start
--   (Freeling, promotion; Wikipedia, Promotion; Fairy-Stockfish: promotionLimit).
-- * A pawn may not move to the 10th rank while there is nothing it could become; on the 8th
--   and 9th it then stays a pawn (Freeling, promotion; Wikipedia, Promotion;
--   Fairy-Stockfish: immobilityIllegal, mandatoryPawnPromotion = false).
-- * Checkmate wins, stalemate draws; fifty moves and threefold repetition draw, as in
--   chess (Wikipedia, "Grand chess"; Fairy-Stockfish's grand_variant keeps chess's ends).
-- * Positions and moves as Fairy-Stockfish writes them for its "grand" variant
--   (Fairy-Stockfish).
--
-- Readings:
-- * The draws (fifty moves, threefold repetition) are chess's, ending the game at once as in
--   chess/orthodox, not on a claim. No option.
local orth, diag = "orthogonal", "diagonal"
local promotes_to = { "queen", "chancellor", "archbishop", "rook", "bishop", "knight" }

return extends("chess/orthodox", {
  title = "Grand chess",
  description = "Christian Freeling's chess on 10x10 squares (1984), with the archbishop and the chancellor, "
    .. "no castling, and pawns that promote only to a piece their side has lost.",
  sources = {
    "Christian Freeling, Grand Chess (mindsports.nl)",
    "Wikipedia, Grand chess",
    "Fairy-Stockfish, src/variant.cpp, grand_variant (FEN, move text, perft)",
  },
  board = grid { width = 10, height = 10 },
  uci_variant = "grand",
  regions = {
    last_rank = { rank = 10 },
    far_ranks = { ranks = { 8, 9 } },
    pawn_start = { rank = 3 },
  },
  pieces = {
    piece { name = "archbishop", symbol = "A", glyph = ":pieces/chess/archbishop.svg", value = 7,
      moves = { slide { dirs = diag }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "chancellor", symbol = "C", glyph = ":pieces/chess/chancellor.svg", value = 9,
      moves = { slide { dirs = orth }, leap { offsets = { { 1, 2 } } } } },
    piece { name = "pawn",
      promotion = {
        { zone = "last_rank", to = promotes_to, only_lost = true, none_lost = "illegal" },
        { zone = "far_ranks", to = promotes_to, only_lost = true, optional = true },
      } },
    piece { name = "king", moves = { step { dirs = "all" } } },
  },
  setup = {
    white = { rook = "a1 j1", knight = "b2 i2", bishop = "c2 h2", queen = "d2", king = "e2",
              chancellor = "f2", archbishop = "g2", pawn = "a3 b3 c3 d3 e3 f3 g3 h3 i3 j3" },
    black = { rook = "a10 j10", knight = "b9 i9", bishop = "c9 h9", queen = "d9", king = "e9",
              chancellor = "f9", archbishop = "g9", pawn = "a8 b8 c8 d8 e8 f8 g8 h8 i8 j8" },
  },
})
