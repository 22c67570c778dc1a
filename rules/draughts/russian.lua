-- Russian draughts (shashki): 8x8, play on the dark squares, a1 being one of them; twelve
-- men each on the three nearest rows, White (south) moves first; kings fly.
--
-- Sources: Russian Draughts Federation, Official rules of draughts (2004), sections 1-4 (the
-- moves of men and kings, capture, the end of the game); the perft numbers posted in the
-- "Standard validation generator moves" thread of the shashki.com forum, kept in
-- R. Halbersma's DCTL test suite (board_08x08, Russian).
--
-- Clause by clause:
-- * Board: 8x8, a1 a playing square, squares named a1..h8 (PDN GameType 25); White moves
--   first (Russian Draughts Federation).
-- * Men step one square diagonally forward, and capture forward and backward by jumping an
--   adjacent enemy piece onto the empty square beyond; a capture goes on while a piece can be
--   taken (Russian Draughts Federation): man_captures = "diagonal", hop chains.
-- * Kings fly: they move along a diagonal any number of empty squares, and capture a piece at
--   any distance on a diagonal, landing on any empty square beyond it; where the capture can
--   go on from some of those squares, the king must land on one of them (Russian Draughts
--   Federation): hop land_to_go_on.
-- * Capturing is compulsory, but the player chooses freely among the captures, however few
--   pieces one of them takes (Russian Draughts Federation): capture = "compulsory".
-- * Captured pieces come off only when the move ends and none is jumped twice (no Turkish
--   strike) (Russian Draughts Federation): the engine's hop chains.
-- * A man that reaches the last row during a capture is crowned at once and goes on capturing
--   as a king in the same move; one that ends his move there is crowned (Russian Draughts
--   Federation): crowned_in_capture = "continue".
-- * A player who cannot move, having no pieces or all blocked, loses (Russian Draughts
--   Federation).
-- * Draws: the same position three times; 15 moves by each side (30 turns) in which only
--   kings move and nothing is captured, any capture or man's move starting the count again
--   (Russian Draughts Federation).
-- * Perft from the start: 7, 49, 302, 1469, 7482 (shashki.com forum; DCTL).
--
-- Readings:
-- * The federation's further endgame counts (three kings against one, and others by
--   material) are not scripted; no option.
-- * Draws the rules leave to a claim are automatic, so that every game ends; no option.
local draughts = require "draughts.common"
local men = draughts.men(8, 3, true)

return draughts.game {
  title = "Russian draughts",
  description = "Shashki, the draughts of Russia: men capture backward too, kings fly, and a man crowned "
    .. "during a capture goes on capturing as a king; captures are compulsory, the choice free.",
  sources = { "Russian Draughts Federation, Official rules of draughts (2004), sections 1-4",
              "R. Halbersma, DCTL (rules/russian.hpp)" },
  size = 8,
  -- PDN: GameType 25, squares named a1..h8 from White's left, captures written c3:e5.
  pdn = { game_type = "25,W,8,8,A0,0", capture = ":" },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "diagonal",
  flying_kings = true,
  crowned_in_capture = "continue",
  capture = "compulsory",
  ends = { no_moves = "loss", repetition = 3, move_rule = 30 },
}
