-- attacks: an error raised without a position; expect: no position given
error("no position given", 0)
