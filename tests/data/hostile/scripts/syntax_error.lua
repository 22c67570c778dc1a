-- attacks: a table never closed (a syntax error); expect: unexpected symbol near <eof>
return game {
  title = "broken",
  board = grid { width = 3, height = 3 ,
  pieces = { piece { name = "man", symbol = "M", moves = { step { dirs = "all" } } } },
  setup = { white = { man = "a1" } },

