-- attacks: require of a name 16 MiB long; expect: kMaxScriptName
local m = require(string.rep("a/", 1 << 23))
return {}
