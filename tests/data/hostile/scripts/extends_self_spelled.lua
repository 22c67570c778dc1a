-- attacks: a script that extends itself under another spelling; expect: is circular
return extends("./extends_self_spelled.lua", {})
