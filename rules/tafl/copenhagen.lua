-- Copenhagen hnefatafl on 11x11, the rules outlined in 2012 by Aage Nielsen, Adam
-- Bartley and Tim Millar, WITHOUT three of its clauses (below): the shieldwall capture,
-- the exit fort, and the ban on perpetual repetition. Games where one of them would
-- decide play on here.
--
-- Sources, as read: A. Nielsen, "Rules of Copenhagen Hnefatafl 11x11",
-- aagenielsen.dk/copenhagen_rules.php (clauses 1 to 5a); the Copenhagen rules as
-- tafl.cyningstan.com/page/768/copenhagen-hnefatafl-rules gives them (clauses 1 to 10);
-- heptatlondemesa.org/general-6 (a restatement of aagenielsen's); taflheim.io/how-to-play.
--
-- Clause by clause:
-- * Two sides: the king with twelve defenders, and twenty-four attackers (aagenielsen
--   1), on an 11x11 board set up as its diagram shows (aagenielsen 2, cyningstan 2).
-- * The attackers move first, then the sides alternate (aagenielsen 4).
-- * Every piece, the king too, moves any number of vacant squares along a row or a
--   column, like a chess rook, over no piece (aagenielsen 4, cyningstan 3).
-- * The throne (f6) and the four corners are restricted: only the king may stand on
--   them; it may re-enter the throne, and every piece may pass through the throne
--   while it is empty (aagenielsen 3; cyningstan 4).
-- * The corners are hostile to every piece: they may replace one of the two pieces of
--   a capture. The throne is always hostile to the attackers, and to the defenders only
--   while it is empty (aagenielsen 3). The board edge is not hostile (heptatlondemesa).
-- * Every piece but the king is captured when sandwiched, along a row or a column,
--   between two enemy pieces or between an enemy piece and a hostile square; only the
--   capturing side's move closes the trap, so a piece may move in between two enemies
--   safely; the king takes part in captures (aagenielsen 5a).
-- * The king is captured when attackers surround him on all four sides, or on three
--   sides with the throne as the fourth (cyningstan 8 and 9; aagenielsen's overview:
--   "King armed, captured from 4 sides"), so never on the board edge. The attackers
--   win when they capture him (cyningstan 10).
-- * The defenders win when the king reaches a corner (cyningstan 10).
-- * The attackers also win when they surround all of the king's forces so that none can
--   reach the board's edge (cyningstan 10, whose text as read breaks off at "reach the
--   board"; taflheim: an unbroken ring around the king and all remaining defenders):
--   `encircled`, no defender can reach an edge square moving along rows and columns
--   through squares free of attackers.
-- * A player who cannot move loses (`no_moves`, the engine's default; the rule as
--   aagenielsen numbers it was not among the clauses read, so it is not cited).
--
-- Not here (their rules in the sources above, not yet in the rule language): the
-- shieldwall capture of a row of pieces on the edge (aagenielsen 5b, cyningstan 7), the
-- exit fort (aagenielsen's overview), and the loss for the defenders on perpetual
-- repetition (taflheim).
return game {
  title = "Copenhagen hnefatafl (without shieldwall, exit fort and repetition)",
  description = "Attackers besiege the king: he wins on reaching a corner, they win by surrounding him on four sides.",
  sources = {
    "Aage Nielsen, Rules of Copenhagen Hnefatafl 11x11, aagenielsen.dk/copenhagen_rules.php",
    "Copenhagen Hnefatafl Rules, tafl.cyningstan.com/page/768/copenhagen-hnefatafl-rules",
  },
  board = grid { width = 11, height = 11 },
  seats = { { name = "attackers", facing = "north" }, { name = "defenders", facing = "south" } },
  notation = { joiner = "-" },
  regions = { corners = "a1 k1 a11 k11", throne = "f6" },
  pieces = {
    piece { name = "attacker", symbol = "A", glyph = "●", value = 1, captured = "custodial",
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "defender", symbol = "D", glyph = "○", value = 2, captured = "custodial",
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "king", symbol = "K", glyph = "♔", value = 10, captured = "surround",
            moves = slide { dirs = "orthogonal", mode = "move" } },
  },
  restricted = {
    { region = "corners", stand = "king", hostile = "always" },
    { region = "throne", stand = "king", pass = true,
      hostile = { attackers = "always", defenders = "empty" } },
  },
  setup = {
    attackers = { attacker = "d1 e1 f1 g1 h1 f2 a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6 "
                             .. "d11 e11 f11 g11 h11 f10" },
    defenders = { king = "f6", defender = "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8" },
  },
  ends = {
    captures = { { captured = "king", result = "win", reason = "the king is captured" } },
    conditions = { { when = "enemy_pieces:king@corners >= 1", result = "loss",
                     reason = "the king escaped to a corner" } },
    encircled = "defenders",
    no_moves = "loss",
  },
}
