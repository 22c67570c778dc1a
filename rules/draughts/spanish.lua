-- Spanish draughts (damas): 8x8, play on the squares with (x+y) odd, so that h1 is a
-- playing square and a1 is not; White (south) moves first; kings fly.
--
-- Sources: torofun.com, "Spanish draughts rules" (the same text at section64port.online);
-- gamedama.com, "Spanish draughts"; FMJD, PDN 3.0 GameType table (pdn.fmjd.org);
-- R. Halbersma, DCTL (rules/spanish.hpp and the perft suite board_08x08).
--
-- Clause by clause:
-- * Board: 8x8, played on the squares of one colour, the corner square on each player's
--   right (h1) a playing square (torofun); the squares numbered 1 = h1 to 32 = a8, right to
--   left from White's side, PDN GameType 24,W,8,8,N1,1 (FMJD PDN GameType table).
-- * Setup: twelve men each on the three nearest rows; White moves first (torofun).
-- * Men step one square diagonally forward, never backward (torofun), and capture forward
--   only, jumping an adjacent enemy piece onto the empty square beyond and going on while
--   they can (torofun; gamedama: no backward capture; DCTL: no backward jump for men).
-- * A man that ends his move on the far row is crowned; a man captures forward only, so his
--   capture ends there (torofun).
-- * Kings fly: they move any number of empty squares along a diagonal, and capture a piece
--   at any distance on it with only empty squares between, landing beyond it (torofun).
-- * Capturing is compulsory; the capture taking the most pieces must be played (quantity),
--   and among those the one taking the most kings (quality) (torofun; DCTL's precedence:
--   pieces, then kings): capture = "max-then-value".
-- * Pieces taken come off when the capture ends, none is jumped twice (DCTL).
-- * A player who has no piece left or cannot move loses (torofun).
-- * Draws: the same position a third time with the same player to move; 40 king moves in a
--   row (20 each) without a capture (torofun): move_rule = 40 plies, which a capture or a
--   man's move starts again; by agreement, which the players do, not the rules (torofun).
-- * Three kings against one: a player with three kings, one of them on the long diagonal
--   (the "gran diagonal", squares 1-5-10-14-19-23-28-32 = h1 to a8), against a lone king,
--   who has not won within 13 moves, draws (torofun) (three-kings, three-kings-count).
-- * Perft from the start: 7, 49, 302, 1469, 7361 (DCTL's board_08x08 suite).
--
-- Readings:
-- * Which side holds the long diagonal: the clause gives it to the three kings, and so does
--   the default (three-kings=on-diagonal); `three-kings=lone-on-diagonal` reads it as the
--   known fortress of flying-king draughts, the lone king holding the diagonal;
--   `three-kings=off` has no such draw.
-- * How the 13 moves count: the clause names the ending (three kings, one on the long
--   diagonal, against a lone king) and a limit, and does not say whether the diagonal must
--   still be held at each move. The default, `three-kings-count=each-move`, counts the
--   moves of the three kings that begin with the ending on the board and the diagonal held,
--   in a row, and draws at the start of the 14th if it still holds: a king that steps off the
--   diagonal starts the count again. It keeps the clause's whole condition at every move,
--   which is the narrower reading, and the text does not say otherwise. `three-kings-count=
--   from-first` counts 13 moves from the first one begun with the ending on the board and
--   the diagonal held, and goes on, and draws, while three kings stand against one king,
--   wherever they stand (the end condition's lasts_while).
-- * The 13 moves are those of the player with three kings, as the clause says "who has not
--   won"; no option.
-- * Draws the rules leave to a claim (repetition, 40 moves) are automatic, so that every
--   game ends; no option.
-- * Light or dark squares: the same game drawn on the other colour; no option.
-- * A flying king may pass the same empty square twice in one capture (the usual rule of
--   flying-king draughts; no Spanish text found says otherwise); no option.
local draughts = require "draughts.common"
local men = draughts.men(8, 3, false)
local three_kings = option("three-kings", { "on-diagonal", "lone-on-diagonal", "off" }, "on-diagonal",
  "on-diagonal: three kings, one on the long diagonal, draw against a lone king if not won in 13 " ..
  "moves (torofun.com, Spanish draughts rules); lone-on-diagonal: the lone king holds it instead; " ..
  "off: no such draw")
local count = option("three-kings-count", { "each-move", "from-first" }, "each-move",
  "each-move: each of the 13 moves begins with the long diagonal held (a move begun without it " ..
  "starts the count again); from-first: the 13 moves count from the first begun with it held, " ..
  "and go on while three kings stand against one")
local ending = "pieces == 3 and pieces:king == 3 and enemy_pieces == 1 and enemy_pieces:king == 1"
local whose = three_kings == "lone-on-diagonal" and "enemy_pieces:king@long_diagonal == 1"
  or "pieces:king@long_diagonal >= 1"
local conditions = nil
if three_kings ~= "off" then
  conditions = { {
    when = ending .. " and " .. whose,
    lasts_while = count == "from-first" and ending or nil,
    moves = 13, result = "draw", reason = "three kings against one, not won within 13 moves",
  } }
end

return draughts.game {
  title = "Spanish draughts",
  description = "Damas of the Iberian Peninsula: men capture forward only, kings fly, and the capture taking "
    .. "the most pieces, then the most kings, must be played.",
  sources = { "torofun.com, Spanish draughts rules (also at section64port.online)",
              "gamedama.com, Spanish draughts", "FMJD, PDN 3.0 GameType table",
              "R. Halbersma, DCTL (rules/spanish.hpp, perft suite board_08x08)" },
  size = 8,
  pdn = "24,W,8,8,N1,1",
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  setup = { white = { man = men.south }, black = { man = men.north } },
  man_captures = "forward-diagonal",
  flying_kings = true,
  capture = "max-then-value",
  regions = { long_diagonal = "h1 g2 f3 e4 d5 c6 b7 a8" },
  ends = { no_moves = "loss", repetition = 3, move_rule = 40, conditions = conditions },
}
