-- Jetan as reconstructed by J.-L. Cazaux and shared by F. Duniho. Clause by clause
-- (J.-L. Cazaux, after Burroughs' Appendix):
--   moves      step counts "always meant exactly", turns at every step, no square twice,
--              capture on arrival;
--   Thoat      one orthogonal and one diagonal step, either order, jumping (12 targets);
--   Panthan    one square forward, sideways or diagonally forward (5 squares);
--   Flier      jumps;
--   Princess   jumps; may capture; may enter threatened squares (no check of any kind);
--   escape     once per game, to any empty square;
--   Chief      taken by the enemy Chief: a win; taken by any other piece: a draw
--              (Burroughs' rule; cazaux-continue takes Cazaux's proposed change).
local jetan = require "jetan.common"

return jetan.game {
  title = "Jetan (Cazaux reconstruction)",
  description = "Jetan, the Martian chess of Burroughs' novel, as J.-L. Cazaux reconstructed it: every move "
    .. "takes its exact steps, and the Princess may capture and go where she is threatened.",
  sources = {
    "Wikipedia (German), article 'Jetan', after J.-L. Cazaux's reconstruction",
    "J.-L. Cazaux, Zillions submission 519; F. Duniho",
  },
  thoat = "either-order-jumps",
  princess = "bold",
  chief_taken = "draw",
}
