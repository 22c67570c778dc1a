-- Two linked points, for position strings of point boards.
return game {
  title = "points",
  board = points { points = { { "p", 0, 0 }, { "q", 1, 0 } }, links = { { "p", "q" } } },
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } } },
  setup = { white = { man = "p" }, black = { man = "q" } },
}
