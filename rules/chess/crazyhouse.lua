-- Crazyhouse: chess in which a captured piece joins the capturer's hand, to be dropped
-- later on an empty square as a move of its own.
--
-- Sources: Wikipedia, "Crazyhouse", sections Rules and Variations; Fairy-Stockfish,
-- src/variant.cpp, crazyhouse_variant (capturesToHand, pieceDrops; its FEN, move text and
-- perft counts); FIDE Laws of Chess, 2023, articles 3, 5 and 9 (everything of chess,
-- through chess/orthodox).
--
-- Clause by clause:
-- * Everything of FIDE chess holds: board, setup, the moves, castling, en passant,
--   promotion, check, checkmate wins, stalemate draws, fifty moves and threefold
--   repetition draw (Wikipedia, "Crazyhouse"; FIDE Laws, as chess/orthodox).
-- * A captured piece changes colour and goes to the capturer's hand; a piece that was
--   promoted goes back as a pawn (Wikipedia, Rules; Fairy-Stockfish: capturesToHand, the
--   promoted piece written with '~', Q~).
-- * Instead of moving, a player may drop a piece from hand on any empty square, also to
--   give check or mate (Wikipedia, Rules; Fairy-Stockfish: pieceDrops).
-- * Pawns are not dropped on the first or the last rank (Wikipedia, Rules;
--   Fairy-Stockfish's pawn drop ranks).
-- * Positions are written as Fairy-Stockfish writes them: the hands in [...] after the
--   board, a promoted piece followed by '~' (Fairy-Stockfish).
--
-- Readings:
-- * A promoted piece that is captured goes to hand as a pawn (Wikipedia, Rules;
--   Fairy-Stockfish); loop chess keeps it promoted (Wikipedia, Variations;
--   Fairy-Stockfish's loop_variant: dropLoop), a game of its own. No option.
-- * No pawn is dropped on the first rank; chessgi allows it (Wikipedia, Variations;
--   Fairy-Stockfish's chessgi_variant: firstRankPawnDrops). No option.
-- * A pawn dropped on its second rank may make the double step from there, and a rook
--   dropped on its corner never castles, as Fairy-Stockfish plays (Wikipedia says neither).
--   No option.
-- * The fifty-move rule and threefold repetition are chess's, ending the game at once as in
--   chess/orthodox; Wikipedia names no draw rule of crazyhouse's own. No option.
return extends("chess/orthodox", {
  title = "Crazyhouse",
  description = "The two-player bughouse of the internet chess servers: a piece you capture changes sides "
    .. "and joins your hand, to be dropped back on an empty square as a move.",
  sources = {
    "Wikipedia, \"Crazyhouse\", section Rules",
    "Fairy-Stockfish, src/variant.cpp, crazyhouse_variant",
    "FIDE Laws of Chess, 2023, articles 3 and 5 and 9 (the moves of the pieces)",
  },
  uci_variant = "crazyhouse",
  captures_to_hand = true,
  regions = { pawn_drops = { ranks = { 2, 3, 4, 5, 6, 7 } } },
  pieces = {
    piece { name = "pawn", drop = "pawn_drops",
      promotion = { zone = "last_rank", to = { "queen", "rook", "bishop", "knight" }, mark = true } },
    piece { name = "knight", drop = true },
    piece { name = "bishop", drop = true },
    piece { name = "rook", drop = true },
    piece { name = "queen", drop = true },
  },
})
