-- Ishikulu: isiZulu umlabalaba, the Zulu game of the Morabaraba family, on the 24-point
-- board with diagonal lines.
--
-- Sources: E. L. Powe, "Umlabalaba" (BLAC Foundation), with the BLAC tournament rules in
-- Kiswahili and Indonesian; Mind Sports South Africa, Generally Accepted Rules of
-- Morabaraba (the board and its notation); a Tamil description of the isiZulu game, in ten
-- numbered clauses (the removal, the flying clause and the draws).
--
-- Clause by clause:
-- * Board: three rings of eight points joined at the side middles and, in the isiZulu board,
--   at the corners too (40 links). A line of three is a side of a ring, a cross line or a
--   corner diagonal (20 lines); Powe counts the diagonals in isiZulu, as the BLAC original
--   does (one reproduction gives them to isisuthu instead; we follow the original). Points
--   are named as in the MSSA competition notation (E, A and R rings). (Powe; MSSA; Tamil
--   description, clause 5: "horizontal, vertical or diagonal")
-- * 12 tokens each, all alike, the board empty. Player 1 (white) places first, then each in
--   turn places one token on any empty point. (Powe; Tamil description, clauses 1 to 4)
-- * A line of three of one's own tokens that contains the token just placed or moved lets
--   its owner remove one enemy token, any one (no token in a line is protected). The Tamil
--   description says the player "may take" a token (clauses 5 and 8): the removal is
--   optional, and the player may decline it. Forming two lines at once still removes one
--   token. (Tamil description, clauses 5 and 8; Powe for "any one")
-- * When both hands are empty, player 1 moves first: one token one step along a link to an
--   empty point. (Powe; Tamil description, clause 7)
-- * A player with exactly three tokens flies: moves a token to any empty point, unlike the
--   players of isisuthu. (Powe; Tamil description, clause 9)
-- * Ilobolo: if the placements fill all 24 points (no removal happened), player 1 gives one
--   of his own tokens to player 2, then player 2 gives one to player 1; each gift counts as
--   captured by the receiver. Two points are then empty and player 1 moves. (Powe; Tamil
--   description, clause 7)
-- * A player who cannot move passes (Powe); when both cannot move, the game is drawn (Tamil
--   description, clause 10, "shara").
-- * A player who has captured ten tokens wins (the opponent is down to two). (Powe; Tamil
--   description, clause 9)
-- * Both players at three tokens and thirty moves each (sixty turns) without a capture: a
--   draw. At three tokens each, any capture ends the game, so the count runs from the
--   moment both reached three. (Tamil description, clause 10)
--
-- Readings:
-- * Removal: the Tamil description's "may take" makes the removal optional, and so it is
--   here; Powe writes "must" (Umlabalaba, BLAC Foundation): option removal=compulsory takes
--   his reading, where a new line must remove a token.
-- * Flying: clause 9 of the Tamil description adds "(when in an unable state)" to the flying
--   of a player with three tokens. We read it as naming the weakened state of a player
--   reduced to three, and let him fly whatever else he could do (flying=always, the
--   default): Powe and the MSSA rules give flying at three without a condition, the Tamil
--   clauses otherwise follow the BLAC rules point by point, and the other reading would
--   leave flying, which the clause sets against isisuthu, to the rare player whose three
--   tokens are all shut in. Option flying=when-blocked takes the other reading: with three
--   tokens a player steps like everyone else, and flies only when no step is possible.
-- * Draws: the BLAC texts retrieved give none; both draws come from the Tamil description
--   alone (no option). "Thirty moves" is read as thirty of each player's (no option).
-- * The count of ten captures includes the tokens received by ilobolo, each counted as
--   captured by its receiver (no option; the sources do not say).
local mill = require "mill.common"

local removal = option("removal", { "optional", "compulsory" }, "optional",
  "optional: a new line may remove an enemy token (\"may take\" in the Tamil description of " ..
  "the isiZulu game); compulsory: it must (\"must\" in E. L. Powe, Umlabalaba, BLAC Foundation)")

local flying = option("flying", { "always", "when-blocked" }, "always",
  "always: a player with three tokens flies (E. L. Powe, Umlabalaba, BLAC Foundation); " ..
  "when-blocked: with three tokens a player steps, and flies only when no step is possible " ..
  "(the Tamil description's \"when in an unable state\")")

return mill.game {
  title = "Ishikulu (isiZulu umlabalaba)",
  sources = "E. L. Powe, Umlabalaba (BLAC Foundation); MSSA, Generally Accepted Rules of " ..
            "Morabaraba; a Tamil description of the isiZulu game",
  description = "The Zulu mill game: place twelve tokens, then move and fly; a line of three removes an enemy token; ten captures win.",
  diagonals = true,
  piece = { name = "token", symbol = "T" },
  tokens = 12,
  flying = flying,
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
