-- English draughts (American checkers): 8x8, play on the dark squares, a1 being one
-- of them; the men start on the three nearest rows and Black, whose men start on the
-- far side (b6..h8), moves first.
--
-- Sources: American Checker Federation and English Draughts Association, "Standard
-- Laws of Checkers" (the laws played in English draughts and American checkers);
-- cross-checked against Wikipedia "English draughts" and the perft numbers A. Bik
-- published for 8x8 checkers (talkchess.com, "perft for 8x8 checkers", 2009).
-- Clause by clause:
-- * Men step diagonally forward and capture forward only, by jumping an adjacent enemy
--   piece onto the empty square beyond; a man and a king continue jumping while they
--   can (hop chains).
-- * Kings are short: they step one square diagonally in any direction and capture by
--   jumping an adjacent piece, in any diagonal direction (no flying kings).
-- * Capturing is compulsory, but among several captures the player chooses freely,
--   whatever the number or kind of pieces taken (capture = "compulsory"); a chosen
--   sequence is jumped to its end.
-- * A man reaching the far row is crowned and his move ends there: he jumped forward
--   onto the last row, from where a man has no forward jump left.
-- * A player who cannot move (no pieces, or all blocked) loses.
-- * Draws: the same position three times with the same player to move, and forty moves
--   by each side (80 turns) with no capture and no man moved. The laws let a player
--   claim the forty-move draw; we take it as automatic so that every game ends.
local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)

return draughts.game {
  title = "English draughts (checkers)",
  sources = { "ACF/EDA, Standard Laws of Checkers", "A. Bik, perft for 8x8 checkers (talkchess, 2009)" },
  description = "Checkers: short kings, men capture forward only, captures compulsory with a free choice.",
  size = 8,
  pdn = "21,B,8,8,N1,0",
  seats = { { name = "black", facing = "south" }, { name = "white", facing = "north" } },
  setup = { black = { man = men.north }, white = { man = men.south } },
  man_captures = "forward-diagonal",
  flying_kings = false,
  capture = "compulsory",
  ends = { no_moves = "loss", repetition = 3, move_rule = 80 },
}
