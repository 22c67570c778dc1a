-- Ishikulu: isiZulu umlabalaba, the Zulu game of the Morabaraba family, on the 24-point
-- board with diagonal lines.
--
-- Sources: E. L. Powe, "Umlabalaba" (BLAC Foundation), with the BLAC tournament rules in
-- Kiswahili and Indonesian; Mind Sports South Africa, Generally Accepted Rules of
-- Morabaraba (for the board and its notation); a Tamil description of the isiZulu game (for
-- the draws, which the BLAC texts retrieved do not give).
--
-- Clause by clause:
-- * Board: three rings of eight points joined at the side middles and, in the isiZulu board,
--   at the corners too (40 links). A line of three is a side of a ring, a cross line or a
--   corner diagonal (20 lines); Powe counts the diagonals in isiZulu, as the BLAC original
--   does (one reproduction gives them to isisuthu instead; we follow the original).
-- * 12 tokens each, all alike, the board empty. Player 1 (white) places first, then each in
--   turn places one token on any empty point.
-- * A line of three of one's own tokens that contains the token just placed or moved lets
--   its owner remove one enemy token, any one (Powe gives no protection of tokens in lines).
--   Powe says "must": removal is compulsory; option removal=optional takes the reading of
--   the players who may decline. Forming two lines at once still removes one token.
-- * When both hands are empty, player 1 moves first: one token one step along a link to an
--   empty point. A player with exactly three tokens flies: moves a token to any empty point.
-- * Ilobolo: if the placements fill all 24 points (no removal happened), player 1 gives one
--   of his own tokens to player 2, then player 2 gives one to player 1; each gift counts as
--   captured by the receiver. Two points are then empty and player 1 moves.
-- * A player who cannot move passes; when both cannot move, the game is drawn.
-- * A player who has captured ten tokens wins (the opponent is down to two).
-- * Both players at three tokens and thirty moves each (sixty turns) without a capture: a
--   draw. (At three tokens each, any capture ends the game, so the count runs from the
--   moment both reached three.)
local mill = require "mill.common"

local removal = option("removal", { "compulsory", "optional" }, "compulsory",
  "compulsory: a new line must remove an enemy token (\"must\" in E. L. Powe, Umlabalaba, " ..
  "BLAC Foundation); optional: the player may decline, as some players read it")

return mill.game {
  title = "Ishikulu (isiZulu umlabalaba)",
  sources = "E. L. Powe, Umlabalaba (BLAC Foundation); MSSA, Generally Accepted Rules of Morabaraba",
  description = "The Zulu mill game: place twelve tokens, then move and fly; a line of three removes an enemy token; ten captures win.",
  diagonals = true,
  piece = { name = "token", symbol = "T" },
  tokens = 12,
  stages = {
    stage { name = "remove", choose = "enemy-piece", optional = removal == "optional" },
    stage { name = "gift", who = "next", choose = "own-piece", followed_by = "gift_back" },
    stage { name = "gift_back", who = "next", choose = "own-piece" },
  },
  triggers = {
    trigger { on = "line", stage = "remove" },
    trigger { on = "full", stage = "gift", phase = "place" },
  },
  ends = { no_moves = "pass", passes = 2, capture_target = 10,
           material = { pieces = 3, plies = 60 } },
}
