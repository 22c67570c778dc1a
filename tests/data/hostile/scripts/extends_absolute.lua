-- attacks: extends of an absolute path outside the rules search path; expect: outside the rules search path
return extends("/etc/hostname", {})
