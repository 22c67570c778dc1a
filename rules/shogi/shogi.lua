-- Shogi (Japanese chess), as the Japan Shogi Association's rules state it: captured pieces
-- change sides and come back as drops, and most pieces promote in the last three ranks.
--
-- Sources: Japan Shogi Association, "Rules of Shogi" (shogi.or.jp); Wikipedia, "Shogi"
-- (Movement, Promotion, Drops, Illegal moves, Repetition); Fairy-Stockfish, src/variant.cpp,
-- shogi_variant (its FEN, move texts and the perft counts this script is tested against).
--
-- Clause by clause:
-- * Board 9x9; each side's lances, knights, silvers, golds and king along its first rank,
--   the bishop and the rook on its second (b2 and h2 for sente), the pawns on its third
--   (JSA; Wikipedia). Sente moves first.
-- * The pieces and their moves: king (one step any way), rook, bishop, gold general (one
--   step orthogonally or diagonally forward), silver general (one step diagonally or
--   straight forward), knight (two forward and one sideways, jumping), lance (any distance
--   straight forward), pawn (one step forward, capturing as it moves) (JSA; Wikipedia,
--   Movement).
-- * Promotion: a move that starts or ends in the last three ranks may promote the piece
--   (rook to dragon, bishop to horse; silver, knight, lance and pawn to pieces that move as
--   a gold); it must where the piece could never move again: a pawn or lance on the last
--   rank, a knight on the last two. Gold and king do not promote (JSA; Wikipedia,
--   Promotion).
-- * A captured piece joins the capturer's hand, unpromoted, and may be dropped on any empty
--   square as a move, unpromoted, but not where it could never move again, not a pawn on a
--   file holding an unpromoted pawn of its side (nifu), and not a pawn that gives mate at
--   once (uchifuzume); a pawn drop that gives a check the king can escape is legal, and so
--   is mate by a pawn that moves (JSA; Wikipedia, Drops and Illegal moves).
-- * A move may not leave one's own king attacked; checkmate wins (JSA; Wikipedia).
-- * Fourfold repetition of the same position (sennichite) ends the game without a winner
--   (JSA; Wikipedia, Repetition).
-- * Seats and positions as Fairy-Stockfish writes them for its "shogi" variant: sente is
--   "white", upper case, on ranks 1 to 3; files a to i; FEN with the hands in [...] and
--   promoted pieces as +P; moves as h3h4, a drop as P@e5, a promotion with a '+' suffix
--   (b2h8+) (Fairy-Stockfish).
--
-- Readings:
-- * Sennichite is scored a draw; under the JSA rules the game is then replayed with the
--   sides reversed, which lies outside one game. No option.
-- * Perpetual check (oute-sennichite), which the JSA rules make a loss for the checking
--   side, is not modelled here: such a repetition draws like any other. No option.
-- * A side with no legal move, in check or not, loses, as Fairy-Stockfish scores it
--   (stalemateValue = -VALUE_MATE). No option.
-- * The impasse rules (jishogi: both kings entered, settled by counting pieces) are not
--   modelled. No option.
local forwards = "forwards"
local gold_steps = { step { dirs = "orthogonal" }, step { dirs = "forward-diagonal" } }

-- The pieces' drawings, bundled with the GUI (promoted_lance is promoted-lance.svg).
local function drawn(name)
  return ":pieces/shogi/" .. name:gsub("_", "-") .. ".svg"
end

local function promoted(name, symbol, base, value)
  return piece { name = name, symbol = symbol, glyph = drawn(name), value = value, demotes_to = base,
                 moves = gold_steps }
end

local promotes = function(to)
  return { zone = "zone", to = { to }, optional = true, on = "any", forced = "stuck" }
end

return game {
  title = "Shogi",
  description = "Japanese chess, as the Japan Shogi Association plays it: captured pieces change sides and are "
    .. "dropped back as moves, and most pieces promote in the last three ranks.",
  sources = {
    "Japan Shogi Association, Rules of Shogi (shogi.or.jp)",
    "Wikipedia, \"Shogi\" (Movement, Promotion, Drops, Illegal moves)",
    "Fairy-Stockfish, src/variant.cpp, shogi_variant (its FEN, move texts and perft)",
  },
  board = grid { width = 9, height = 9, checkered = false },
  -- Each side's pieces point at the other's, as shogi sets are drawn.
  seats = {
    { name = "white", facing = "north", turned = true },
    { name = "black", facing = "south", turned = true },
  },
  position = "fen",
  uci_variant = "shogi",
  uci_promotion = "+",
  captures_to_hand = true,
  regions = { zone = { ranks = { 7, 8, 9 } } },
  pieces = {
    piece { name = "pawn", symbol = "P", glyph = drawn("pawn"), value = 1, moves = { step { dirs = "forward" } },
      promotion = promotes("tokin"),
      drop = { stuck = false, file_free_of = "pawn", mate = false } },
    piece { name = "lance", symbol = "L", glyph = drawn("lance"), value = 3, moves = { slide { dirs = "forward" } },
      promotion = promotes("promoted_lance"), drop = { stuck = false } },
    piece { name = "knight", symbol = "N", glyph = drawn("knight"), value = 4,
      moves = { leap { offsets = { { 1, 2 }, { -1, 2 } }, symmetric = false } },
      promotion = promotes("promoted_knight"), drop = { stuck = false } },
    piece { name = "silver", symbol = "S", glyph = drawn("silver"), value = 5,
      moves = { step { dirs = forwards }, step { dirs = "backward-diagonal" } },
      promotion = promotes("promoted_silver"), drop = true },
    piece { name = "gold", symbol = "G", glyph = drawn("gold"), value = 6, moves = gold_steps, drop = true },
    piece { name = "bishop", symbol = "B", glyph = drawn("bishop"), value = 8, moves = { slide { dirs = "diagonal" } },
      promotion = promotes("horse"), drop = true },
    piece { name = "rook", symbol = "R", glyph = drawn("rook"), value = 10, moves = { slide { dirs = "orthogonal" } },
      promotion = promotes("dragon"), drop = true },
    piece { name = "king", symbol = "K", glyph = { white = drawn("king"), black = drawn("king-jade") },
      royal = true, moves = { step { dirs = "all" } } },
    promoted("tokin", "+P", "pawn", 7),
    promoted("promoted_lance", "+L", "lance", 6),
    promoted("promoted_knight", "+N", "knight", 6),
    promoted("promoted_silver", "+S", "silver", 6),
    piece { name = "horse", symbol = "+B", glyph = drawn("horse"), value = 10, demotes_to = "bishop",
      moves = { slide { dirs = "diagonal" }, step { dirs = "orthogonal" } } },
    piece { name = "dragon", symbol = "+R", glyph = drawn("dragon"), value = 12, demotes_to = "rook",
      moves = { slide { dirs = "orthogonal" }, step { dirs = "diagonal" } } },
  },
  setup = {
    white = { lance = "a1 i1", knight = "b1 h1", silver = "c1 g1", gold = "d1 f1", king = "e1",
              bishop = "b2", rook = "h2", pawn = "a3 b3 c3 d3 e3 f3 g3 h3 i3" },
    black = { lance = "a9 i9", knight = "b9 h9", silver = "c9 g9", gold = "d9 f9", king = "e9",
              bishop = "h8", rook = "b8", pawn = "a7 b7 c7 d7 e7 f7 g7 h7 i7" },
  },
  ends = { check = true, checkmate = "loss", stalemate = "loss", repetition = 4 },
}
