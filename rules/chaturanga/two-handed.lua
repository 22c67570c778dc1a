-- Chaturanga for two, as the third of a French set of Chaturanga rules (three leaflets)
-- gives it, with Murray's array as an option.
--
-- Sources: a French set of Chaturanga rules (three leaflets), variant 3; H. J. R. Murray,
-- A History of Chess (1913), part I chapter 3; chessvariants.org, Chaturanga (rules after
-- Murray and Gollon).
--
-- Clause by clause:
-- * Board: 8x8, every square of one colour (leaflet 3).
-- * Pieces: 8 Soldiers, 2 Towers, 2 Horses, 2 Elephants, 1 Vizir, 1 Rajah each (leaflet 3).
-- * Array: as in chess, the Soldiers on the pawns' squares, the Elephants on the bishops',
--   the Vizir on the queen's and the Rajah on the king's (leaflet 3), so the Rajahs face each
--   other on the e-file; `array=murray` is Murray's array (see Readings).
-- * Turns: the players move in turn until a Rajah is taken (leaflet 3).
-- * Soldier: one step forward, no double step; it captures one step forward or diagonally
--   forward (leaflet 3).
-- * Tower: the rook, not over pieces; Horse: the knight's leap, over pieces; Elephant: a leap
--   of exactly two squares diagonally, over pieces; Vizir: one step diagonally (leaflet 3).
-- * Rajah: one step in any direction; once a game, and only while it is not in check, a
--   knight's leap (leaflet 3).
-- * Capture: by moving onto an enemy piece, which leaves the board (leaflet 3).
-- * Win: capturing the enemy Rajah, at once; there is no stalemate ("il n'y a pas de notion
--   de pat") (leaflet 3).
-- * Promotion: a Soldier reaching the last rank may become the piece that stood on that
--   square at the start (Tower, Horse, Elephant or Vizir), only if its side has lost a piece
--   of that type ("peut être promu": the mover's choice) (leaflet 3).
--
-- Readings:
-- * Who moves first: the leaflet does not say. White, the player in the south, starts: a
--   decision, not a clause of the leaflet, following Murray and the convention of chess; no
--   option (a position string may give the move to Black).
-- * The array: the leaflet's, Rajahs face to face (`array=leaflet`); `array=murray` is the
--   array of Murray (A History of Chess, 1913) and of the chessvariants.org rules after
--   Gollon: White's Vizir d1 and Rajah e1, Black's Rajah d8 and Vizir e8, the Rajahs not
--   facing.
-- * The Soldier's capture: forward or diagonally forward, as the leaflet says
--   (`soldier=forward-or-diagonal`); `soldier=diagonal` is the classical rule (Murray),
--   diagonally forward only.
-- * No check: a move that leaves one's Rajah attacked is legal, the Rajah being captured, not
--   mated; a player with no move passes, and two passes in a row draw (the leaflet has no
--   stalemate and says nothing more); no option.
-- * The Rajah's leap: "not in check" is read as no enemy piece able to capture it now; the
--   leaflet does not say whether the leap may capture, and here it may not, as in Murray's
--   account of the king's leap; no option.
-- * Promotion on the Rajah's square: no piece of that type can have been lost while the game
--   goes on, so a Soldier there stays a Soldier; no option.
local array = option("array", { "leaflet", "murray" }, "leaflet",
  "leaflet: pieces as in chess, Rajahs face to face (the French leaflet, variant 3); " ..
  "murray: Rajahs crosswise (Murray, A History of Chess, 1913; chessvariants.org after Gollon)")
local soldier = option("soldier", { "forward-or-diagonal", "diagonal" }, "forward-or-diagonal",
  "forward-or-diagonal: a Soldier captures forward or diagonally forward (the French " ..
  "leaflet); diagonal: diagonally forward only (Murray, A History of Chess, 1913)")

local black_vizir, black_rajah = "d8", "e8"
if array == "murray" then black_vizir, black_rajah = "e8", "d8" end

return game {
  title = "Chaturanga for two",
  sources = {
    "a French set of Chaturanga rules (three leaflets), variant 3",
    "H. J. R. Murray, A History of Chess (1913), part I chapter 3",
    "chessvariants.org, Chaturanga (rules after Murray and Gollon)",
  },
  description = "Indian chess for two: capture the enemy Rajah to win; no check, no stalemate.",
  board = grid { width = 8, height = 8, checkered = false },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  regions = { last_rank = { rank = 8 } },
  pieces = {
    piece { name = "soldier", symbol = "P", glyph = ":pieces/chaturanga/soldier.svg", value = 1,
      moves = {
        step { dirs = "forward", mode = soldier == "diagonal" and "move" or "any" },
        step { dirs = "forward-diagonal", mode = "capture" },
      },
      promotion = { zone = "last_rank", to = "start", only_lost = true, optional = true },
    },
    piece { name = "horse", symbol = "N", glyph = ":pieces/chaturanga/horse.svg", value = 3, moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "elephant", symbol = "E", glyph = ":pieces/chaturanga/elephant.svg", value = 1, moves = { leap { offsets = { { 2, 2 } } } } },
    piece { name = "tower", symbol = "R", glyph = ":pieces/chaturanga/chariot.svg", value = 5, moves = { slide { dirs = "orthogonal" } } },
    piece { name = "vizir", symbol = "V", glyph = ":pieces/chaturanga/counsellor.svg", value = 2, moves = { step { dirs = "diagonal" } } },
    piece { name = "rajah", symbol = "K", glyph = ":pieces/chaturanga/rajah.svg", value = 10,
      moves = {
        step { dirs = "all" },
        leap { offsets = { { 1, 2 } }, mode = "move", once = "leap", unless_attacked = true },
      },
    },
  },
  setup = {
    white = { tower = "a1 h1", horse = "b1 g1", elephant = "c1 f1", vizir = "d1", rajah = "e1",
              soldier = "a2 b2 c2 d2 e2 f2 g2 h2" },
    black = { tower = "a8 h8", horse = "b8 g8", elephant = "c8 f8", vizir = black_vizir,
              rajah = black_rajah, soldier = "a7 b7 c7 d7 e7 f7 g7 h7" },
  },
  ends = {
    captures = { { captured = "rajah", result = "win", reason = "Rajah captured" } },
    no_moves = "pass",
    passes = 2,
  },
}
