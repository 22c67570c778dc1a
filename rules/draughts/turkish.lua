-- Turkish draughts (Dama): 8x8, every square used; sixteen men each on the second and third
-- ranks; men and kings move and capture orthogonally. White (south) moves first.
--
-- Sources: W = Wikipedia, "Turkish draughts" (en.wikipedia.org/wiki/Turkish_draughts);
-- TG = "Turkish Draughts (Dama): rules of game and learning guide" (scribd.com document
-- 356142946), sections 1 to 4; AL = A. Alemanni, "Turkish 8x8 checkers"
-- (alemanni.pagesperso-orange.fr/turkish.html); DG = draughts.github.io, "Turkish draughts";
-- KI = kish, a Turkish draughts engine (docs.rs/kish): its rules summary and the perft numbers
-- of its examples/perft.rs; GB = the rules listed in the issue "Turkish draughts" (#178) of
-- m0ksem/GameCheckersBot on GitHub.
--
-- Clause by clause:
-- * Board: 8x8, every square used (TG 2, AL); each player has sixteen men on his second and
--   third ranks, the back rank empty (W, TG 4); White moves first (TG 1, DG).
-- * A man steps one square forward or sideways, never backward or diagonally (W, TG 2, AL).
-- * A man captures as he moves, forward or sideways, by jumping an adjacent enemy piece onto
--   the empty square beyond; he goes on jumping while he can (W, AL).
-- * A king (dama) moves any number of empty squares forward, backward or sideways (W, AL), and
--   captures a piece any number of empty squares away along the line, landing on any empty
--   square beyond it (W, AL, DG).
-- * Capturing is compulsory, and the capture that takes the most pieces must be played, kings
--   and men counting alike, one piece each; among equal counts the player chooses (W, DG 2-4):
--   capture = "max".
-- * Each captured piece is removed as it is jumped, before the capture goes on, so that its
--   square may be crossed again and new jumps may open (W, AL): hop removal = "immediate".
-- * Within one capture the piece may not turn 180 degrees between two jumps (W, DG 5): hop
--   no_reverse = true.
-- * A man that reaches the last rank becomes a king "at the end of the move" (W); one that
--   reaches it in the middle of a capture goes on capturing as a man, along that rank, and is
--   crowned where the capture ends, as KI also plays it ("continues as pawn, promotes at turn
--   end"): the promotion's default in_capture = "at-end".
-- * A player who cannot move, having no pieces or all blocked, loses (W, TG 1, AL).
-- * "A king versus single man also wins the game" (GB): the side left with one man against
--   one king loses at once, whoever is to move (ends.conditions).
-- * The same position three times is a draw (AL): ends.repetition.
-- * Perft from the start: 8, 64, 708, 7538, 85090, 931312 (KI).
-- * The king is worth five men (TG 3): a value for the computer players, not a rule.
--
-- Readings:
-- * A man crowned in the middle of a capture: DG reads that he goes on capturing as a king;
--   the script follows W and KI (he goes on as a man). The perft counts of the two readings
--   are the same to depth 7, so KI's numbers cannot tell them apart; no option.
-- * GB's "a king versus single man wins" is read as an immediate end, whoever is to move;
--   no option.
-- * The counts of moves without capture that some programs add (KI), and DG's draw with one
--   piece each, are not scripted; no option.
return game {
  title = "Turkish draughts",
  sources = { "Wikipedia, Turkish draughts",
              "Turkish Draughts (Dama): rules of game and learning guide, sections 1-4",
              "A. Alemanni, Turkish 8x8 checkers",
              "kish, a Turkish draughts engine: rules summary and perft numbers" },
  description = "Dama: men step forward and sideways, kings fly along lines, captured pieces "
    .. "leave at once and the most pieces must be taken.",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  regions = { crown = { rank = 8 } },
  capture = "max",
  pieces = {
    piece { name = "man", symbol = "M", glyph = ":pieces/draughts/man.svg", value = 1,
      moves = {
        step { dirs = "forward sideways", mode = "move" },
        hop { dirs = "forward sideways", removal = "immediate", no_reverse = true },
      },
      promotion = { zone = "crown", to = { "king" } },
    },
    piece { name = "king", symbol = "K", glyph = ":pieces/draughts/king.svg", value = 5,
      moves = {
        slide { dirs = "orthogonal", mode = "move" },
        hop { dirs = "orthogonal", flying = true, removal = "immediate", no_reverse = true },
      },
    },
  },
  setup = {
    white = { man = "a2 b2 c2 d2 e2 f2 g2 h2 a3 b3 c3 d3 e3 f3 g3 h3" },
    black = { man = "a6 b6 c6 d6 e6 f6 g6 h6 a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = {
    no_moves = "loss",
    repetition = 3,
    conditions = {
      { when = "pieces == 1 and pieces:king == 1 and enemy_pieces == 1 and enemy_pieces:man == 1",
        result = "win", reason = "a king against a lone man" },
      { when = "pieces == 1 and pieces:man == 1 and enemy_pieces == 1 and enemy_pieces:king == 1",
        result = "loss", reason = "a lone man against a king" },
    },
  },
}
