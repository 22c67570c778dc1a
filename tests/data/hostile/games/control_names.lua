-- Names full of terminal control sequences (clear screen, set the window
-- title, bell, carriage return) and bytes that are not UTF-8: nothing the
-- command prints may carry them raw, and its JSON must stay valid.
local white, black, king = "wh\27[31mite", "bl\255ack", "ki\27[1mng"
return game {
  title = "evil\27[2J\27]0;pwned\7 title\r",
  seats = { white, black },
  board = grid { width = 3, height = 3 },
  pieces = { piece { name = king, symbol = "K", moves = { step { dirs = "all" } } } },
  setup = { [white] = { [king] = "a1" }, [black] = { [king] = "c3" } },
  ends = { captures = { { captured = king, result = "win", reason = "caught \255\254 \27[5m" } } },
}
