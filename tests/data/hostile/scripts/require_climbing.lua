-- attacks: require climbing out of the rules search path with ..; expect: outside the rules search path
local secret = require "../../../../../../../../etc/passwd"
return {}
