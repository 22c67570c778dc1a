#pragma once
// Game records as files: reading one with the byte limit of a record, writing
// one, and testing before a game starts that a record can be written where the
// user asked, so that a long game is not lost at its end to a bad path.

#include <functional>
#include <string>

#include "core/expected.h"
#include "script/search_path.h"
#include "session/game.h"

namespace regula::cli {

// The whole of a record file ("-": standard input), or an error naming it;
// never more than kMaxRecordText bytes are read.
Expected<std::string> read_record_file(const std::string& path);

// The record reader names lines "record:12": the same error with the file's
// name in their place ("games.pgn:12"); standard input ("-") keeps "record".
Error in_file(Error e, const std::string& path);

// The games of a record file, replayed one at a time (for_each_record: a file
// of many games is read in the memory of one, its scripts compiled once);
// errors name the file and line. A game without [Rules] is replayed with
// fallback_rules, or with the bundled script its PDN [GameType] names.
Status for_each_record_game(const std::string& path, const script::SearchPath& search,
                            const std::string& fallback_rules,
                            const std::function<Status(Game&&, size_t, size_t)>& each);

// Whether a file can be written at path, without leaving one behind that was
// not there: an error naming the path and the system's reason when not.
Status check_writable(const std::string& path);

// Writes text to path (replacing it); an error naming the path and the reason.
Status write_text_file(const std::string& path, const std::string& text);

}  // namespace regula::cli
