-- International draughts: 10x10, play on the dark squares, a1 being one of them; twenty
-- men each on the four nearest rows, White (south) moves first; kings fly.
--
-- Sources: Fédération Mondiale du Jeu de Dames (FMJD), Official rules of international
-- draughts, articles 3 to 6 and 8; perft numbers of G. Gilbert, B. Boomstra and A. Bik as
-- kept in R. Halbersma's DCTL test suite (board_10x10).
--
-- Clause by clause:
-- * Board: 10x10, play on the dark squares; twenty men each on the four nearest rows; White
--   moves first (FMJD).
-- * Men step diagonally forward one square, and capture forward and backward by jumping an
--   adjacent enemy piece onto the empty square beyond (FMJD art. 3.6, 4.3); a capture goes on
--   while a piece can be taken (FMJD art. 4.5).
-- * Kings fly: they move along a diagonal any number of empty squares, and capture a piece at
--   any distance on a diagonal, landing on any empty square beyond it (FMJD art. 3.8, 4.4).
-- * Capturing is compulsory and the sequence taking the most pieces must be played, a king
--   counting as one piece; among equal counts the player chooses (FMJD art. 4.13, 4.14):
--   capture = "max".
-- * A piece is taken off only when the capture is over, and may not be jumped twice (FMJD
--   art. 4.6, 4.10): the engine's hop chains.
-- * A man is crowned only when he ends his move on the far row; passing it during a capture
--   does not crown him (FMJD art. 3.7, 4.15).
-- * A player who cannot move loses (FMJD art. 5.1).
-- * Draws: the same position three times with the same player to move, and twenty-five
--   moves by each side (50 turns) with only kings moved and no capture (FMJD art. 6).
-- * Perft from the start (DCTL board_10x10, the numbers of Gilbert, Boomstra and Bik).
--
-- Readings:
-- * The endgame counts of FMJD art. 6.3 and 6.4 (three kings against one, sixteen moves, and
--   the like) are not scripted; no option.
-- * Draws the rules leave to a claim or to the arbiter are automatic, so that every game
--   ends; no option.
local draughts = require "draughts.common"

local men = draughts.men(10, 4, true)

return draughts.game {
  title = "International draughts",
  sources = { "FMJD, Official rules of international draughts",
              "R. Halbersma, DCTL perft test suite (board_10x10)" },
  description = "The 10x10 game of the FMJD: men capture backward, kings fly, the most pieces must be taken.",
  size = 10,
  pdn = "20,W,10,10,N2,0",
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "diagonal",
  flying_kings = true,
  capture = "max",
  ends = { no_moves = "loss", repetition = 3, move_rule = 50 },
}
