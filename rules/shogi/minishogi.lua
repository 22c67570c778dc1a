-- Minishogi (5五将棋, gogo shogi), Shigenobu Kusumoto's shogi on 5 x 5 squares (1970):
-- shogi without lances and knights, one piece of each other kind a side, and a promotion
-- zone of one rank. Everything else is shogi, as shogi/shogi plays it, which this script
-- extends.
--
-- Sources: Wikipedia, "Minishogi" (Rules of the game, Promotion); Japan Shogi Association,
-- page on 5五将棋 (shogi.or.jp), and its rules of shogi; D. B. Pritchard, The Classified
-- Encyclopedia of Chess Variants (2007), "Minishogi"; Fairy-Stockfish, src/variant.cpp,
-- minishogi_variant and minishogi_variant_base (its FEN, move texts and the perft counts
-- this script is tested against).
--
-- Clause by clause:
-- * 5x5 board; each side has a king, a gold, a silver, a bishop, a rook and a pawn: sente's
--   king in its own left corner (a1), then gold, silver, bishop and rook along the first
--   rank, the pawn in front of the king (a2); gote's the same turned round (king e5, pawn
--   e4) (Wikipedia, Rules of the game; JSA, 5五将棋; Pritchard).
-- * The pieces move, capture, go to hand and drop as in shogi, with shogi's drop rules: no
--   pawn on a file with an unpromoted pawn of its side (nifu), none where it could never
--   move, and no pawn drop that mates at once (uchifuzume) (Wikipedia: all other rules as
--   in shogi; JSA rules of shogi).
-- * The promotion zone is the far rank alone; a move that starts or ends there may promote,
--   a pawn arriving on it must (Wikipedia, Promotion).
-- * Checkmate wins, a side with no move loses (as shogi/shogi).
-- * A fourfold repetition (sennichite) is a loss for sente, the side that moves first
--   (white here), whoever repeated (Wikipedia, "Minishogi"; Fairy-Stockfish's
--   minishogi_variant: nFoldValue = -VALUE_MATE, nFoldValueAbsolute).
-- * A repetition in whose cycle one side gave check with every move (perpetual check,
--   oute-sennichite) loses for the checking side, sente or gote (JSA rules;
--   Fairy-Stockfish's minishogi_variant_base: perpetualCheckIllegal).
-- * Positions and moves as Fairy-Stockfish writes them for its "minishogi" variant: start
--   FEN rbsgk/4p/5/P4/KGSBR[-] w 0 1, hands in [...], a promotion as b2b5+
--   (Fairy-Stockfish).
--
-- Readings:
-- * A pawn drop that mates at once is illegal, as in shogi (Wikipedia; JSA);
--   Fairy-Stockfish's minishogi allows it, so its move lists differ there
--   (tests/fsf_hands_test.cpp shows one). No option.
-- * Sennichite loses for sente, as Wikipedia and Fairy-Stockfish have it, where shogi/shogi
--   draws; perpetual check is judged first. No option.
local minishogi = extends("shogi/shogi", {
  title = "Minishogi",
  description = "Shigenobu Kusumoto's shogi on 5x5 squares (1970): one of each piece but lance and knight a side, "
    .. "promotion on the far rank, and a fourfold repetition lost by the first player.",
  sources = {
    "Wikipedia, \"Minishogi\" (Rules of the game, Promotion)",
    "Japan Shogi Association, 5五将棋 (shogi.or.jp)",
    "D. B. Pritchard, The Classified Encyclopedia of Chess Variants, 2007, \"Minishogi\"",
    "Fairy-Stockfish, src/variant.cpp, minishogi_variant (its FEN, move texts and perft)",
  },
  board = grid { width = 5, height = 5, checkered = false },
  uci_variant = "minishogi",
  regions = { zone = { ranks = { 5 } } },
  pieces = {
    piece { name = "lance", remove = true },
    piece { name = "knight", remove = true },
    piece { name = "promoted_lance", remove = true },
    piece { name = "promoted_knight", remove = true },
  },
})
-- The setup is replaced whole (extends would merge it by piece name, keeping
-- shogi's lances and knights).
minishogi.setup = {
  white = { king = "a1", gold = "b1", silver = "c1", bishop = "d1", rook = "e1", pawn = "a2" },
  black = { king = "e5", gold = "d5", silver = "c5", bishop = "b5", rook = "a5", pawn = "e4" },
}
-- Sennichite loses for sente (white) instead of drawing as in shogi/shogi;
-- perpetual check loses for the side that checks.
minishogi.ends = { check = true, checkmate = "loss", stalemate = "loss",
                   repetition = { count = 4, loser = "white", perpetual_check = "loses" } }
return minishogi
