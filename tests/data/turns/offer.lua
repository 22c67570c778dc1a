-- Three seats in two teams; a move labelled "offer" is answered by the next enemy
-- seat (accept or decline) before the turn order goes on; an accepted offer
-- freezes the third seat and gives its army to the first.
return game {
  title = "offer with effect",
  board = grid { width = 3, height = 3 },
  seats = { { name = "a", team = 1 }, { name = "b", team = 2 }, { name = "c", team = 1 } },
  turn_order = "a c b",
  pieces = { piece { name = "stone", symbol = "S", moves = {
    step { dirs = "orthogonal" }, step { dirs = "n", label = "offer" } } } },
  setup = { a = { stone = "a1" }, b = { stone = "c3" }, c = { stone = "c1" } },
  stages = { stage { name = "answer", who = "next-enemy", choose = "answer",
                     answers = { "accept", "decline" } } },
  triggers = { trigger { on = "label", label = "offer", stage = "answer" } },
  after = function(pos, move)
    if move.kind == "answer" and move.answer == "accept" then
      pos:set_seat_state("c", "frozen")
      pos:set_controller("c", "a")
    end
  end,
}
