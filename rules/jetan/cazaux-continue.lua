-- Jetan after Cazaux, with his proposed change to cut the draws. Clause by clause
-- (RULES.md, Decisions A): every clause as in jetan/cazaux, except
--   Chief      taken by the enemy Chief: a win; taken by any other piece: the game goes on
--              (only the capture of a Princess can then decide it).
local jetan = require "jetan.common"

return jetan.game {
  title = "Jetan (Cazaux reconstruction, game goes on after a Chief is lost)",
  sources = {
    "seed 004_32b61e68a2ae3940.txt (German Wikipedia 'Jetan', after J.-L. Cazaux)",
    "J.-L. Cazaux, Zillions submission 519; F. Duniho",
  },
  thoat = "either-order-jumps",
  princess = "bold",
  chief_taken = "continue",
}
