-- attacks: extends with an override table that contains itself; expect: stack overflow
local t = {}
t.t = t
return extends("chess/orthodox", { title = "x", extra = t })
