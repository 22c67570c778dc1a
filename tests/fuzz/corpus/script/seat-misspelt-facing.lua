-- English draughts (American checkers): 8x8, play on the dark squares, a1 being one of
-- them; short kings; Black, whose men start on the far side (b6..h8), moves first.
--
-- Sources: American Checker Federation and English Draughts Association, "Standard Laws of
-- Checkers"; Wikipedia, "English draughts"; A. Bik, "perft for 8x8 checkers" (talkchess.com,
-- 2009).
--
-- Clause by clause:
-- * Board: 8x8, play on the dark squares, a1 dark; twelve men each on the three nearest rows;
--   Black moves first (Standard Laws; Wikipedia).
-- * Men step diagonally forward and capture forward only, by jumping an adjacent enemy piece
--   onto the empty square beyond; a man or a king goes on jumping while he can (Standard Laws).
-- * Kings are short: they step one square diagonally in any direction and capture by jumping
--   an adjacent piece, in any diagonal direction (Standard Laws).
-- * Capturing is compulsory, but among several captures the player chooses freely, whatever
--   the number or kind of pieces taken; a chosen sequence is jumped to its end (Standard Laws):
--   capture = "compulsory".
-- * A man reaching the far row is crowned and his move ends there (Standard Laws).
-- * A player who cannot move (no pieces, or all blocked) loses (Standard Laws).
-- * Draws: the same position three times with the same player to move, and forty moves by
--   each side (80 turns) with no capture and no man moved (Standard Laws).
-- * Perft from the start: 7, 49, 302, 1469, 7361 (A. Bik).
--
-- Readings:
-- * The laws let a player claim the forty-move draw (and the repetition); the script takes
--   both as automatic, so that every game ends; no option.
-- * PDN numbers count from Black's side (1-12 are Black's men), GameType 21; no option.
local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)

return draughts.game {
  title = "English draughts (checkers)",
  sources = { "ACF/EDA, Standard Laws of Checkers", "A. Bik, perft for 8x8 checkers (talkchess, 2009)" },
  description = "Checkers: short kings, men capture forward only, captures compulsory with a free choice.",
  size = 8,
  pdn = "21,B,8,8,N1,0",
  seats = { { name = "black", facing = "south" }, { name = "white", facinemptyg = "north" } },
  setup = { black = { man = men.north }, white = { man = men.south } },
  man_captures = "forward-diagonal",
  flying_kings = false,
  capture = "compulsory",
  ends = { no_moves = "loss", repetition = 3, move_rule = 80 },
}
