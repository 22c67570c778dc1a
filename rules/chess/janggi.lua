-- Janggi (Korean chess) on the 9 x 10 points of its board: files a-i, ranks
-- 1-10. Cho (Blue, here "white", as Fairy-Stockfish's FEN calls it) is on ranks
-- 1-4 and moves first; Han (Red, "black") is on ranks 7-10.
--
-- Sources, clause by clause:
--   [W] Wikipedia, "Janggi" (the board and its palaces with their diagonal
--       lines, the pieces and their moves, the cannon's screen, facing generals);
--   [H] Table Heptathlon (heptatlondemesa.org), "Janggi: The Rules" (passing at
--       any time, the count after two passes in a row and after bikjang, the piece
--       values 13, 7, 5, 3, 3, 2 and Han's 1.5 points, the four arrangements of
--       horses and elephants each player chooses);
--   [L] Ludii, "Janggi" (ludii.games: the moves of each piece in words);
--   [F] Fairy-Stockfish, variants "janggi" and "janggicasual" (src/variant.cpp):
--       the FEN, the move text (h1g3; a pass is the general's move to its own
--       point, e2e2), bikjang as an offer answered by breaking the line or by a
--       pass, the count also deciding a repetition and the 50-move rule, and the
--       perft counts this script is tested against.
--
-- Readings taken:
--   * The palace lines [W]: inside each palace, besides the orthogonal lines,
--     the two diagonals join the corners to the centre. The general and the
--     guards step along any line of their own palace; chariots and cannons may
--     also travel along the diagonals of either palace, and a soldier in the
--     enemy palace may step forward along one.
--   * The cannon [W][L]: it moves and captures only by jumping exactly one
--     piece (its screen) along a line, never a cannon, and never captures a
--     cannon; along a palace diagonal it jumps from a corner over the centre.
--   * The elephant [W][L]: one point orthogonally then two diagonally outwards,
--     blocked by a piece on either point it passes; no river confines it.
--   * The generals may face each other on an open file. With bikjang = "on"
--     [H][F], doing so is an offer: the other side must break the line, or pass,
--     which accepts it; the game then ends, and so does every other draw the
--     rules give (two passes in a row, a threefold repetition, 100 plies
--     without a capture), on points: each side's pieces at 13 (chariot), 7
--     (cannon), 5 (horse), 3 (elephant, guard) and 2 (soldier), Han adding 1.5,
--     so that the count never ties [H]. With bikjang = "off", as Fairy-
--     Stockfish's janggicasual, facing generals mean nothing and those draws
--     stay draws.
--   * Passing [H]: a player may pass instead of moving, but not to stay in
--     check (the pass would leave the general attacked), except as the answer
--     to bikjang [F]. So a player is never stalemated.
--   * Arrangements [H]: each player chooses whether each horse stands outside
--     its elephant (b and h files: the options write the pieces on files b, c,
--     g and h, "NB-BN" being horses outside on both flanks, Fairy-Stockfish's
--     start).
--
-- Left out: the rule against perpetual check [F] (a seat that checks without
-- end loses), which needs the history of a cycle of moves that the rule
-- vocabulary does not describe; Fairy-Stockfish's perft ignores it too.
local orth = "orthogonal"
-- The pieces' drawings, bundled with the GUI: Cho's characters for white, Han's for black.
local function drawn(white, black)
  return { white = ":pieces/janggi/" .. white .. ".svg",
           black = ":pieces/janggi/" .. (black or white) .. ".svg" }
end

local bikjang = option("bikjang", { "on", "off" }, "on",
  "on: generals facing on an open file are an offer of a draw decided on points, which a "
  .. "pass accepts, and every draw is decided on points, as the Korean rules and "
  .. "Fairy-Stockfish's janggi; off: facing generals mean nothing and draws stay draws, as "
  .. "Fairy-Stockfish's janggicasual")

local arrangements = { "NB-BN", "BN-NB", "NB-NB", "BN-BN" }
local arrangement_text = ", the horse N and elephant B written on files b, c, then g, h: "
  .. "NB-BN (both horses outside, Fairy-Stockfish's start), BN-NB (both inside), NB-NB or "
  .. "BN-BN (one of each)"
local white_setup = option("white_setup", arrangements, "NB-BN",
  "white's horses and elephants on its first rank" .. arrangement_text)
local black_setup = option("black_setup", arrangements, "NB-BN",
  "black's horses and elephants on its last rank" .. arrangement_text)

-- The horses and elephants of an arrangement on rank, e.g. "NB-BN" on rank 1:
-- horse = "b1 h1", elephant = "c1 g1".
local function arranged(text, rank)
  local files, out = { "b", "c", "g", "h" }, { horse = {}, elephant = {} }
  local letters = text:gsub("-", "")
  for i = 1, 4 do
    local kind = letters:sub(i, i) == "N" and "horse" or "elephant"
    table.insert(out[kind], files[i] .. rank)
  end
  return table.concat(out.horse, " "), table.concat(out.elephant, " ")
end

local white_horses, white_elephants = arranged(white_setup, 1)
local black_horses, black_elephants = arranged(black_setup, 10)

local palace_white = "d1 e1 f1 d2 e2 f2 d3 e3 f3"
local palace_black = "d8 e8 f8 d9 e9 f9 d10 e10 f10"

return game {
  title = "Janggi",
  description = "Korean chess, played on the points of a 9x10 board without a river: generals and guards keep "
    .. "to palaces crossed by diagonals, cannons must jump a piece to move, and a player may pass.",
  sources = {
    "Wikipedia, Janggi (board, palace lines, pieces and moves)",
    "Table Heptathlon, Janggi: The Rules (passing, the count, the arrangements)",
    "Ludii, Janggi (the moves in words)",
    "Fairy-Stockfish, variants janggi and janggicasual (FEN, move text, bikjang, perft)",
  },
  board = grid { width = 9, height = 10 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = bikjang == "on" and "janggi" or "janggicasual",
  pass = true,
  regions = {
    -- Each side's own palace, and the other side's.
    palace = { white = palace_white, black = palace_black },
    enemy_palace = { white = palace_black, black = palace_white },
    -- Both palaces: chariots and cannons use the diagonals of either.
    palaces = palace_white .. " " .. palace_black,
    -- The points a palace diagonal runs through: its corners and its centre.
    palace_lines = "d1 f1 e2 d3 f3 d8 f8 e9 d10 f10",
  },
  pieces = {
    -- The general and the guards step along the lines of their own palace.
    piece { name = "general", symbol = "K", glyph = drawn("general-cho", "general-han"), royal = true,
      moves = { step { dirs = orth, to = "palace" },
                step { dirs = "diagonal", from = "palace_lines", to = "palace" } } },
    piece { name = "guard", symbol = "A", glyph = drawn("guard"), value = 3,
      moves = { step { dirs = orth, to = "palace" },
                step { dirs = "diagonal", from = "palace_lines", to = "palace" } } },
    -- One point orthogonally, then two diagonally outwards, each point on the
    -- way empty.
    piece { name = "elephant", symbol = "B", glyph = drawn("elephant"), value = 3,
      moves = { leap { offsets = { { 2, 3 } }, lame = true } } },
    piece { name = "horse", symbol = "N", glyph = drawn("horse"), value = 5,
      moves = { leap { offsets = { { 1, 2 } }, lame = true } } },
    piece { name = "chariot", symbol = "R", glyph = drawn("chariot"), value = 13,
      moves = { slide { dirs = orth },
                slide { dirs = "diagonal", from = "palace_lines", to = "palaces" } } },
    -- Every move of the cannon jumps one piece that is not a cannon.
    piece { name = "cannon", symbol = "C", glyph = drawn("cannon"), value = 7,
      captures = { "general", "guard", "elephant", "horse", "chariot", "soldier" },
      moves = { screen { dirs = orth, not_over = "cannon" },
                screen { dirs = "diagonal", from = "palace_lines", to = "palaces",
                         not_over = "cannon" } } },
    -- The soldier steps forward or sideways; in the enemy palace also forward
    -- along a diagonal.
    piece { name = "soldier", symbol = "P", glyph = drawn("soldier-cho", "soldier-han"), value = 2,
      moves = { step { dirs = "forward sideways" },
                step { dirs = "forward-diagonal", from = "palace_lines", to = "enemy_palace" } } },
  },
  setup = {
    white = { chariot = "a1 i1", horse = white_horses, elephant = white_elephants,
              guard = "d1 f1", general = "e2", cannon = "b3 h3", soldier = "a4 c4 e4 g4 i4" },
    black = { chariot = "a10 i10", horse = black_horses, elephant = black_elephants,
              guard = "d10 f10", general = "e9", cannon = "b8 h8", soldier = "a7 c7 e7 g7 i7" },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "loss",
    -- Perpetual check loses for the checking side [F] (janggi_variant:
    -- perpetualCheckIllegal); any other repetition draws.
    repetition = { count = 3, perpetual_check = "loses" },
    move_rule = 100,
    passes = 2,
    facing = bikjang == "on" and orth or nil,
    points = bikjang == "on" and { bonus = { black = 1.5 } } or nil,
  },
}
