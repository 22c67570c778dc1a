-- Chaturanga for four, as the first of a French set of Chaturanga rules (three leaflets)
-- gives it, with the classical array and names of H. J. R. Murray and D. Forbes.
--
-- Sources: a French set of Chaturanga rules (three leaflets), variant 1; H. J. R. Murray,
-- A History of Chess (1913), part I chapter 3; D. Forbes, The History of Chess (1860);
-- Wikipedia, "Chaturaji"; Ludii, Chaturaji (the counter-clockwise order).
--
-- Clause by clause:
-- * Board: 8x8, every square of one colour (leaflet 1).
-- * Pieces: each of the four players has an Elephant, a Horse ("Cavalier"), a Tower, a Rajah
--   and four Soldiers (leaflet 1). The Elephant is the ship or boat of Forbes and Murray.
-- * Teams: the armies seated opposite are allies ("les deux camps disposés en diagonales"):
--   South and North against West and East (leaflet 1).
-- * Turns: each in turn, clockwise ("dans le sens horaire"): South, West, North, East
--   (leaflet 1).
-- * Soldier: one step forward, no double step; it captures one step forward or diagonally
--   forward (leaflet 1).
-- * Tower: the rook, not over pieces; Horse: the knight's leap, over pieces; Elephant: a leap
--   of exactly two squares diagonally, over pieces (leaflet 1).
-- * Rajah: one step in any direction; once a game, and only while it is not in check ("à
--   condition que le Rajah ne soit pas en échec"), a knight's leap (leaflet 1).
-- * Capture: by moving onto an enemy piece, which leaves the board; Soldiers and Elephants,
--   the minor pieces, may not capture a Horse, a Tower or a Rajah ("elles ne peuvent pas
--   capturer de pièces majeures"); nobody captures an ally's pieces (leaflet 1).
-- * Elephant combat: the move of an Elephant that completes a 2x2 square of the four
--   Elephants captures both enemy Elephants and makes the allied one the mover's (leaflet 1;
--   the Vrihannauka of Forbes and Murray). Each Elephant keeps to its own quarter of the
--   squares, so no Elephant can otherwise take another.
-- * A player whose Rajah is taken keeps his army on the board: it no longer moves (nor
--   threatens anything), may be captured, and his turns are skipped (leaflet 1).
-- * Command: a Rajah that reaches the start square of its ally's Rajah takes command of the
--   ally's army, even if the ally's Rajah was taken, and plays it on the ally's turns; a
--   frozen army moves again (leaflet 1; Forbes's Sinhasana).
-- * Exchange: when each team has lost one Rajah, they may agree to exchange them: both come
--   back on their start squares (or a square next to it when that one is taken) and their
--   players play their own armies again (leaflet 1; Forbes's Nripakrishta).
-- * Win: the team that takes both enemy Rajahs; the game ends at once (leaflet 1).
-- * Dice, the leaflet's optional rule: a six-sided die each turn; 1 or 6: no move;
--   2: an Elephant; 3: a Horse; 4: a Tower; 5: a Soldier or the Rajah (leaflet 1; Forbes
--   describes the dice game with a long four-sided die, faces 2 to 5).
--
-- Readings:
-- * The array: the leaflet says "as on the diagram opposite", and the diagram is not in its
--   text; the array is the classical one of Murray (A History of Chess, 1913) and the
--   accounts after him (Wikipedia's Chaturaji): each army on the left half of its own edge,
--   Elephant in the corner, Rajah nearest the centre, Soldiers in front, moving away from
--   their own edge. South a1 Elephant, b1 Horse, c1 Tower, d1 Rajah, Soldiers a2-d2; East h1,
--   h2, h3, h4, Soldiers g1-g4; North h8, g8, f8, e8, Soldiers h7-e7; West a8, a7, a6, a5,
--   Soldiers b8-b5. The leaflet's colours (red and black against yellow and green) give no
--   seats, so the allies are defined by seat. No option.
-- * Who moves first: the leaflet does not say. South starts: a decision, not a clause of the
--   leaflet, following Murray and the convention that the player at the south edge begins;
--   no option (a position string may give the move to another seat).
-- * The order of turns: clockwise, as the leaflet says; `turns=counter-clockwise` plays South,
--   East, North, West, the order of Ludii's Chaturaji; either alternates the teams.
-- * The Soldier's capture: forward or diagonally forward, as the leaflet says
--   (`soldier=forward-or-diagonal`); `soldier=diagonal` is the classical rule (Murray),
--   diagonally forward only.
-- * Promotion: the leaflet for four says nothing of it, so a Soldier that reaches the far edge
--   stays a Soldier; no option.
-- * Minor pieces and Rajahs: a Soldier or an Elephant may not take a Rajah either, as the
--   clause is written; no option.
-- * The Rajah's leap: "not in check" is read as no enemy piece able to capture it now; the
--   leaflet does not say whether the leap may capture, and here it may not, as in Murray's
--   account of the king's leap; no option.
-- * The exchange: offered by the player to move in place of his move, accepted or declined by
--   the next player of the other team; a Rajah whose start square is taken comes back on the
--   nearest empty square; no option.
-- * Command lasts until the ally's Rajah comes back by an exchange; a commander whose own
--   Rajah is taken commands no longer; no option.
-- * A player with no move passes (the leaflet does not say; Murray's sources agree that play
--   goes on); no option.
-- * Dice: off by default, the leaflet's rule being optional; `dice=on` throws the die. A
--   throw no piece can use is a pass.
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
    "a French set of Chaturanga rules (three leaflets), variant 1",
    "H. J. R. Murray, A History of Chess (1913), part I chapter 3",
    "D. Forbes, The History of Chess (1860)",
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
