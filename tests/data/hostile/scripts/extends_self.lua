-- attacks: a script that extends itself; expect: is circular
return extends("extends_self", {})
