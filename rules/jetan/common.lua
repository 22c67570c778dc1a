-- Jetan, the Martian chess of E. R. Burroughs (The Chessmen of Mars, 1922):
-- everything the readings share, as one builder. A reading script calls
--   jetan.game { title = ..., sources = ..., <reading parameters> }
-- and gets a game { } table back. Every reading declares the options
--   array = point | manator    (Manator: Orange's back row mirrored, Chief e10 faces Chief e1)
--   first = black | orange     (who moves first; Burroughs leaves it to the players)
--   draw-values = equal | any  (the draw at three pieces or fewer: only when both sides' values
--                               are equal, as Burroughs' Appendix says, or whatever the values,
--                               as Cazaux's reconstruction says; the default is the reading's
--                               draw_values parameter)
--
-- Reading parameters (defaults in brackets):
--   thoat          "either-order-jumps" | "orthogonal-first"       ["either-order-jumps"]
--   princess       "timid" (may not capture, may not stand on a threatened square)
--                  | "bold" (may capture, may enter threatened squares)   ["timid"]
--   chief_taken    "draw" | "continue"  (the Chief captured by a non-Chief)   ["draw"]
--   steps          "exact" | "free" (2- and 3-steppers may stop early)       ["exact"]
--   panthan        5 | 7 (7: the backward diagonals too)                      [5]
--   flier_jumps    true | false                                              [true]
--   draw_values    "equal" | "any": the default of the draw-values option     ["equal"]
--   filter         a filter hook, for what the vocabulary cannot say         [none]
--
-- Shared clauses (Burroughs' Appendix): 10x10 board, files a-j, ranks 1-10, a1 black.
-- Black in the south (ranks 1-2), Orange in the north. Step counts exact; a piece may
-- turn at every step within its direction set; no square, the start included, is visited
-- twice in one move; a non-jumper needs one path whose intermediate squares are empty; a
-- jumper ignores them; a capture happens only on the destination. Win: any piece moves onto
-- the enemy Princess, or a Chief takes the enemy Chief. Draw: both sides have three pieces
-- or fewer (with draw-values=equal, of equal total value) and no win comes in the next ten
-- moves (five each). No legal move: the side passes; two passes in a row draw. Stakes: a
-- captured piece's value goes to the capturer's ledger.
--
-- The ten moves: with draw-values=equal the engine's material clock counts the turns that
-- end with both sides at three pieces or fewer of equal value, and starts again from nothing
-- when a capture makes the values unequal; the draw comes when eleven turns have so ended
-- (the capture that brought the ending, then ten moves). With draw-values=any a waiting end
-- condition counts each side's moves begun with both sides at three pieces or fewer, and
-- draws when the side to move has made five and its opponent five: the same ply after a
-- capture (no piece ever comes back, so the count never restarts). From a position string
-- that starts in the ending, the first counts eleven turns and the second ten.
--
-- Symbols (upper case Black, lower case Orange): C Chief, P Princess, F Flier, D Dwar,
-- A pAdwar, W Warrior, T Thoat, N paNthan.
-- Values (stakes and the equal-value test): Panthan 1, Warrior 2, Padwar 2, Thoat 3, Dwar 3,
-- Flier 4, Princess 0, Chief 10.
local M = {}

-- The parameters jetan.game takes: a misspelt name or an unknown value is refused at the
-- reading script's line (params, see docs/authoring.md), never quietly taken as the default.
local spec = {
  title = { type = "string", required = true },
  sources = "table",
  description = "string",
  thoat = { "either-order-jumps", "orthogonal-first", default = "either-order-jumps" },
  princess = { "timid", "bold", default = "timid" },
  chief_taken = { "draw", "continue", default = "draw" },
  steps = { "exact", "free", default = "exact" },
  panthan = { 5, 7, default = 5 },
  flier_jumps = { true, false, default = true },
  draw_values = { "equal", "any", default = "equal" },
  filter = "function",
}

function M.game(given)
  local p = params(given, spec, "jetan.game")
  local array = option("array", { "point", "manator" }, "point",
    "point: the rows as the Appendix of Burroughs' The Chessmen of Mars (1922) sets them; " ..
    "manator: Orange's back row mirrored so that Chief faces Chief, another reading of that text")
  local first = option("first", { "black", "orange" }, "black",
    "black or orange: which side moves first; Burroughs' Appendix leaves it to the players")
  local draw_values = option("draw-values", { "equal", "any" }, p.draw_values,
    "equal: the draw at three pieces or fewer each needs equal values (Burroughs' Appendix, " ..
    "The Chessmen of Mars, 1922); any: whatever the values (J.-L. Cazaux's reconstruction)")
  local exact = p.steps == "exact"
  local bold = p.princess == "bold"

  local thoat_move
  if p.thoat == "either-order-jumps" then
    -- Ch. II: one straight and one diagonal, either order, and it may jump.
    thoat_move = walk { legs = { "orthogonal", "diagonal" }, any_order = true, jump = true }
  else
    -- Appendix read literally: the straight step first, and no jump, so the
    -- orthogonally adjacent square it passes must be empty.
    thoat_move = walk { legs = { "orthogonal", "diagonal" } }
  end

  local princess = piece { name = "princess", symbol = "P", glyph = ":pieces/jetan/princess.svg", value = 0,
    moves = {
      walk { steps = 3, dirs = "all", jump = true, exact = exact },
      anywhere { once = "escape" },
    },
  }
  if not bold then
    princess.captures = {}        -- she may not capture
    princess.avoid_attack = true  -- nor end any move, the escape included, on a threatened square
  end

  local back = { warrior = "a1 j1", padwar = "b1 i1", dwar = "c1 h1", flier = "d1 g1",
                 chief = "e1", princess = "f1", thoat = "a2 j2",
                 panthan = "b2 c2 d2 e2 f2 g2 h2 i2" }
  local orange = { warrior = "a10 j10", padwar = "b10 i10", dwar = "c10 h10", flier = "d10 g10",
                   chief = "f10", princess = "e10", thoat = "a9 j9",
                   panthan = "b9 c9 d9 e9 f9 g9 h9 i9" }
  if array == "manator" then
    orange.chief, orange.princess = "e10", "f10"
  end

  -- Both sides at three pieces or fewer and no win in the next ten moves, five each.
  local material, conditions
  if draw_values == "equal" then
    material = { pieces = 3, plies = 10 }
  else
    conditions = { { when = "pieces <= 3 and enemy_pieces <= 3", moves = 5, result = "draw",
                     reason = "at most 3 pieces each and no win in 10 moves" } }
  end

  local chief_end
  if p.chief_taken == "draw" then
    chief_end = { captured = "chief", result = "draw",
                  reason = "Chief captured by a piece other than the enemy Chief" }
  else
    chief_end = { captured = "chief", result = "continue",
                  reason = "Chief captured by a piece other than the enemy Chief; play goes on" }
  end

  return game {
    title = p.title,
    sources = p.sources,
    description = p.description,
    board = grid { width = 10, height = 10 },
    seats = { { name = "black", facing = "north" }, { name = "orange", facing = "south" } },
    first = first,
    stakes = true,
    -- The computer players: a Chief taken by a lesser piece is a draw that either side can
    -- often force within a few moves (the Fliers jump), so a player out to win counts that
    -- draw as the loss of three Panthans; with less, games between players of any strength
    -- end that way.
    ai = { contempt = 300 },
    pieces = {
      piece { name = "chief", symbol = "C", glyph = ":pieces/jetan/chief.svg", value = 10,
        moves = { walk { steps = 3, dirs = "all", exact = exact } } },
      princess,
      piece { name = "flier", symbol = "F", glyph = ":pieces/jetan/flier.svg", value = 4,
        moves = { walk { steps = 3, dirs = "diagonal", exact = exact,
                         jump = p.flier_jumps } } },
      piece { name = "dwar", symbol = "D", glyph = ":pieces/jetan/dwar.svg", value = 3,
        moves = { walk { steps = 3, dirs = "orthogonal", exact = exact } } },
      piece { name = "padwar", symbol = "A", glyph = ":pieces/jetan/padwar.svg", value = 2,
        moves = { walk { steps = 2, dirs = "diagonal", exact = exact } } },
      piece { name = "warrior", symbol = "W", glyph = ":pieces/jetan/warrior.svg", value = 2,
        moves = { walk { steps = 2, dirs = "orthogonal", exact = exact } } },
      piece { name = "thoat", symbol = "T", glyph = ":pieces/jetan/thoat.svg", value = 3, moves = { thoat_move } },
      piece { name = "panthan", symbol = "N", glyph = ":pieces/jetan/panthan.svg", value = 1,
        moves = { step { dirs = p.panthan == 7 and "not-straight-back" or "not-backward" } } },
    },
    setup = { black = back, orange = orange },
    ends = {
      captures = {
        { captured = "princess", result = "win", reason = "Princess captured" },
        { captured = "chief", by = "chief", result = "win", reason = "Chief takes Chief" },
        chief_end,
      },
      no_moves = "pass",
      passes = 2,
      material = material,
      conditions = conditions,
    },
    filter = p.filter,
  }
end

return M
