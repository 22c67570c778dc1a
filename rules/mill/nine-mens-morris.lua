-- Nine Men's Morris, the classic mill game, on the 24-point board without diagonals.
--
-- Sources: H. J. R. Murray, A History of Board-Games other than Chess (1952), ch. 3
-- (merels); R. C. Bell, Board and Table Games from Many Civilizations (1960).
--
-- Clause by clause:
-- * Board: three concentric squares joined at the side middles (32 links); a line of three
--   is a side of a square or a cross line through the side middles (16 lines). (Murray; Bell)
-- * Nine tokens each, the board empty; white places first, then each in turn places one
--   token on any empty point until both hands are empty. (Murray; Bell)
-- * A line of three of one's own tokens that contains the token just placed or moved lets
--   its owner remove one enemy token; a token standing in a line may not be removed while
--   the opponent has a token outside every line. (Bell)
-- * When the hands are empty, white moves first: one token one step along a line to an
--   adjacent empty point. A player with three tokens left flies: moves a token to any
--   empty point. (Bell)
-- * A player who cannot move loses; so does one reduced to two tokens (seven captured).
--   (Murray; Bell)
--
-- Readings:
-- * Forming two lines at once removes one token; some old rules Murray records give two
--   (no option).
-- * The removal is compulsory: the sources give the player no way to decline it (no option).
-- * Murray and Bell name no draw. So that every game ends, we take the same position three
--   times, the same player to move, as a draw (the count chess uses); this is our choice,
--   not a clause of the sources (no option).
local mill = require "mill.common"

return mill.game {
  title = "Nine Men's Morris",
  sources = "H. J. R. Murray, A History of Board-Games other than Chess (1952); R. C. Bell, Board and Table Games from Many Civilizations (1960)",
  description = "The classic mill game: place nine tokens each, then move; a line of three removes an enemy token; three tokens fly.",
  diagonals = false,
  piece = { name = "token", symbol = "T" },
  tokens = 9,
  stages = { stage { name = "remove", choose = "enemy-piece", protect = "lines-unless-all" } },
  triggers = { trigger { on = "line", stage = "remove" } },
  ends = { no_moves = "loss", capture_target = 7, repetition = 3 },
}
