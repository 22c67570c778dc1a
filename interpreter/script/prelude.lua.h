#pragma once
// The Lua half of the rule language: constructors that tag a table with its
// kind and the file:line it was written on, and the merge used by extends().
// Runs with full library access before the sandbox is sealed; scripts see only
// the names it exports.

namespace regula::script {

inline constexpr const char* kPrelude = R"LUA(
local debug_getinfo = debug.getinfo
local function where(level)
  local info = debug_getinfo(level, "Sl")
  if not info then return "?" end
  local src = info.source or "?"
  if src:sub(1, 1) == "@" then src = src:sub(2) end
  return src .. ":" .. (info.currentline or 0)
end

local tags = {}
local function constructor(kind)
  return function(t)
    if type(t) ~= "table" then
      error(kind .. " expects a table, as in " .. kind .. " { ... }", 2)
    end
    rawset(t, "__kind", kind)
    rawset(t, "__where", where(3))
    return t
  end
end
for _, kind in ipairs { "game", "piece", "step", "slide", "leap", "walk", "hop", "castle",
                        "anywhere", "screen", "drop", "grid", "points", "phase", "stage", "trigger",
                        "action", "line_capture" } do
  tags[kind] = constructor(kind)
end

local function is_list(t)
  if type(t) ~= "table" or rawget(t, "__kind") then return false end
  local n = 0
  for _ in pairs(t) do n = n + 1 end
  return n == #t and n > 0
end

local function copy(v)
  if type(v) ~= "table" then return v end
  local out = {}
  for k, x in pairs(v) do out[k] = copy(x) end
  return out
end

-- Deep merge: tables merge key by key, lists are replaced, and the pieces list
-- merges by piece name so an override can name one piece and change one field.
local merge
merge = function(base, over, key)
  -- An empty table replaces a list too (moves = {} takes a piece's moves away).
  if type(base) ~= "table" or type(over) ~= "table" or is_list(over)
     or (is_list(base) and next(over) == nil) then
    if key == "pieces" and type(base) == "table" and type(over) == "table" then
      local out = copy(base)
      for _, p in ipairs(over) do
        local found = false
        for i, q in ipairs(out) do
          if q.name == p.name then
            if p.remove then table.remove(out, i) else out[i] = merge(q, p) end
            found = true
            break
          end
        end
        if not found then out[#out + 1] = p end
      end
      return out
    end
    return copy(over)
  end
  local out = copy(base)
  for k, v in pairs(over) do
    if k == "__where" then
      -- keep the base's constructor position unless the base had none
      if out.__where == nil then out.__where = v end
    else
      out[k] = merge(out[k], v, k)
    end
  end
  -- A game made by extends is another game to an engine unless it says it is
  -- the same: the base's uci_variant is not inherited.
  if key == nil and over.uci_variant == nil then out.uci_variant = nil end
  return out
end

return tags, merge
)LUA";

}  // namespace regula::script
