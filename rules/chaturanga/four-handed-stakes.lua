-- Chaturanga for four with dice and money, as the second of a French set of Chaturanga rules
-- (three leaflets) gives it, with the names of D. Forbes (The History of Chess, 1860:
-- Sinhasana, Chaturaji, Nripakrishta, Shatpada, Gadhavati).
--
-- Sources: a French set of Chaturanga rules (three leaflets), variant 2; D. Forbes, The
-- History of Chess (1860); H. J. R. Murray, A History of Chess (1913), part I chapter 3;
-- Wikipedia, "Chaturaji"; Ludii, Chaturaji (the counter-clockwise order).
--
-- Clause by clause:
-- * Board, pieces, teams seated opposite, turns clockwise, the moves of Soldier, Tower, Horse
--   and Elephant, capture, minor pieces that may not take major ones, no capture of allies,
--   elephant combat, frozen armies and the exchange of Rajahs: as chaturanga/four-handed
--   (leaflet 2, which repeats leaflet 1 on each).
-- * Dice always: a six-sided die each turn; 1 or 6: no move; 2: an Elephant; 3: a Horse;
--   4: a Tower; 5: a Soldier or a Rajah (leaflet 2).
-- * Rajah: one step in any direction; this leaflet gives it no knight's leap (leaflet 2).
-- * Command: a Rajah on its ally's Rajah's start square commands the ally's army, and "on his
--   turn he may choose to move his own pieces or his ally's; on his ally's turn, his ally's
--   or his own" (leaflet 2; Forbes's Sinhasana).
-- * Promotion: a Soldier that reaches the start square of an enemy Horse or Tower may become
--   that piece, only if its side has lost one, so no side ever has two Horses or two Towers
--   (leaflet 2; Forbes's Shatpada). It may also stay a Soldier ("peut être promu").
-- * The privileged pawn: a player left with one Soldier and one Elephant on the board may
--   promote that Soldier on the start square of any enemy Horse, Tower or Rajah, to the piece
--   of his choice: Horse, Tower or Rajah (leaflet 2; Forbes's Gadhavati).
-- * Restitution: when both Rajahs of one team are taken and only one of the other's, the
--   latter team may demand, with nothing in return, its Rajah back: it returns to its start
--   square (or a square next to it) and its player plays again (leaflet 2).
-- * Withdrawal: a player left with his Rajah alone withdraws; his ally finishes the game
--   alone against both enemies and can make no empire (leaflet 2).
-- * The end: the team that takes every enemy piece but, perhaps, the Rajahs wins, and the
--   game ends at once (leaflet 2).
-- * Money, in Roupies: each player stakes the same sum at the start (5 each, a pot of 20);
--   the unit of every other gain is that sum (leaflet 2):
--   - Throne capture: a player whose piece occupies the start square of an enemy Rajah is
--     paid one unit by that Rajah's player, once a game (leaflet 2).
--   - Rajah capture: a player who takes an enemy Rajah is paid one unit by its player, each
--     time (leaflet 2).
--   - Empire: a player who commands both armies of his team and takes every piece of both
--     enemies (the Rajahs perhaps excepted) is paid two units by each opponent (leaflet 2).
--
-- Readings:
-- * The array and who moves first: as chaturanga/four-handed: the leaflet's diagram is not in
--   its text, so the array is the classical one of Murray (A History of Chess, 1913) and the
--   accounts after him; South starts, a decision following Murray and convention, since the
--   leaflet does not say; no option.
-- * The pot: the leaflet says each player stakes the same sum and that the goal is to win
--   more Roupies than the others, but not who takes the pot. Here it goes to the winning
--   team, split evenly, and a drawn game gives each player his stake back: a decision, not a
--   clause of the leaflet; no option.
-- * Throne capture: "once a game" is read as once for each throne, whatever enemy piece
--   occupies it; no option.
-- * Empire: made by the commander of both armies when his team wins; a player whose ally
--   withdrew commands no army but his own and makes no empire; no option.
-- * Withdrawal: the Rajah of a player who withdraws leaves the board; no option.
-- * The privileged pawn: "only a Soldier and an Elephant" is read as exactly these two pieces
--   on the board, his Rajah gone; since a frozen army does not move, he uses it only while his
--   ally commands his army; a Rajah made so puts him back in play with his army; no option.
-- * Restitution: demanded in place of a move by the player to move of the team that lost one
--   Rajah; no option.
-- * A team whose Rajahs are both taken stays in the game, frozen, until every piece of it but
--   the Rajahs is taken (the goal of the leaflet, which its restitution rule presupposes); no
--   option.
-- * The leaflet has no draw: here a game in which nothing has been taken for 200 rounds (800
--   turns) is drawn, so that every game ends (random play stalls when what is left cannot
--   take what is left); no option.
-- * The order of turns: clockwise, as the leaflet says; `turns=counter-clockwise` plays South,
--   East, North, West, the order of Ludii's Chaturaji.
-- * The Soldier's capture: forward or diagonally forward, as the leaflet says
--   (`soldier=forward-or-diagonal`); `soldier=diagonal` is the classical rule (Murray).
-- * A throw that moves nothing is a pass, and so is a turn with no move; no option.
--
-- The ledger is in the position ("stakes", with the pot), so every record and every position
-- string carries it; the money in play always sums to zero.
local four = require "chaturanga.four"

local turns = option("turns", { "clockwise", "counter-clockwise" }, "clockwise",
  "clockwise: South, West, North, East, as the French leaflet says; " ..
  "counter-clockwise: South, East, North, West, as Ludii's Chaturaji plays")
local soldier = option("soldier", { "forward-or-diagonal", "diagonal" }, "forward-or-diagonal",
  "forward-or-diagonal: a Soldier captures forward or diagonally forward (the French " ..
  "leaflet); diagonal: diagonally forward only (Murray, A History of Chess, 1913)")

local unit = 5
local lesser = "soldier,elephant,horse,tower"

return game {
  title = "Chaturanga for four, with dice and stakes",
  sources = {
    "a French set of Chaturanga rules (three leaflets), variant 2",
    "D. Forbes, The History of Chess (1860)",
    "H. J. R. Murray, A History of Chess (1913), part I chapter 3",
  },
  description = "Four armies in two teams, a die naming the piece to move, and money: throne "
    .. "and Rajah captures, empire, restitution; take every enemy piece but the Rajahs.",
  board = grid { width = 8, height = 8, checkered = false },
  seats = four.seats,
  turn_order = four.turn_order(turns),
  dice = four.die,
  command = "either-army",
  out_pieces = "remove",
  regions = {
    -- The start squares of the enemies' Horses and Towers, and with their Rajahs'.
    majors = { south = "a7 a6 h2 h3", north = "a7 a6 h2 h3",
               west = "b1 c1 g8 f8", east = "b1 c1 g8 f8" },
    thrones = { south = "a7 a6 a5 h2 h3 h4", north = "a7 a6 a5 h2 h3 h4",
                west = "b1 c1 d1 g8 f8 e8", east = "b1 c1 d1 g8 f8 e8" },
  },
  pieces = {
    piece { name = "soldier", symbol = "P", glyph = ":pieces/chaturanga/soldier.svg", value = 1, roll = four.roll.soldier,
      cannot_capture = four.majors, moves = four.soldier_moves(soldier),
      promotion = {
        { zone = "thrones", to = { "horse", "tower", "rajah" }, optional = true,
          when = "pieces == 2 and pieces:soldier == 1 and pieces:elephant == 1" },
        { zone = "majors", to = "start", only_lost = true, optional = true },
      },
    },
    piece { name = "elephant", symbol = "E", glyph = ":pieces/chaturanga/elephant.svg", value = 2, roll = four.roll.elephant,
      cannot_capture = four.majors,
      moves = { leap { offsets = { { 2, 2 } } } },
      square = { size = 2, enemies = "capture", allies = "take" },
    },
    piece { name = "horse", symbol = "N", glyph = ":pieces/chaturanga/horse.svg", value = 3, roll = four.roll.horse,
      moves = { leap { offsets = { { 1, 2 } } } } },
    piece { name = "tower", symbol = "R", glyph = ":pieces/chaturanga/chariot.svg", value = 4, roll = four.roll.tower,
      moves = { slide { dirs = "orthogonal" } } },
    piece { name = "rajah", symbol = "K", glyph = ":pieces/chaturanga/rajah.svg", value = 5, roll = four.roll.rajah,
      takes_command = "ally-start", moves = { step { dirs = "all" } } },
  },
  setup = four.setup,
  stages = { four.exchange_stage },
  actions = {
    four.exchange_action,
    action { name = "restitution", effects = { restore = "rajah", seats = "team" },
             when = "enemy_pieces:rajah == 0 and team_pieces:rajah == 1" },
  },
  money = {
    ante = unit,
    payments = {
      { on = "capture", piece = "rajah", amount = unit },
      { on = "occupy", piece = "rajah", amount = unit },
      { on = "win-commanding", amount = 2 * unit },
    },
  },
  ends = {
    captures = { { captured = "rajah", result = "freeze", reason = "Rajah taken" } },
    last_team = "plays-on",
    leave = "pieces == 1 and pieces:rajah == 1",
    no_moves = "pass",
    move_rule = 800,
    conditions = {
      { when = "enemy_pieces:" .. lesser .. " == 0", result = "win",
        reason = "every enemy piece but the Rajahs taken" },
      { when = "team_pieces:" .. lesser .. " == 0", result = "loss",
        reason = "every enemy piece but the Rajahs taken" },
    },
  },
}
