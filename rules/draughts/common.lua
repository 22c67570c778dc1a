-- What the draughts games share: a builder for the game table of a game of men and
-- kings on the dark squares of a square board. Each national game is a few
-- parameters, each its own clause:
--   title, sources, description   as in game { }
--   pdn           the game's PDN GameType (FMJD PDN 3.0), e.g. "20,W,10,10,N2,0", or
--                 { game_type = ..., capture = ":" }: square numbers in moves
--                 (9-13, 10x19x28), PDN FEN positions and PDN game records
--   size          squares per side (8 or 10)
--   seats         the two seats in turn order, { name = ..., facing = "north"|"south" }
--   setup         { [seat] = { man = "a1 c1 ..." } }
--   man_captures  "forward-diagonal" (forward only) or "diagonal" (backward too)
--   flying_kings  whether kings move and capture at any distance along a diagonal
--   men_take_kings  false where a man may not capture a king (default true)
--   crowned_in_capture  what a man that reaches the last row in the middle of a
--                 capture does: "at-end" (crowned only if the capture ends there,
--                 the default), "continue" (crowned at once, goes on as a king)
--                 or "stop" (crowned at once, the capture ends there)
--   regions       more named regions, as in game { } (crown, the last row, is given)
--   capture       the capture rule of game { }: "compulsory" (free choice), "max", ...
--   ends          as in game { }
local M = {}

-- The starting men: the dark squares of the `rows` nearest rows of each side, as
-- site lists { south = "...", north = "..." }; a1_dark says whether a1 is a dark
-- (playing) square, as in English and international draughts, or not, as in
-- Spanish and Italian.
function M.men(size, rows, a1_dark)
  local function row_sites(from, to)
    local out = {}
    for rank = from, to do
      for file = 0, size - 1 do
        if ((file + rank - 1) % 2 == 0) == a1_dark then out[#out + 1] = string.char(97 + file) .. rank end
      end
    end
    return table.concat(out, " ")
  end
  return { south = row_sites(1, rows), north = row_sites(size - rows + 1, size) }
end

-- The parameters draughts.game takes: a misspelt name or an unknown value is refused at the
-- national script's line (params, see docs/authoring.md).
local spec = {
  title = { type = "string", required = true },
  sources = "table",
  description = "string",
  pdn = "any",
  size = { 8, 10, required = true },
  seats = { type = "table", required = true },
  setup = { type = "table", required = true },
  man_captures = { "forward-diagonal", "diagonal", required = true },
  flying_kings = { true, false, required = true },
  men_take_kings = { true, false, default = true },
  crowned_in_capture = { "at-end", "continue", "stop", default = "at-end" },
  regions = "table",
  capture = { type = "any", required = true },
  ends = "table",
}

function M.game(given)
  local p = params(given, spec, "draughts.game")
  local regions = { crown = { rank = p.size } }
  for name, r in pairs(p.regions or {}) do regions[name] = r end
  local king_moves
  if p.flying_kings then
    king_moves = { slide { dirs = "diagonal", mode = "move" }, hop { dirs = "diagonal", flying = true, land_to_go_on = true } }
  else
    king_moves = { step { dirs = "diagonal", mode = "move" }, hop { dirs = "diagonal" } }
  end
  return game {
    title = p.title,
    sources = p.sources,
    description = p.description,
    pdn = p.pdn,
    board = grid { width = p.size, height = p.size },
    seats = p.seats,
    regions = regions,
    capture = p.capture,
    pieces = {
      piece { name = "man", symbol = "M", glyph = ":pieces/draughts/man.svg", value = 1, resets_move_rule = true,
        cannot_capture = p.men_take_kings == false and { "king" } or nil,
        moves = {
          step { dirs = "forward-diagonal", mode = "move" },
          hop { dirs = p.man_captures },
        },
        promotion = { zone = "crown", to = { "king" }, in_capture = p.crowned_in_capture },
      },
      piece { name = "king", symbol = "K", glyph = ":pieces/draughts/king.svg", value = 2, moves = king_moves },
    },
    setup = p.setup,
    ends = p.ends,
  }
end

return M
