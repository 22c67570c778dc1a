-- Fanorona (Fanoron-tsivy), the national game of Madagascar, on its board of 9 x 5 points.
--
-- Sources: [W04] Wikipedia, "Fanorona", the revision of 2004-03-09 ("Rules of Play");
-- [VC] vchess (git.auder.net/vchess.git), client/src/translations/rules/Fanorona/en.pug,
-- "summarized from Wikipedia"; [IG] iggamecenter.com, rules of Fanorona; [MS] mindsports.nl,
-- "Fanorona" (Arena, draughts) and "Interesting games"; [GF] gasy-fanorona.sourceforge.net,
-- docs/fanorona_rules.html ("How to play Fanorona"); [BS] boardspace.net's rules, as quoted
-- in github.com/zyrrus/fanorona, README.md; [LR] github.com/lerina/lerina.github.io,
-- html/nosy_malagasy/fanorona/fanorona.md (the start position as a diagram); [MT] Masters
-- Traditional Games, "Fanorona" rules (manualzz.com/doc/26233664).
--
-- Clause by clause:
-- * The board is a grid of 5 rows of 9 points joined by lines: every point to its
--   orthogonal neighbours, and diagonals through the "strong" points only, those where a
--   stone may also move diagonally ([VC], [MS]: "there are strong and weak points"). The
--   diagonals are those of the Alquerque pattern, through a1, the centre e3 and every point
--   whose file and rank indices add up to an even number; each diagonal step joins two such
--   points.
-- * 22 stones each on every point but the centre ([W04]: "arranged on all points but the
--   center"). White holds ranks 1 and 2, Black ranks 4 and 5, and the middle rank reads,
--   from White's left, black, white, black, white, empty, black, white, black, white ([LR]).
-- * White moves first ([VC], [IG], [MS]: "starting with White").
-- * A stone moves one step along a line to an adjacent empty point ([VC], [IG]).
-- * Capture by approach: moving to a point such that the next point on the same line, in
--   the direction of the move, holds an enemy stone; that stone and every enemy stone
--   directly behind it in an unbroken line (up to an empty point, an own stone or the edge)
--   are removed ([VC], [IG], [MT]).
-- * Capture by withdrawal: moving directly away from an adjacent enemy stone; it and the
--   unbroken enemy line behind it are removed ([VC], [IG], [MT]).
-- * A step that could capture both ways captures one of the two, at the player's choice
--   ([VC]: "cannot be made at the same time ... you'll have to make a choice"; [IG], [BS]).
--   Both readings are legal moves of their own, written with the points they clear.
-- * Capturing is compulsory; a non-capturing move ("paika") only when no capture exists
--   ([VC], [IG], [MS]; [BS]: "if any capturing moves are possible anywhere on the board,
--   then a capturing move must be made"). Any capture may be chosen, not the longest
--   ([BS]: "if multiple captures are possible, you can choose which to do").
-- * After a capture the same stone may go on capturing, each further step itself a
--   capture, but never onto a point it has stood on this turn (its start point included),
--   and never twice in a row in the same direction ([VC]: "the piece is not allowed to
--   arrive at the same position twice", "not permitted to capture twice consecutively in
--   the same direction"; [BS]: "you cannot return to any space twice", "you can't move in
--   the same direction twice in a row").
-- * The game is won by taking every enemy stone ([W04], [VC], [IG], [MS]).
-- * A side that cannot move on its turn loses ([GF]: "to win the game, you have to take all
--   your opponent's pieces, or to leave a position where they can't move").
-- * Notation: points a1..i5, files a..i from White's left, ranks 1..5 from White's side. A
--   paika is written d2-e3; a capture by every point the stone lands on, d2xe3 or
--   d2xe3xe4. Where two captures land on the same points and differ only in what they take
--   (an approach against a withdrawal), each is followed by the points it clears, rank by
--   rank: d3xe3 xf3 (approach, taking f3) and d3xe3 xc3 (withdrawal, taking c3).
--
-- Readings:
-- * Going on capturing is optional ([VC]: "continuing the capturing sequence is optional";
--   [BS]: "subsequent captures on the same turn are optional"); [MT] makes it compulsory, as
--   draughts does. This script follows [VC] and [BS]. No option.
-- * The opening (option opening): [W04] says "a player's first capture ends their turn but,
--   in all later turns, a capturing piece is allowed to continue making successive
--   captures". The reading taken, opening=standard (the default), is the literal one: each
--   player's first capturing turn takes one line and ends, whenever it comes; a player goes
--   on capturing only once it has captured before (its `captured` count is not 0). White's
--   opening move always captures and can never go on (from the centre, every further step
--   would repeat its direction or meet a stone), so the rule bites on Black's first
--   capture, usually its first move. A reading that restricts only the first capturing move
--   of the game would change nothing. opening=free plays every capture alike ([VC], [IG],
--   [MS] and [BS] state no such restriction).
-- * A side that cannot move loses, as [GF] has it; [MT] calls that a draw instead. Neither
--   happens from the start without a long game. No option.
-- * A game that neither side can win is a draw by agreement ([W04], [VC]), which the rules
--   here do not decide. No option.
-- * Counting: a capturing turn, the whole chain of captures of one stone, is one decision,
--   as a capture chain of draughts is: perft counts turns, and a turn is counted once per
--   distinct outcome (its origin, its destination and the set of points it clears), however
--   many orders of steps reach it. Each step is not a decision of its own, since stopping is
--   the player's choice at every step and counting steps would count a "stop" as a move (as
--   engines that play step by step do). No option.
local opening = option("opening", { "standard", "free" }, "standard",
  "standard: each player's first capture takes one line and ends the turn (Wikipedia, 2004); free: it may go on capturing as every later capture may")

local files = "abcdefghi"
local pts, links = {}, {}
local function name(x, y) return files:sub(x + 1, x + 1) .. (y + 1) end
for y = 0, 4 do
  for x = 0, 8 do
    pts[#pts + 1] = { name(x, y), x, y }
    if x < 8 then links[#links + 1] = { name(x, y), name(x + 1, y) } end
    if y < 4 then links[#links + 1] = { name(x, y), name(x, y + 1) } end
    -- Diagonals leave the strong points (x + y even) only.
    if (x + y) % 2 == 0 and y < 4 then
      if x < 8 then links[#links + 1] = { name(x, y), name(x + 1, y + 1) } end
      if x > 0 then links[#links + 1] = { name(x, y), name(x - 1, y + 1) } end
    end
  end
end

local capture = { dirs = "all", by = "approach withdrawal" }
local moves = { step { dirs = "all", mode = "move" } }
local phases = nil
if opening == "standard" then
  phases = { phase { name = "first-capture", when = "captured == 0" }, phase { name = "play" } }
  moves[2] = line_capture { dirs = capture.dirs, by = capture.by, chain = false, phase = "first-capture" }
  moves[3] = line_capture { dirs = capture.dirs, by = capture.by, phase = "play" }
else
  moves[2] = line_capture { dirs = capture.dirs, by = capture.by }
end

return game {
  title = "Fanorona",
  description = "Step along the lines; capture the enemy line you approach or withdraw from, and go on capturing with the same stone if you like; take every enemy stone to win.",
  sources = {
    "Wikipedia, \"Fanorona\" (revision of 2004-03-09)",
    "vchess, Fanorona rules (summarized from Wikipedia); iggamecenter.com, Fanorona",
    "mindsports.nl, Fanorona; gasy-fanorona.sourceforge.net, How to play Fanorona",
    "boardspace.net, Fanorona rules; Masters Traditional Games, Fanorona",
  },
  board = points { points = pts, links = links },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  notation = { joiner = "-" },
  phases = phases,
  pieces = {
    piece { name = "stone", symbol = "S", glyph = ":pieces/stones/stone.svg", value = 1, moves = moves },
  },
  setup = {
    white = { stone = "a1 b1 c1 d1 e1 f1 g1 h1 i1 a2 b2 c2 d2 e2 f2 g2 h2 i2 b3 d3 g3 i3" },
    black = { stone = "a5 b5 c5 d5 e5 f5 g5 h5 i5 a4 b4 c4 d4 e4 f4 g4 h4 i4 a3 c3 f3 h3" },
  },
  capture = "compulsory",
  ends = { extinction = true, no_moves = "loss" },
}
