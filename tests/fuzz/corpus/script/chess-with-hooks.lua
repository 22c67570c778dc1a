-- Chess by extension, with an option and every hook, as a seed for fuzz_script.
local mode = option("mode", { "hooks", "plain" })
return extends("chess/orthodox", {
  title = "seed: chess with hooks",
  filter = function(pos, move) return mode == "plain" or move.to ~= "e5" end,
  after = function(pos, move)
    if move.to == "h6" and pos:at("h6") then pos:remove("h6") end
  end,
  generate = function(pos)
    if pos:ply() == 0 then return { { from = "b1", to = "b3" } } end
    return {}
  end,
  end_check = function(pos)
    if pos:ply() > 40 then return { draw = true, reason = "seed limit" } end
  end,
})
