-- Attack detection test: check in a game whose after hook changes the board. A piece that
-- lands so that an enemy (not the king) is sandwiched between it and a friend on a rank or
-- file removes that enemy (custodian capture, as in Hasami Shogi). Removing an enemy can
-- open a line from another enemy to the mover's own king, so a quiet move by a piece that is
-- not pinned may still be illegal: legality must be judged after the hook has run.
local function coords(name)
  return name:byte(1) - 96, tonumber(name:sub(2))
end

local function site_name(x, y)
  if x < 1 or x > 8 or y < 1 or y > 8 then return nil end
  return string.char(96 + x) .. y
end

local function custodian(pos, move)
  if not move.to then return end
  local _, seat = pos:at(move.to)
  if not seat then return end
  local x, y = coords(move.to)
  for _, d in ipairs({ { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } }) do
    local near = site_name(x + d[1], y + d[2])
    local far = site_name(x + 2 * d[1], y + 2 * d[2])
    if near and far then
      local piece, owner = pos:at(near)
      local _, other = pos:at(far)
      if piece and piece ~= "king" and owner ~= seat and other == seat then pos:remove(near) end
    end
  end
end

return game {
  title = "attack test: check with an after hook",
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  pieces = {
    piece { name = "pawn", symbol = "P", value = 1, moves = {
      step { dirs = "forward", mode = "move" },
      step { dirs = "forward-diagonal", mode = "capture" } } },
    piece { name = "knight", symbol = "N", value = 3, moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "bishop", symbol = "B", value = 3, moves = { slide { dirs = "diagonal" } } },
    piece { name = "rook", symbol = "R", value = 5, moves = { slide { dirs = "orthogonal" } } },
    piece { name = "king", symbol = "K", royal = true, moves = { step { dirs = "all" } } },
  },
  setup = {
    white = { rook = "a1 h1", knight = "b1 g1", bishop = "c1 f1", king = "e1",
              pawn = "a3 b2 c3 d2 e3 f2 g3 h2" },
    black = { rook = "a8 h8", knight = "b8 g8", bishop = "c8 f8", king = "e8",
              pawn = "a6 b7 c6 d7 e6 f7 g6 h7" },
  },
  ends = { check = true, checkmate = "loss", stalemate = "draw", move_rule = 100 },
  after = custodian,
}
