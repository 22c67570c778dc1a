#pragma once
// The outputs of `perft --json` and `compare --json` run in shards (--shard
// I/N), merged into the output of the whole run: perft's totals and divides
// added, compare's counts added and its differences put in game order. Every
// part must come from the same run (the same script and hash, options,
// position or games, and N), each part at most once; parts that are missing
// are named in the result.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/expected.h"

namespace regula::cli {

// The output in a file when it is one JSON object of kind "perft" or
// "compare"; nullopt when the file holds something else (per-game records).
Expected<std::optional<nlohmann::ordered_json>> read_shard_result(const std::string& path);

struct ShardResult {
  std::string file;
  nlohmann::ordered_json output;
};

// The merged output; an Error naming the file that does not belong.
Expected<nlohmann::ordered_json> merge_shard_results(const std::vector<ShardResult>& parts);

// A few lines that say what the merged output adds up to.
std::string shard_result_text(const nlohmann::ordered_json& merged);

}  // namespace regula::cli
