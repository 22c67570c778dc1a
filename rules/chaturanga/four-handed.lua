-- Chaturanga for four, as the first leaflet of a French set of Chaturanga rules
-- gives it, with the classical array and names of H. J. R. Murray and D. Forbes.
--
-- Clause by clause:
--  * Board: 8x8, uncheckered. Each of the four players has an Elephant (leaps
--    exactly two squares diagonally: the ship or boat of Forbes and Murray), a Horse
--    (knight), a Tower (rook) and a Rajah (king), and four Soldiers.
--  * Array: the leaflet's diagram is the classical one (Murray, A History of Chess,
--    1913; Wikipedia's Chaturaji): each army takes the left half of its own edge,
--    Elephant in the corner, Rajah nearest the centre, Soldiers in front. South
--    a1 Elephant, b1 Horse, c1 Tower, d1 Rajah, Soldiers a2-d2; East h1, h2, h3, h4,
--    Soldiers g1-g4; North h8, g8, f8, e8, Soldiers h7-e7; West a8, a7, a6, a5,
--    Soldiers b8-b5. Soldiers move away from their own edge.
--  * Teams: the armies seated opposite are allies ("les deux camps disposés en
--    diagonales"): South and North against West and East. Allies never capture
--    each other's pieces.
--  * Turns: South starts and play goes clockwise, South, West, North, East
--    ("dans le sens horaire"). Option turns = "counter-clockwise" plays South, East,
--    North, West, the order of Ludii's Chaturaji; either order alternates the teams.
--  * Soldier (option soldier): one step forward, no double step and, since the
--    leaflet for four says nothing of promotion, no promotion: a Soldier that
--    reaches the far edge stays there. It captures one step forward or diagonally
--    forward as the leaflet says ("forward-or-diagonal", the default); "diagonal"
--    is the classical rule, diagonal captures only.
--  * Minor pieces: Soldiers and Elephants may not capture a Horse, a Tower or a
--    Rajah ("elles ne peuvent pas capturer de pièces majeures"), Rajahs included,
--    as the clause is written.
--  * Rajah: one step in any direction; once per game, and only while no enemy
--    piece could capture it ("à condition que le Rajah ne soit pas en échec"), a
--    knight's leap, which may not capture (as in Murray's account of the leap).
--  * Elephant combat (Forbes's and Murray's Vrihannauka, in the leaflet's reading):
--    the move of an Elephant that completes a 2x2 square of the four Elephants
--    captures both enemy Elephants and makes the allied one the mover's. Each
--    Elephant keeps to its own quarter of the squares, so no Elephant can otherwise
--    take another.
--  * A player whose Rajah is taken keeps his army on the board: it no longer
--    moves (nor threatens anything), may be captured, and his turns are skipped.
--  * A Rajah that reaches the start square of its ally's Rajah takes command of
--    the ally's army, even if the ally's Rajah was taken (Forbes's Sinhasana): from
--    then on its player plays the ally's army on the ally's turns, and a frozen
--    army moves again. Command lasts until the ally's Rajah comes back by an
--    exchange; a commander whose own Rajah is taken commands no longer.
--  * Exchange (Forbes's Nripakrishta): when each team has lost one Rajah, the
--    player to move may offer, in place of his move, to exchange them; the next
--    player of the other team accepts or declines. On acceptance both Rajahs come
--    back on their start squares (or the nearest empty square when that one is
--    taken) and their players play their own armies again.
--  * The team that takes both enemy Rajahs wins; the game ends at once.
--  * A player with no move passes (the leaflet does not say; Murray's sources
--    agree that play goes on).
--  * Option dice = "on" (the leaflet's optional rule): a six-sided die is thrown
--    each turn; 1 or 6: no move; 2: an Elephant; 3: a Horse; 4: a Tower; 5: a
--    Soldier or the Rajah. A throw no piece can use is a pass.
local four = require "chaturanga.four"

local turns = option("turns", { "clockwise", "counter-clockwise" }, "clockwise",
  "clockwise: South, West, North, East, as the French leaflet (variant 1) says; " ..
  "counter-clockwise: South, East, North, West, as Ludii's Chaturaji plays")
local soldier = option("soldier", { "forward-or-diagonal", "diagonal" }, "forward-or-diagonal",
  "forward-or-diagonal: a Soldier captures forward or diagonally forward (the French " ..
  "leaflet); diagonal: diagonally forward only (Murray, A History of Chess, 1913)")
local dice = option("dice", { "off", "on" }, "off",
  "on: a six-sided die names the piece type to move (the leaflet's optional rule; Murray, " ..
  "A History of Chess, 1913, on the dice game); off: no dice")

local function roll(piece)
  if dice == "on" then return four.roll[piece] end
  return nil
end

return game {
  title = "Chaturanga for four",
  sources = {
    "Chaturanga leaflet (French), variant 1",
    "H. J. R. Murray, A History of Chess, 1913, part I chapter 3",
    "D. Forbes, The History of Chess, 1860",
  },
  description = "Four armies in two teams of allies seated opposite; take both enemy Rajahs. "
    .. "Frozen armies, command of an ally's army, elephant combat and the exchange of Rajahs.",
  board = grid { width = 8, height = 8, checkered = false },
  seats = four.seats,
  turn_order = four.turn_order(turns),
  dice = dice == "on" and four.die or nil,
  pieces = {
    piece { name = "soldier", symbol = "P", glyph = ":pieces/chaturanga/soldier.svg", value = 1, roll = roll "soldier",
      cannot_capture = four.majors, moves = four.soldier_moves(soldier) },
    piece { name = "elephant", symbol = "E", glyph = ":pieces/chaturanga/elephant.svg", value = 2, roll = roll "elephant",
      cannot_capture = four.majors,
      moves = { leap { offsets = { { 2, 2 } } } },
      square = { size = 2, enemies = "capture", allies = "take" },
    },
    piece { name = "horse", symbol = "N", glyph = ":pieces/chaturanga/horse.svg", value = 3, roll = roll "horse",
      moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "tower", symbol = "R", glyph = ":pieces/chaturanga/chariot.svg", value = 4, roll = roll "tower",
      moves = { slide { dirs = "orthogonal" } } },
    piece { name = "rajah", symbol = "K", glyph = ":pieces/chaturanga/rajah.svg", value = 5, roll = roll "rajah",
      takes_command = "ally-start",
      moves = {
        step { dirs = "all" },
        leap { offsets = { { 1, 2 } }, mode = "move", once = "leap", unless_attacked = true },
      },
    },
  },
  setup = four.setup,
  stages = { four.exchange_stage },
  actions = { four.exchange_action },
  ends = {
    captures = { { captured = "rajah", result = "freeze", reason = "both enemy Rajahs taken" } },
    no_moves = "pass",
  },
}
