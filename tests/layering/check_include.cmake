# Compiles SOURCE with the flags the build gives it (read from COMMANDS, the
# build's compile_commands.json) and passes when the compiler says FORBIDDEN,
# a header of a higher layer, is not found, and fails otherwise: when it is
# found (the layering leaks) or when the compile stops earlier (the probe's own
# allowed include is wrong), so the probe cannot pass by accident.
#   cmake -DCOMMANDS=... -DSOURCE=... -DFORBIDDEN=... -P check_include.cmake
file(READ "${COMMANDS}" json)
string(JSON count LENGTH "${json}")
math(EXPR last "${count} - 1")
set(command "")
foreach(i RANGE ${last})
  string(JSON file GET "${json}" ${i} file)
  if(file STREQUAL SOURCE)
    string(JSON command GET "${json}" ${i} command)
    string(JSON directory GET "${json}" ${i} directory)
    break()
  endif()
endforeach()
if(command STREQUAL "")
  message(FATAL_ERROR "${SOURCE} is not in ${COMMANDS}")
endif()
separate_arguments(args UNIX_COMMAND "${command}")
# Only the preprocessor and the parser are wanted: no object, no depfile.
set(kept "")
set(skip FALSE)
foreach(a IN LISTS args)
  if(skip)
    set(skip FALSE)
  elseif(a MATCHES "^-(o|MF|MT|MQ)$")
    set(skip TRUE)
  elseif(NOT a MATCHES "^-(MD|MMD)$")
    list(APPEND kept "${a}")
  endif()
endforeach()
execute_process(COMMAND ${kept} -fsyntax-only WORKING_DIRECTORY "${directory}"
  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE out)
string(REPLACE "." "\\." pattern "${FORBIDDEN}")
if(status EQUAL 0)
  message(FATAL_ERROR "${FORBIDDEN} was found from ${SOURCE}: an include points up a layer")
elseif(NOT out MATCHES "${pattern}'?:? (No such file or directory|file not found)")
  message(FATAL_ERROR "${SOURCE} failed to compile for another reason than ${FORBIDDEN}:\n${out}")
endif()
message(STATUS "${FORBIDDEN} is out of reach, as it should be")
