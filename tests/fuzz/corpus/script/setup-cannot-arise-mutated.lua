-- attacks: a setup whose start position the readers of positions refuse (a man on the row it must promote on, facing away), so that a position regula writes would not read back; expect: setup: the start position could not arise: black man on a3 could never move again and would have had to promote there
return game {
  title = "men facing away",
  board = grid { width = 3, height = 3 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "north" } },
  pieces = {
    piece { name = "man", symbol = "M", moves = step { dirs = "forward" },
            promotion = { zone = "far", to = { "king" } } },
    piece { name = "king", symbol = "K", moves = step { dirs = "all" } },
  },
  regions = { far = { white = "a3 b3 c3", black = "a3 b3 c3" } },
  setup = { white = { man = "a1" }, black = { man = "a3" } },
}
