-- Chaturanga for four with dice and money, as the second leaflet of a French set
-- of Chaturanga rules gives it, with the stakes of D. Forbes (The History of
-- Chess, 1860: Sinhasana, Chaturaji, Nripakrishta, Shatpada, Gadhavati).
--
-- Clause by clause (what is as in Chaturanga for four, four-handed.lua, is said
-- there: the board, the array, the teams seated opposite, the turns, the pieces'
-- moves, minor pieces that may not take major ones, elephant combat, frozen
-- armies, command and the exchange of Rajahs):
--  * Dice always: a six-sided die each turn; 1 or 6: no move; 2: an Elephant;
--    3: a Horse; 4: a Tower; 5: a Soldier or a Rajah. A throw that moves nothing
--    is a pass.
--  * The Rajah steps one square; this leaflet gives it no knight's leap.
--  * Command (Sinhasana): a Rajah on its ally's Rajah's start square commands the
--    ally's army, and "on his turn he may choose to move his own pieces or his
--    ally's; on his ally's turn, his ally's or his own": its player moves either
--    army on either turn.
--  * Promotion (Shatpada): a Soldier that reaches the start square of an enemy
--    Horse or Tower may become that piece, only if its side has lost one (so no
--    side ever has two Horses or two Towers). It may also stay a Soldier.
--  * The privileged pawn (Gadhavati): a player left with exactly one Soldier and
--    one Elephant on the board (his Rajah gone, his army commanded by his ally,
--    since a frozen army does not move) may promote that Soldier on the start
--    square of any enemy Horse, Tower or Rajah, to the piece of his choice: Horse,
--    Tower or Rajah. A Rajah made so puts the player back in play with his army.
--  * Restitution: when both Rajahs of one team are taken and only one of the
--    other's, the player to move of the latter team may demand, in place of a
--    move and with nothing in return, his ally's Rajah back: it returns to its
--    start square (or the nearest empty square) and its player plays again.
--  * Withdrawal: a player left with his Rajah alone withdraws, and his Rajah
--    leaves the board; his ally plays on alone against both enemies.
--  * The end: the team that takes every enemy piece but the Rajahs wins ("la
--    partie se termine alors immédiatement"). A team whose Rajahs are both taken
--    stays in the game, frozen, until then (the second leaflet's goal, which its
--    restitution rule presupposes). The leaflet has no draw; here a game in which
--    nothing has been taken for 200 rounds (800 turns) is drawn, so that every
--    game ends (random play stalls when what is left cannot take what is left).
--  * Money, in Roupies: each player puts 5 into the pot at the start; the unit is 5.
--    - Throne capture: a player whose piece occupies the start square of an
--      enemy Rajah is paid one unit by that Rajah's player, once per game for each
--      throne.
--    - Rajah capture: a player who takes an enemy Rajah is paid one unit by its
--      player, each time.
--    - Empire: a player who commands both armies of his team when his team wins
--      is paid two units by each opponent; a player whose ally withdrew commands
--      no army but his own and makes no empire.
--    - The pot goes to the winning team, split evenly; a drawn game gives each
--      player his stake back.
--    The ledger is in the position ("stakes", with the pot), so every record and
--    every position string carries it; the money in play always sums to zero.
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
    "Chaturanga leaflet (French), variant 2",
    "D. Forbes, The History of Chess, 1860",
    "H. J. R. Murray, A History of Chess, 1913, part I chapter 3",
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
