-- Jetan after Cazaux, with his proposed change to cut the draws. Clause by clause
-- (J.-L. Cazaux, after Burroughs' Appendix): every clause as in jetan/cazaux, except
--   Chief      taken by the enemy Chief: a win; taken by any other piece: the game goes on
--              (only the capture of a Princess can then decide it).
local jetan = require "jetan.common"

return jetan.game {
  title = "Jetan (Cazaux reconstruction, game goes on after a Chief is lost)",
  description = "Cazaux's Jetan with his proposed cure for draws: a Chief taken by any piece but the "
    .. "enemy Chief does not end the game.",
  sources = {
    "Wikipedia (German), article 'Jetan', after J.-L. Cazaux's reconstruction",
    "J.-L. Cazaux, Zillions submission 519; F. Duniho",
  },
  thoat = "either-order-jumps",
  princess = "bold",
  chief_taken = "continue",
}
