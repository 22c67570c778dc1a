-- attacks: an error object that is a table; expect: error object is a table value
error({ "not a message" })
