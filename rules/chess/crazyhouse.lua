-- Crazyhouse: chess in which a captured piece joins the capturer's hand, to be
-- dropped later on an empty square as a move of its own.
--
-- Rules, with their sources:
--  * Everything of FIDE chess (rules/chess/orthodox.lua) holds: castling, en
--    passant, promotion, check, mate and stalemate.
--  * A captured piece changes colour and goes to the capturer's hand; a piece
--    that was promoted goes back as a pawn (Wikipedia, "Crazyhouse", Rules;
--    Fairy-Stockfish, src/variant.cpp, crazyhouse_variant: capturesToHand).
--  * A move may instead drop a piece from hand on any empty square, also to give
--    check or mate; pawns are not dropped on the first or last rank (Wikipedia,
--    "Crazyhouse"; Fairy-Stockfish's dropPawnRank rule). A dropped pawn on its
--    second rank may make the double step; a dropped rook never castles.
--  * Positions are written as Fairy-Stockfish writes them: the hands in [...]
--    after the board, a promoted piece followed by '~' (Q~).
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
