-- Xiangqi (Chinese chess) on the 9 x 10 points of its board, the pieces standing on the
-- points as on the squares of a grid: files a-i, ranks 1-10, Red (here "white", as
-- Fairy-Stockfish and its FEN call it) on ranks 1-5, moving first.
--
-- Sources: World Xiangqi Federation, "Rules of Xiangqi (Chinese Chess)" (2018), chapter 1
-- (the board, the pieces and their moves, the flying general, checkmate, stalemate as a
-- loss) and chapter 2 (perpetual check); Wikipedia, "Xiangqi" (the rules, board and
-- pieces); Fairy-Stockfish, variant "xiangqi" (src/variant.cpp: the FEN, the move text such
-- as h3e3, a1a2, a10a9, perpetualCheckIllegal, and the perft counts this script is tested
-- against).
--
-- Clause by clause:
-- * Board: 9 files by 10 ranks of points, split by the river between ranks 5 and 6; each
--   side's palace is the 3x3 points d-f of its first three ranks (WXF ch. 1; Wikipedia).
-- * Start: chariots, horses, elephants, advisors and the general along the first rank
--   (a-i: R N B A K A B N R), cannons on b3 and h3, soldiers on a4, c4, e4, g4, i4; Black
--   the same on ranks 10, 8 and 7 (WXF ch. 1; Wikipedia).
-- * General: one step orthogonally within its palace; the two generals may not face each
--   other on an open file (the flying general rule) (WXF ch. 1; Wikipedia).
-- * Advisor: one step diagonally within its palace (WXF ch. 1; Wikipedia).
-- * Elephant: two points diagonally, blocked by a piece on the point between (its "eye"),
--   never across the river (WXF ch. 1; Wikipedia).
-- * Horse: one point orthogonally then one diagonally outwards, blocked by a piece on the
--   first point (its "leg") (WXF ch. 1; Wikipedia).
-- * Chariot: the rook (WXF ch. 1; Wikipedia).
-- * Cannon: moves as the chariot; captures by jumping over exactly one piece (its screen),
--   of either side, along the line (WXF ch. 1; Wikipedia).
-- * Soldier: one step forward; once across the river also one step sideways; no promotion
--   (WXF ch. 1; Wikipedia).
-- * A move may not leave one's own general attacked; checkmate wins, and a side with no
--   legal move loses, in check or not (WXF 1.3; Wikipedia).
-- * Perpetual check: a repetition in whose cycle one side gave check with every move loses
--   for that side; both sides checking draw (WXF ch. 2; Fairy-Stockfish:
--   perpetualCheckIllegal, set for minixiangqi and inherited by xiangqi).
-- * Any other threefold repetition is a draw (WXF ch. 2; Fairy-Stockfish).
--
-- Readings:
-- * Repetition is judged when a position occurs the third time, as Fairy-Stockfish counts
--   it, and the game then ends at once. No option.
-- * Left out: the rule against perpetual chase (WXF ch. 2; Fairy-Stockfish's chasingRule =
--   AXF_CHASING), which needs the history of which piece attacked which over a cycle of
--   moves, which the rule vocabulary does not describe; here such a repetition draws.
--   Fairy-Stockfish's perft ignores it too. No option.
-- * The script has no draw by a count of moves without a capture. No option.
local orth = "orthogonal"
-- The pieces' drawings, bundled with the GUI: red's characters for white, black's for black.
local function drawn(white, black)
  return { white = ":pieces/xiangqi/" .. white .. ".svg",
           black = ":pieces/xiangqi/" .. (black or white) .. ".svg" }
end

return game {
  title = "Xiangqi",
  description = "Chinese chess, played on the points of a 9x10 board split by a river: the generals keep to "
    .. "their palaces and may not face each other, cannons capture by jumping, and stalemate loses.",
  sources = {
    "World Xiangqi Federation, Rules of Xiangqi (Chinese Chess), 2018, chapter 1",
    "Wikipedia, Xiangqi",
    "Fairy-Stockfish, variant xiangqi (FEN, move text, perft)",
  },
  board = grid { width = 9, height = 10 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "xiangqi",
  regions = {
    -- The palace: the 3 x 3 points in front of each side, where the general and
    -- the advisors stay.
    palace = { white = "d1 e1 f1 d2 e2 f2 d3 e3 f3", black = "d8 e8 f8 d9 e9 f9 d10 e10 f10" },
    -- Each side's own half, up to the river: the elephants never cross it.
    home = { ranks = { 1, 2, 3, 4, 5 } },
    -- Across the river: a soldier there may also step sideways.
    across = { ranks = { 6, 7, 8, 9, 10 } },
  },
  pieces = {
    -- The general steps orthogonally within the palace, and may not face the
    -- enemy general on an open file (the flying general rule).
    piece { name = "general", symbol = "K", glyph = drawn("general", "general-black"), royal = true, facing = orth,
      moves = { step { dirs = orth, to = "palace" } } },
    piece { name = "advisor", symbol = "A", glyph = drawn("advisor", "advisor-black"), value = 2,
      moves = { step { dirs = "diagonal", to = "palace" } } },
    -- The elephant goes two points diagonally, blocked by a piece on the point
    -- between (its "eye"), and stays on its own side of the river.
    piece { name = "elephant", symbol = "B", glyph = drawn("elephant", "elephant-black"), value = 2,
      moves = { leap { offsets = { { 2, 2 } }, lame = true, to = "home" } } },
    -- The horse goes one point orthogonally then one diagonally outwards,
    -- blocked by a piece on the first point (its "leg").
    piece { name = "horse", symbol = "N", glyph = drawn("horse"), value = 4,
      moves = { leap { offsets = { { 1, 2 } }, lame = true } } },
    piece { name = "chariot", symbol = "R", glyph = drawn("chariot"), value = 9,
      moves = { slide { dirs = orth } } },
    -- The cannon moves as the chariot, and captures by jumping over exactly one
    -- piece (its screen) of either side along the line.
    piece { name = "cannon", symbol = "C", glyph = drawn("cannon", "cannon-black"), value = 5,
      moves = { slide { dirs = orth, mode = "move" }, screen { dirs = orth, mode = "capture" } } },
    -- The soldier steps forward; across the river it may also step sideways.
    piece { name = "soldier", symbol = "P", glyph = drawn("soldier", "soldier-black"), value = 1,
      moves = { step { dirs = "forward" }, step { dirs = "sideways", from = "across" } } },
  },
  setup = {
    white = { chariot = "a1 i1", horse = "b1 h1", elephant = "c1 g1", advisor = "d1 f1",
              general = "e1", cannon = "b3 h3", soldier = "a4 c4 e4 g4 i4" },
    black = { chariot = "a10 i10", horse = "b10 h10", elephant = "c10 g10", advisor = "d10 f10",
              general = "e10", cannon = "b8 h8", soldier = "a7 c7 e7 g7 i7" },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "loss",  -- a side with no legal move loses, in check or not (WXF 1.3)
    repetition = { count = 3, perpetual_check = "loses" },
  },
}
