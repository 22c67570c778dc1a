#pragma once
// The records of a match's games, as `regula match --records FILE` and the
// GUI's Experiments window write them: every game replayed from its start,
// one record after another, each with its own header naming who played each
// seat (and, from openings, its group and game as PGN's Round).

#include <memory>
#include <string>

#include "ai/match.h"
#include "core/expected.h"
#include "core/ruleset.h"
#include "session/game_record.h"

namespace regula::cli {

// The tags every record of the match has: the clock it was played under.
RecordTags match_records_tags(const ai::MatchOptions& options);

// Writes every game of report (played with keep_turns) to path, replacing it;
// an error naming the path when it cannot be written.
Status write_match_records(const std::shared_ptr<const Ruleset>& rules,
                           const ai::MatchReport& report, const std::string& path,
                           const RecordTags& tags);

}  // namespace regula::cli
