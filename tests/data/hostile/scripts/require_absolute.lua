-- attacks: require of an absolute path outside the rules search path; expect: outside the rules search path
local secret = require "/etc/passwd"
return {}
