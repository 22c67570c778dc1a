-- The Game of the Amazons, invented by Walter Zamkauskas (Argentina, 1988), as the ICGA's
-- Computer Olympiad and the literature play it.
--
-- Sources: W. Zamkauskas, El Juego de las Amazonas (1988, published in the Argentine puzzle
-- magazine El Acertijo, 1992); the rules as P. Hensgens gives them in "A Knowledge-based
-- Approach of the Game of Amazons" (M.Sc. thesis, Universiteit Maastricht, 2001), ch. 1.2,
-- and as the ICGA's Computer Olympiad plays them; Wikipedia, "Game of the Amazons".
--
-- Clause by clause:
-- * A 10x10 board. White's four amazons stand on a4, d1, g1 and j4, Black's on a7, d10,
--   g10 and j7 (Hensgens, fig. 1.1; Wikipedia). White moves first (Hensgens).
-- * A turn is two parts, both compulsory: one of one's amazons moves like a chess queen (any
--   distance along a line or diagonal, over no piece, never capturing), then from the square
--   where it stopped it shoots an arrow, also like a queen, onto an empty square; the square
--   it has just left counts as empty (Zamkauskas; Hensgens; Wikipedia).
-- * The arrow stays there for the rest of the game: nothing may pass over or land on it.
--   Arrows come from an unlimited supply (92 at most can ever be shot) (Hensgens;
--   Wikipedia).
-- * The player who cannot complete a turn (none of its amazons can move) loses (Hensgens:
--   "the last player to make a move wins"; Wikipedia). There are no draws, no passes and no
--   captures.
-- * The whole turn is written `d1-d7,g7`: the move, then the arrow's square.
--
-- Readings:
-- * Arrows belong to nobody in the rules; here each is its shooter's piece (upper case for
--   White's), which changes nothing in play. No option.
-- * A turn, move and shot together, is one move of the game: perft counts whole turns
--   (2,176 from the start), as the Regular Games project publishes them. No option.
return game {
  title = "Amazons",
  description = "Move an amazon like a queen, then shoot an arrow like a queen from where it lands; who cannot move loses.",
  sources = {
    "Walter Zamkauskas, El Juego de las Amazonas (1988)",
    "P. P. L. M. Hensgens, A Knowledge-based Approach of the Game of Amazons, M.Sc. thesis, Universiteit Maastricht (2001)",
    "ICGA Computer Olympiad rules; Wikipedia, \"Game of the Amazons\"",
  },
  board = grid { width = 10, height = 10 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  notation = { joiner = "-", drops = "site" },
  pieces = {
    piece { name = "amazon", symbol = "Q", glyph = ":pieces/chess/queen.svg", value = 10,
            moves = slide { dirs = "all", mode = "move" } },
    piece { name = "arrow", symbol = "X", glyph = ":pieces/amazons/arrow.svg", value = 0 },
  },
  setup = {
    white = { amazon = "a4 d1 g1 j4" },
    black = { amazon = "a7 d10 g10 j7" },
  },
  stages = { stage { name = "shoot", choose = "place", piece = "arrow",
                     reach = slide { dirs = "all" } } },
  triggers = { trigger { on = "move", stage = "shoot" } },
  ends = { no_moves = "loss" },
}
