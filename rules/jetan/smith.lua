-- Jetan with the movement options L. L. Smith lists in "The Game of Jetan"; everything else as
-- jetan/burroughs.
--
-- Sources: E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II;
-- L. L. Smith, The Game of Jetan (chessvariants.org, other.dir/jetanrules.html);
-- G. Duke, chessvariants.org comments (the non-jumping Odwar).
--
-- Clause by clause:
-- * Board, array, Chief, Dwar, Warrior, Padwar, escape, win, Chief taken by another piece,
--   draw at three pieces "of equal value", stakes: as jetan/burroughs (Burroughs, Appendix).
-- * Moves: a piece may turn at every step within its directions, no square twice in one move,
--   capture where the move ends (Burroughs, Appendix); how many steps: the `steps` option.
-- * Thoat: one straight and one diagonal step, either order, jumping (Burroughs, Appendix and
--   Chapter II). It is "one straight and one diagonal", not "up to two", so it stays exact
--   under `steps=free` (Smith).
-- * Panthan: one step forward, sideways or diagonally forward (Burroughs, Appendix), or with
--   the backward diagonals too under `panthan=7` (Smith's free Panthan).
-- * Flier: three diagonal steps, jumping (Burroughs, Appendix), or not jumping under
--   `flier=blocked` (G. Duke's Odwar).
-- * Princess: as the Chief, jumping; she may not capture, nor move onto a threatened square
--   (Burroughs, Appendix); whether she may pass threatened squares: the `princess` option
--   (Smith).
--
-- Readings:
-- * `steps`: exact (the default: a piece takes all its steps, as jetan/burroughs) or free (a
--   two- or three-stepper may stop after fewer steps: Warrior 12, Padwar 12, Dwar 24, Flier
--   24 squares); Smith lists both.
-- * `panthan`: 5 (the default: no backward component, the Appendix) or 7 (Smith's free
--   Panthan, Chapter II's "any direction except backward").
-- * `flier`: jumps (the default, the Appendix) or blocked (Duke).
-- * `princess`: brave (the default: she may pass threatened squares) or frightened (every move
--   needs a king-step path whose squares on the way are not threatened either; the escape has
--   no path and is only barred from threatened squares); Smith lists both.
-- * The draw at three pieces keeps the Appendix's equal-value test (equal total value);
--   `draw-values=any` drops it, as J.-L. Cazaux's reconstruction does.
-- * Who moves first: Burroughs does not say; Black starts, `first=orange` lets Orange start.
-- * The array: `array=manator` mirrors Orange's back row so that Chief faces Chief.
-- * The escape, "threatened", the values and a side with no legal move: read as in
--   jetan/burroughs; no option.
--
-- Why "frightened" is a filter hook: the Princess jumps, so the vocabulary keeps no path for
-- her moves, and no field asks for a path whose squares are unthreatened. The hook rebuilds
-- her king-step paths and asks pos:attacked() for each square passed. A filter sees the
-- position before the move, so a square is judged with the Princess still on her start
-- square. Only this option runs Lua during move generation.
local jetan = require "jetan.common"

local steps = option("steps", { "exact", "free" }, "exact",
  "exact: a piece takes all its steps (Burroughs' Appendix); free: a two- or three-stepper " ..
  "may stop short (one of L. L. Smith's options, The Game of Jetan, chessvariants.org)")
local panthan = option("panthan", { "5", "7" }, "5",
  "the Panthan's directions: 5, none backward (Burroughs' Appendix), or 7, the backward " ..
  "diagonals too (L. L. Smith's free Panthan, The Game of Jetan)")
local flier = option("flier", { "jumps", "blocked" }, "jumps",
  "jumps: the Flier jumps over pieces (Burroughs' Appendix); blocked: it does not (G. Duke's " ..
  "non-jumping Odwar, chessvariants.org comments)")
local princess = option("princess", { "brave", "frightened" }, "brave",
  "brave: the Princess may pass threatened squares; frightened: no square of her path " ..
  "threatened (both L. L. Smith's options, The Game of Jetan, chessvariants.org)")

local function coords(name)
  return name:byte(1) - 96, tonumber(name:sub(2))
end

local function site_name(x, y)
  return string.char(96 + x) .. y
end

local function adjacent(ax, ay, bx, by)
  local dx, dy = math.abs(ax - bx), math.abs(ay - by)
  return dx <= 1 and dy <= 1 and dx + dy > 0
end

-- Does some king-step path of the Princess's length from move.from to move.to, visiting no
-- square twice, pass only squares no enemy threatens?
local function frightened(pos, move)
  if move.piece ~= "princess" or move.label == "escape" then return true end
  local seat = pos:to_move()
  local fx, fy = coords(move.from)
  local tx, ty = coords(move.to)
  local safe_cache = {}
  local function safe(x, y)
    local k = x * 16 + y
    if safe_cache[k] == nil then
      safe_cache[k] = not pos:attacked(site_name(x, y), seat, "princess")
    end
    return safe_cache[k]
  end
  local exact = steps == "exact"
  if not exact and adjacent(fx, fy, tx, ty) then return true end
  for ax = fx - 1, fx + 1 do
    for ay = fy - 1, fy + 1 do
      if (ax ~= fx or ay ~= fy) and ax >= 1 and ax <= 10 and ay >= 1 and ay <= 10 then
        if not exact and adjacent(ax, ay, tx, ty) and (ax ~= tx or ay ~= ty) and safe(ax, ay) then
          return true
        end
        for bx = ax - 1, ax + 1 do
          for by = ay - 1, ay + 1 do
            if (bx ~= ax or by ~= ay) and (bx ~= fx or by ~= fy) and (bx ~= tx or by ~= ty)
                and (ax ~= tx or ay ~= ty) and bx >= 1 and bx <= 10 and by >= 1 and by <= 10
                and adjacent(bx, by, tx, ty) and safe(ax, ay) and safe(bx, by) then
              return true
            end
          end
        end
      end
    end
  end
  return false
end

return jetan.game {
  title = "Jetan (L. L. Smith's options)",
  description = "Jetan, the Martian chess of Burroughs' novel, with the options L. L. Smith lists in The Game "
    .. "of Jetan: free steps, a seven-way Panthan, a blocked Flier, a frightened Princess.",
  sources = {
    "E. R. Burroughs, The Chessmen of Mars (1922), Appendix and Chapter II",
    "L. L. Smith, The Game of Jetan (chessvariants.org, other.dir/jetanrules.html)",
    "G. Duke, chessvariants.org comments (the non-jumping Odwar)",
  },
  thoat = "either-order-jumps",
  princess = "timid",
  chief_taken = "draw",
  steps = steps,
  panthan = tonumber(panthan),
  flier_jumps = flier == "jumps",
  draw_values = "equal",
  filter = princess == "frightened" and frightened or nil,
}
