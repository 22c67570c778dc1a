-- Sittuyin, Burmese chess, as Fairy-Stockfish plays it (UCI_Variant sittuyin): only the
-- pawns start on the board, and a pawn on a long diagonal may become a general once its
-- own is lost. White (Red in Burmese sets) is on ranks 1-3 and moves first; Black on 6-8.
--
-- Sources: [W] Wikipedia, "Sittuyin" (the pieces and their moves after H. J. R. Murray,
-- A History of Chess, 1913; the start with the pawns alone on the board, the placement,
-- the promotion on the diagonals only while the side's general is lost, as a move of its
-- own); [V] vchess.org, "Sittuyin" rules (B. Auder, after the Myanmar Chess Federation's
-- "How to play Myanmar Traditional Chess": every piece placed behind the pawns, the
-- chariots on the first rank, the promotion squares, the promotion in place or onto an
-- empty diagonally adjacent square, from any square for the last pawn, one general at
-- most); [F] Fairy-Stockfish 11.1, src/variant.cpp sittuyin_variant, src/movegen.cpp and
-- src/position.cpp (sittuyinPromotion, sittuyinRookDrop, mustDrop, promotionLimit,
-- ASEAN_COUNTING, nMoveRule: the FEN, the move text, and the perft counts this script is
-- tested against).
--
-- Clause by clause:
-- (Pieces in Betza's notation, https://en.wikipedia.org/wiki/Betza%27s_funny_notation.)
-- * Min-gyi (king, K): one step in any direction; royal [W].
-- * Sit-ke (general, F): one diagonal step (F) [W].
-- * Sin (elephant, S): one diagonal step or one step straight forward (FfW) [W].
-- * Myin (horse, N): the knight's leap; Yahhta (chariot, R): the rook [W].
-- * Ne (pawn, P): one step forward without capturing, captures one step diagonally forward
--   (fmWfcF); no double step [W][F].
-- * Start: the pawns stand on the board, White's on a3-d3 and e4-h4, Black's on a5-d5 and
--   e6-h6; every other piece starts in hand [W][V][F].
-- * Placement: while a side holds pieces in hand it must place one as its move (when a
--   placement is legal; [F] mustDrop), on an empty square of its own three ranks, behind or
--   beside its pawns [V][F]; the chariots only on the back rank [V][F] (sittuyinRookDrop).
--   Pieces taken never come back [W].
-- * Promotion [W][V][F]: a pawn standing on one of the squares of the two long diagonals in
--   the enemy half (a8 b7 c6 d5 e5 f6 g7 h8 for White, a1 b2 c3 d4 e4 f3 g2 h1 for Black),
--   or a side's last pawn wherever it stands, may become a general as its whole move, on
--   its square or by one diagonal step onto an empty square, while its side has no general
--   on the board. A pawn is never obliged to promote, and one on the last rank outside the
--   diagonals cannot move.
-- * Check; checkmate wins [W].
-- * Threefold repetition draws [F]. 50 moves (100 plies) without a capture or a pawn move
--   draw, unless the last of them mates [F] (nMoveRule 50; placements do not reset the
--   count).
-- * Counting [F] (ASEAN_COUNTING, the rules of the ASEAN chess championships, position.cpp
--   count_limit): once no pawn stands on the board, a side left with its king alone counts
--   its moves from zero, and the game is drawn when the count passes 16 moves against a
--   chariot, 44 against an elephant (and no chariot), 64 against a horse (and neither),
--   unless the side to move is checkmated; against a general alone there is no count. A
--   capture or a promotion that leaves the side to move with its king alone starts the
--   count afresh; otherwise a count runs to its end. The count, in plies, takes the place of
--   the en passant and halfmove fields of the FEN, as Fairy-Stockfish writes it
--   ("8/8/8/8/8/8/R7/4K2k[] b - 32 0 1").
--
-- Readings:
-- * Stalemate is a draw, as Fairy-Stockfish, whose moves these are, scores it; Wikipedia
--   says instead that a player may not stalemate the other. No option.
-- * The king may not be placed where it is attacked [F]; the other sources do not say.
--   No option.
-- * The promotion may not give check, and the new general may not attack an enemy piece
--   from where it lands, as Fairy-Stockfish plays (movegen.cpp skips such moves,
--   position.cpp refuses a promotion that checks); [W] and [V] do not say. No option.
-- * Left out: the draw of the Myanmar rules 3.9 c.7 [F], in which a side left with its king
--   and one pawn, not in check, whose only legal moves are promotions, is stalemated. No
--   end condition of the rule language looks at the kinds of the legal moves; no move
--   depends on it, and Fairy-Stockfish's perft ignores it, so only the end of some long
--   endgames differs. No option.

-- The squares of the long diagonals in the enemy half, per seat.
local white_diagonals = "a8 b7 c6 d5 e5 f6 g7 h8"
local black_diagonals = "a1 b2 c3 d4 e4 f3 g2 h1"

-- The squares of the ranks from `first` to `last`, e.g. "a1 b1 ... h3".
local function ranks(first, last)
  local out = {}
  for rank = first, last do
    for file in ("abcdefgh"):gmatch(".") do table.insert(out, file .. rank) end
  end
  return table.concat(out, " ")
end

return game {
  title = "Sittuyin (Burmese chess)",
  description = "Burmese chess: only the pawns start on the board, and each side first places its other "
    .. "pieces behind them; a pawn on a long diagonal may become a general once its own is lost.",
  sources = {
    "Wikipedia, Sittuyin (https://en.wikipedia.org/wiki/Sittuyin)",
    "vchess.org, Sittuyin rules (after the Myanmar Chess Federation's How to play Myanmar Traditional Chess)",
    "Fairy-Stockfish 11.1, src/variant.cpp sittuyin_variant, src/movegen.cpp, src/position.cpp",
  },
  board = grid { width = 8, height = 8 },
  seats = { { name = "white", facing = "north" }, { name = "black", facing = "south" } },
  position = "fen",
  uci_variant = "sittuyin",
  notation = "san",
  must_drop = true,
  regions = {
    -- Where each side places its pieces: its own three ranks.
    camp = { white = ranks(1, 3), black = ranks(6, 8) },
    -- The chariots: the back rank alone.
    back_rank = { white = ranks(1, 1), black = ranks(8, 8) },
    diagonals = { white = white_diagonals, black = black_diagonals },
    board = ranks(1, 8),
  },
  pieces = {
    piece { name = "ne", symbol = "P", glyph = ":pieces/chaturanga/soldier.svg", value = 1, san = "no-letter", betza = "fmWfcF",
      resets_move_rule = true,
      promotion = {
        -- A pawn among others promotes on the diagonals of the enemy half...
        { zone = "diagonals", to = { "sitke" }, in_place = true, step = "diagonal",
          check = false, attack = false, when = "pieces:sitke == 0 and pieces:ne >= 2" },
        -- ... the last pawn wherever it stands.
        { zone = "board", to = { "sitke" }, in_place = true, step = "diagonal",
          check = false, attack = false, when = "pieces:sitke == 0 and pieces:ne == 1" },
      } },
    piece { name = "myin", symbol = "N", glyph = ":pieces/chaturanga/horse.svg", value = 3, betza = "N", drop = "camp" },
    piece { name = "sin", symbol = "S", glyph = ":pieces/chaturanga/elephant.svg", value = 3, betza = "FfW", drop = "camp" },
    piece { name = "yahhta", symbol = "R", glyph = ":pieces/chaturanga/chariot.svg", value = 5, betza = "R", drop = "back_rank" },
    piece { name = "sitke", symbol = "F", glyph = ":pieces/chaturanga/counsellor.svg", value = 2, betza = "F", drop = "camp" },
    piece { name = "mingyi", symbol = "K", glyph = ":pieces/chaturanga/rajah.svg", royal = true, betza = "K", drop = "camp" },
  },
  setup = {
    white = { ne = "a3 b3 c3 d3 e4 f4 g4 h4" },
    black = { ne = "a5 b5 c5 d5 e6 f6 g6 h6" },
  },
  hand = {
    white = { mingyi = 1, sitke = 1, yahhta = 2, sin = 2, myin = 2 },
    black = { mingyi = 1, sitke = 1, yahhta = 2, sin = 2, myin = 2 },
  },
  ends = {
    check = true,
    checkmate = "loss",
    stalemate = "draw",
    repetition = 3,
    move_rule = { plies = 100, mate_first = true },
    counting = {
      pawns = "ne",
      bare = {
        { against = { yahhta = 1 }, moves = 16 },
        { against = { sin = 1 }, moves = 44 },
        { against = { myin = 1 }, moves = 64 },
      },
    },
  },
}
