-- What the mill games share: their board, and a builder for the game table.
--
-- The board: three concentric squares of eight points each, named
-- E1..E8 (exterior ring), A1..A8 (middle ring) and R1..R8 (inner ring), k = 1..8 clockwise
-- from the top-left corner (1 top-left, 2 top middle, 3 top-right, 4 right middle, 5
-- bottom-right, 6 bottom middle, 7 bottom-left, 8 left middle), as in the competition
-- notation of Mind Sports South Africa (the move "E6-A6" joins the same index on adjacent
-- rings). Coordinates on a 7x7 lattice, x to the east and y to the north.
--
-- Links: each ring's neighbours (24), and the spokes E_k-A_k and A_k-R_k at the side
-- middles (8). With diagonals, the spokes at the corners too (8 more: 40 in all).
-- Lines of three: the four sides of each ring (12), the four cross lines through the side
-- middles (4), and with diagonals the four corner diagonals (4 more: 20 in all).
local M = {}

local rings = {
  { name = "E", lo = 0, hi = 6 },
  { name = "A", lo = 1, hi = 5 },
  { name = "R", lo = 2, hi = 4 },
}

-- The k-th point (1..8, clockwise from the top-left corner) of a square from lo to hi.
local function corner(k, lo, hi)
  local mid = (lo + hi) // 2
  local xs = { lo, mid, hi, hi, hi, mid, lo, lo }
  local ys = { hi, hi, hi, mid, lo, lo, lo, mid }
  return xs[k], ys[k]
end

-- mill.board { diagonals = true|false } returns the points { } table.
function M.board(given)
  local diagonals = params(given, { diagonals = { true, false, required = true } }, "mill.board").diagonals
  local pts, links, lines = {}, {}, {}
  for _, r in ipairs(rings) do
    for k = 1, 8 do
      local x, y = corner(k, r.lo, r.hi)
      pts[#pts + 1] = { r.name .. k, x, y }
      links[#links + 1] = { r.name .. k, r.name .. (k % 8 + 1) }
    end
    for k = 1, 7, 2 do
      lines[#lines + 1] = r.name .. k .. " " .. r.name .. (k + 1) .. " " .. r.name .. ((k + 1) % 8 + 1)
    end
  end
  for k = 1, 8 do
    if k % 2 == 0 or diagonals then
      links[#links + 1] = { "E" .. k, "A" .. k }
      links[#links + 1] = { "A" .. k, "R" .. k }
      lines[#lines + 1] = "E" .. k .. " A" .. k .. " R" .. k
    end
  end
  return points { points = pts, links = links, lines = lines }
end

-- mill.game { ... } returns the game { } table of a mill game: placement from the hand
-- while a player holds tokens, then steps along the links, and flying with three
-- tokens left. Parameters:
--   title, sources, description   as in game { }
--   diagonals     whether the corners are linked and their diagonals are lines
--   tokens        tokens in each hand
--   piece         { name = ..., symbol = ... } of the token
--   stages, triggers, ends, return_ban   as in game { }
--   flying        "always" (default): a player with three tokens flies; "when-blocked":
--                 one with three tokens steps, and flies only when no step is left
-- The parameters mill.game takes: a misspelt name or an unknown value is refused at the
-- game script's line (params, see docs/authoring.md).
local spec = {
  title = { type = "string", required = true },
  sources = "any",
  description = "string",
  diagonals = { true, false, required = true },
  tokens = { type = "number", required = true },
  piece = { type = "table", required = true },
  stages = "table",
  triggers = "table",
  ends = "table",
  return_ban = { "after-swap", "after-break" },
  flying = { "always", "when-blocked" },
}

function M.game(given)
  local p = params(given, spec, "mill.game")
  return game {
    title = p.title,
    sources = p.sources,
    description = p.description,
    board = M.board { diagonals = p.diagonals },
    notation = { joiner = "-", drops = "site" },
    phases = {
      phase { name = "place", when = "hand > 0" },
      phase { name = "fly", when = "pieces == 3", only_when_blocked = p.flying == "when-blocked" },
      phase { name = "move" },
    },
    pieces = {
      piece { name = p.piece.name, symbol = p.piece.symbol, glyph = ":pieces/stones/token.svg", value = 1,
              moves = { step { dirs = "all", mode = "move", phase = "move" },
                        anywhere { mode = "move", phase = "fly" } },
              drop = { phase = "place" } },
    },
    hand = { white = { [p.piece.name] = p.tokens }, black = { [p.piece.name] = p.tokens } },
    stages = p.stages,
    triggers = p.triggers,
    return_ban = p.return_ban,
    ends = p.ends,
  }
end

return M
