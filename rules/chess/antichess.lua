-- Antichess (losing chess), as lichess and Fairy-Stockfish's "antichess" play it: captures
-- are compulsory, the king is an ordinary piece, and a side that loses everything wins.
--
-- Sources: lichess.org, Antichess rules (https://lichess.org/variant/antichess);
-- Fairy-Stockfish, src/variant.cpp, giveaway_variant and antichess_variant; Wikipedia,
-- "Losing chess" (https://en.wikipedia.org/wiki/Losing_chess).
--
-- Clause by clause:
-- (Pieces in Betza's notation, https://en.wikipedia.org/wiki/Betza%27s_funny_notation.)
-- * Board, army, start and moves as in chess: pawns with the double step from their start
--   rank (ifmnD) and en passant (fceF) (lichess; Fairy-Stockfish).
-- * Capturing is compulsory: when a capture is possible only captures may be played, any
--   of them, not the largest (lichess; Fairy-Stockfish: mustCapture).
-- * The king is an ordinary piece: there is no check, it may be captured, and a pawn on the
--   last rank may become a king as well as a queen, rook, bishop or knight (lichess;
--   Fairy-Stockfish: no royal piece, king among the promotion pieces).
-- * No castling (lichess; Fairy-Stockfish: castling = false).
-- * A side with no pieces left wins (lichess; Fairy-Stockfish: extinctionValue, VALUE_MATE
--   for the side that cannot go on).
-- * A side with no legal move on its turn wins (lichess; Fairy-Stockfish: stalemateValue
--   VALUE_MATE).
-- * Fifty moves (100 plies) without a capture or a pawn move draw, and so does a threefold
--   repetition (lichess; Fairy-Stockfish keeps chess's nMoveRule = 50).
--
-- Readings:
-- * Stalemate: the side without a legal move wins, as lichess and Fairy-Stockfish's
--   antichess have it; FICS's suicide chess (Fairy-Stockfish's suicide_variant:
--   stalematePieceCount) gives it to the side with fewer pieces, and Wikipedia, "Losing
--   chess", names rule sets that score it otherwise still. No option.
-- * The repetition and fifty-move draws end the game at once, as lichess scores them, not
--   on a claim. No option.
return game {
  title = "Antichess",
  description = "Losing chess, as lichess plays it: captures are compulsory and the king is an ordinary piece. "
    .. "Lose all your pieces, or be left without a move, to win.",
  sources = {
    "Fairy-Stockfish, src/variant.cpp, giveaway_variant and antichess_variant",
    "lichess.org, Antichess rules (https://lichess.org/variant/antichess)",
    "Wikipedia, Losing chess (https://en.wikipedia.org/wiki/Losing_chess)",
  },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "antichess",
  notation = "san",
  capture = "compulsory",
  -- The computer players: material is a burden here, which the default evaluation (pieces
  -- count for their side) reads backwards; tree search with playouts to the end of the game
  -- plays by the result alone.
  ai = { search = "mcts" },
  regions = { last_rank = { rank = 8 } },
  pieces = {
    piece { name = "pawn", symbol = "P", glyph = ":pieces/chess/pawn.svg", value = 1, resets_move_rule = true,
            san = "no-letter", betza = "fmWfceFifmnD",
            promotion = { zone = "last_rank", to = { "queen", "rook", "bishop", "knight", "king" } } },
    piece { name = "knight", symbol = "N", glyph = ":pieces/chess/knight.svg", value = 3, betza = "N" },
    piece { name = "bishop", symbol = "B", glyph = ":pieces/chess/bishop.svg", value = 3, betza = "B" },
    piece { name = "rook", symbol = "R", glyph = ":pieces/chess/rook.svg", value = 5, betza = "R" },
    piece { name = "queen", symbol = "Q", glyph = ":pieces/chess/queen.svg", value = 9, betza = "Q" },
    piece { name = "king", symbol = "K", glyph = ":pieces/chess/king.svg", value = 3, betza = "K" },
  },
  setup = {
    white = { rook = "a1 h1", knight = "b1 g1", bishop = "c1 f1", queen = "d1", king = "e1",
              pawn = "a2 b2 c2 d2 e2 f2 g2 h2" },
    black = { rook = "a8 h8", knight = "b8 g8", bishop = "c8 f8", queen = "d8", king = "e8",
              pawn = "a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = {
    no_moves = "win",
    conditions = { { when = "pieces == 0", result = "win", reason = "no pieces left" } },
    move_rule = 100,
    repetition = 3,
  },
}
