-- Copenhagen hnefatafl on 11x11, the rules outlined in 2012 by Aage Nielsen, Adam Bartley
-- and Tim Millar, complete: custodial and shieldwall captures, the king captured on four
-- sides, his escape to a corner or into an exit fort, encirclement, and the defenders' loss
-- on perpetual repetition.
--
-- Sources: A. Nielsen, "Rules of Copenhagen Hnefatafl 11x11",
-- aagenielsen.dk/copenhagen_rules.php (its overview, clauses 1 to 5a, the start of 5b);
-- the Copenhagen rules as tafl.cyningstan.com/page/768/copenhagen-hnefatafl-rules gives
-- them (clauses 1 to 10); heptatlondemesa.org/general-6 (a restatement of aagenielsen's);
-- Taflheim, "How to play" (Copenhagen rules), taflheim.io/how-to-play.
--
-- Clause by clause:
-- * Two sides: the king with twelve defenders, and twenty-four attackers (aagenielsen 1),
--   on an 11x11 board set up as its diagram shows (aagenielsen 2, cyningstan 2).
-- * The attackers move first, then the sides alternate (aagenielsen 4).
-- * Every piece, the king too, moves any number of vacant squares along a row or a column,
--   like a chess rook, over no piece (aagenielsen 4, cyningstan 3).
-- * The throne (f6) and the four corners are restricted: only the king may stand on them;
--   it may re-enter the throne, and every piece may pass through the throne while it is
--   empty (aagenielsen 3; cyningstan 4).
-- * The corners are hostile to every piece: they may replace one of the two pieces of a
--   capture. The throne is always hostile to the attackers, and to the defenders only while
--   it is empty (aagenielsen 3). The board edge is not hostile (heptatlondemesa).
-- * Every piece but the king is captured when sandwiched, along a row or a column, between
--   two enemy pieces or between an enemy piece and a hostile square; only the capturing
--   side's move closes the trap, so a piece may move in between two enemies safely; the
--   king takes part in captures (aagenielsen 5a).
-- * The king is captured when attackers surround him on all four sides, or on three sides
--   with the throne as the fourth (cyningstan 8 and 9; aagenielsen's overview: "King armed,
--   captured from 4 sides"), so never on the board edge. The attackers win when they capture
--   him (cyningstan 10).
-- * The defenders win when the king reaches a corner (cyningstan 10).
-- * The attackers also win when they surround all of the king's forces so that none can
--   reach the board's edge (cyningstan 10; taflheim: an unbroken ring around the king and
--   all remaining defenders).
-- * Shieldwall: a row of two or more pieces along the board edge is captured together when
--   the enemy brackets the whole row at both ends and an enemy piece stands in front of
--   (inward of) every piece of the row; a corner may be one of the brackets; the king may
--   bracket, and a king in the row stays while the rest are taken (aagenielsen 5b; taflheim
--   "Shieldwall"). The capturing move is the bracketing move onto the edge (cyningstan 7):
--   `shieldwall = true` on both kinds of men.
-- * Exit fort: the defenders win when the king touches the board edge, is able to move, and
--   the attackers can never break the fort (aagenielsen's overview, "Exit fort").
-- * Repetition: perpetual repetition is forbidden, and the defenders lose the game if a
--   perpetual repetition occurs, whichever side caused it (taflheim "Repetition").
-- * A player who cannot move loses (taflheim: "they lose by immobilization").
--
-- Readings:
-- * Encirclement: cyningstan 10's text as read breaks off at "reach the board"; read as
--   `ends.encircled = "defenders"`: no defender, the king included, can reach an edge
--   square moving along rows and columns through squares free of attackers. No option.
-- * Exit fort: "can never break" read as `ends.edge_fort = "king"` reads it
--   (docs/authoring.md): the king on an edge square with an empty square beside him, the
--   squares he reaches without crossing a defender hold no attacker, and every defender
--   walling them in can never be captured, custodially or in a shieldwall, with attackers on
--   every square outside the fort that no such uncapturable defender holds. No option.
-- * Repetition: taflheim names no count; here the same position with the same side to move
--   a third time ends the game, lost by the defenders
--   (`repetition = { count = 3, loser = "defenders" }`). No option.
-- * Left out: taflheim's draw "if the game cannot be ended due to insufficient pieces",
--   which names no test a program could apply. No option.
return game {
  title = "Copenhagen hnefatafl",
  description = "Attackers besiege the king: he wins on reaching a corner, they win by surrounding him on four sides.",
  sources = {
    "Aage Nielsen, Rules of Copenhagen Hnefatafl 11x11, aagenielsen.dk/copenhagen_rules.php",
    "Copenhagen Hnefatafl Rules, tafl.cyningstan.com/page/768/copenhagen-hnefatafl-rules",
    "Taflheim, How to play (Copenhagen rules), taflheim.io/how-to-play",
  },
  board = grid { width = 11, height = 11 },
  seats = { { name = "attackers", facing = "north" }, { name = "defenders", facing = "south" } },
  notation = { joiner = "-" },
  regions = { corners = "a1 k1 a11 k11", throne = "f6" },
  pieces = {
    piece { name = "attacker", symbol = "A", glyph = ":pieces/tafl/attacker.svg", value = 1, captured = "custodial",
            shieldwall = true,
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "defender", symbol = "D", glyph = ":pieces/tafl/defender.svg", value = 2, captured = "custodial",
            shieldwall = true,
            moves = slide { dirs = "orthogonal", mode = "move" } },
    piece { name = "king", symbol = "K", glyph = ":pieces/tafl/king.svg", value = 10, captured = "surround",
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
    edge_fort = "king",
    repetition = { count = 3, loser = "defenders" },
    no_moves = "loss",
  },
}
