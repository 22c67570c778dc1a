-- Morabaraba, as Mind Sports South Africa plays it, on the 24-point board with diagonal lines.
--
-- Sources: Mind Sports South Africa, Generally Accepted Rules of Morabaraba (GAR), with its
-- competition notation; C. Freeling (mindsports.nl) for the full board; Wikipedia,
-- "Morabaraba", for the drawn ending of three against three.
--
-- Clause by clause:
-- * Board: three rings of eight junctions joined at the side middles and the corners (40
--   links); a line of three (a "mill") runs along a side, across the side middles or along
--   a corner diagonal (20 lines); junctions named as in the MSSA notation. (GAR)
-- * 12 cows each, the board empty; each in turn places one cow on an empty junction. (GAR)
-- * A mill that contains the cow just placed or moved lets its owner shoot one enemy cow;
--   the GAR say "may", so the shot is optional. A cow standing in a mill may not be shot
--   while the opponent has a cow outside every mill. Two mills made by one move still shoot
--   one cow. (GAR)
-- * When the hands are empty, player 1 moves first: one cow one step along a line to an
--   adjacent empty junction. A player with three cows left flies to any empty junction. (GAR)
-- * Mills may be broken and made again, but a cow that broke a mill and made a new one with
--   the same move may not go straight back on its owner's next turn where that makes the
--   broken mill again (the GAR example of a cow between E6 and A6). (GAR)
-- * A player who cannot move loses, as does one reduced to two cows (ten shot). (GAR)
-- * Both players at three cows and ten moves each (twenty turns) without a shot: a draw.
--   (Wikipedia, "Morabaraba")
-- * A board filled by the placements, no cow shot, is a draw at once. (Freeling)
--
-- Readings:
-- * The GAR name no colour to start; we take "player 1 (white) first" (no option).
-- * Shooting: the GAR's "may" makes it optional; option removal=compulsory takes the reading
--   where a new mill must shoot.
-- * The full board: the GAR text on it was not found; under "cannot move loses" player 1
--   would lose, and we play it as Freeling does, a draw (no option).
-- * "Ten moves" of the drawn ending is read as ten of each player's (no option).
local mill = require "mill.common"

local removal = option("removal", { "optional", "compulsory" }, "optional",
  "optional: a new mill may shoot an enemy cow (\"may\" in Mind Sports South Africa's " ..
  "Generally Accepted Rules of Morabaraba); compulsory: it must, the other reading")

return mill.game {
  title = "Morabaraba (Mind Sports South Africa rules)",
  sources = "Mind Sports South Africa, Generally Accepted Rules of Morabaraba; C. Freeling, mindsports.nl",
  description = "The South African mill game: twelve cows each; mills shoot enemy cows, cows in mills are protected, a blocked player loses.",
  diagonals = true,
  piece = { name = "cow", symbol = "C" },
  tokens = 12,
  stages = {
    stage { name = "shoot", choose = "enemy-piece", protect = "lines-unless-all",
            optional = removal == "optional" },
  },
  triggers = { trigger { on = "line", stage = "shoot" } },
  return_ban = "after-swap",
  ends = {
    no_moves = "loss",
    capture_target = 10,
    material = { pieces = 3, plies = 20 },
    conditions = { { when = "empty == 0", result = "draw", reason = "the board is full" } },
  },
}
