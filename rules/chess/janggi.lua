-- Janggi (Korean chess) on the 9 x 10 points of its board: files a-i, ranks 1-10. Cho
-- (Blue, here "white", as Fairy-Stockfish's FEN calls it) is on ranks 1-4 and moves first;
-- Han (Red, "black") is on ranks 7-10.
--
-- Sources: [W] Wikipedia, "Janggi" (the board and its palaces with their diagonal lines,
-- the pieces and their moves, the cannon's screen, facing generals); [H] Table Heptathlon
-- (heptatlondemesa.org), "Janggi: The Rules" (passing, the count after two passes in a
-- row and after bikjang, the piece values 13, 7, 5, 3, 3, 2 and Han's 1.5 points, the four
-- arrangements of horses and elephants each player chooses); [L] Ludii, "Janggi"
-- (ludii.games: the moves of each piece in words); [F] Fairy-Stockfish, variants "janggi"
-- and "janggicasual" (src/variant.cpp: the FEN, the move text h1g3, a pass as the
-- general's move to its own point e2e2, bikjang, perpetualCheckIllegal, and the perft
-- counts this script is tested against).
--
-- Clause by clause:
-- * Board: 9x10 points, no river; each palace (d1-f3, d8-f10) is crossed by its two
--   diagonals, which join its corners to its centre [W].
-- * Start: chariots in the corners, guards on d1 and f1, the general in the centre of the
--   palace (e2), cannons on b3 and h3, soldiers on a4, c4, e4, g4, i4; horses and elephants
--   on b1, c1, g1, h1 in the arrangement each player chooses; Han the same turned round
--   [W][H][F].
-- * General and guards: one step along any line of their own palace, its diagonals
--   included [W][L].
-- * Chariot: a rook; it may also travel along the diagonals of either palace [W][L].
-- * Cannon: moves and captures only by jumping exactly one piece (its screen) along a line,
--   never a cannon, and never captures a cannon; along a palace diagonal it jumps from a
--   corner over the centre [W][L].
-- * Horse: one point orthogonally then one diagonally outwards, blocked by a piece on the
--   first point [W][L].
-- * Elephant: one point orthogonally then two diagonally outwards, blocked by a piece on
--   either point it passes; no river confines it [W][L].
-- * Soldier: one step forward or sideways; in the enemy palace also forward along a
--   diagonal [W][L].
-- * Check and checkmate: a move may not leave one's general attacked; checkmate wins [W].
-- * Passing: a player may pass instead of moving [H][F]; so no one is stalemated.
-- * Perpetual check: a repetition in whose cycle one side gave check with every move loses
--   for that side [F] (perpetualCheckIllegal).
-- * Threefold repetition, two passes in a row and 100 plies without a capture end the game
--   [H][F]: drawn, or decided on points (below).
-- * Bikjang [H][F]: generals facing each other on an open file are an offer; the other side
--   must break the line, or pass (even in check), which accepts it and ends the game on
--   points.
-- * Points [H]: each side's pieces count chariot 13, cannon 7, horse 5, elephant and guard
--   3, soldier 2, and Han adds 1.5, so that the count never ties.
--
-- Readings:
-- * Bikjang and the count: with bikjang=on (the default) [H][F], facing generals are the
--   offer above, and every draw the rules give (two passes, repetition, 100 plies) is decided
--   on points; with bikjang=off, as Fairy-Stockfish's janggicasual, facing generals mean
--   nothing and those draws stay draws.
-- * The arrangements [H]: white_setup and black_setup write the pieces on files b, c, g and
--   h, N a horse and B an elephant; NB-BN (both horses outside, Fairy-Stockfish's start) is
--   the default, BN-NB (both inside), NB-NB and BN-BN the others. The rules let each player
--   choose; here they are options given before the game, not moves.
-- * The palace lines: only the two diagonals of each palace are lines; a soldier takes them
--   forward in the enemy palace alone, as [W] and [L] describe. No option.
-- * Perpetual check loses for the checking side, the reading Fairy-Stockfish takes
--   (perpetualCheckIllegal); any other repetition draws or goes to points. No option.
-- * Passing in check: [H] lets a player pass at any time; a pass that leaves the general
--   attacked is refused here, as any move that does, except as the answer to bikjang [F].
--   No option.
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
