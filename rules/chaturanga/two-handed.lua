-- Chaturanga for two, as the third leaflet of a French set of Chaturanga rules
-- gives it, with Murray's reconstruction as an option.
--
-- Clause by clause:
--  * Board: 8x8, uncheckered. Pieces: 8 Soldiers, 2 Towers (rook), 2 Horses
--    (knight), 2 Elephants (leap of exactly two diagonally), 1 Vizir (one step
--    diagonally), 1 Rajah (king).
--  * Array (option array): "leaflet" (default) sets the pieces as in orthodox chess,
--    the Vizir where the queen stands and the Rajah where the king stands, so the
--    Rajahs face each other on the e-file. "murray" is the array of H. J. R. Murray
--    (A History of Chess, 1913) and of the chessvariants.org rules after Gollon:
--    white Vizir d1 and Rajah e1, black Rajah d8 and Vizir e8, the Rajahs not facing.
--  * Soldier (option soldier): one step forward, no double step. The leaflet lets
--    it capture one step forward or one step diagonally forward
--    ("forward-or-diagonal", the default); "diagonal" is the classical rule,
--    captures diagonally forward only.
--  * Rajah: one step in any direction; once per game, and only while it is not
--    attacked, a knight's leap. The leaflet does not say whether the leap may
--    capture; here it may not, as in Murray's account of the king's leap.
--  * Capture as in chess; capturing the enemy Rajah wins at once. There is no
--    check: a move that leaves one's Rajah attacked is legal, and there is no
--    stalemate ("il n'y a pas de notion de pat"): a player with no move passes,
--    and two passes in a row draw.
--  * Promotion: a Soldier reaching the last rank may become the piece that stood
--    on that square at the start (Tower, Horse, Elephant or Vizir), only if its
--    side has lost a piece of that type; otherwise, and on the Rajah's square, it
--    stays a Soldier. "Peut être promu": promotion is the mover's choice.
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
    "Chaturanga leaflet (French), variant 3",
    "H. J. R. Murray, A History of Chess, 1913, part I chapter 3",
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
