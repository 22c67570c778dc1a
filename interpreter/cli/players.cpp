#include "cli/players.h"

#include <cstdio>
#include <cstdlib>

#include "cli/output.h"
#include "notation/move_text.h"
#include "uci/players.h"

namespace regula::cli {

Expected<std::unique_ptr<ai::Player>> make_player(const std::string& spec,
                                                  std::shared_ptr<const Ruleset> rules,
                                                  uint64_t seed) {
  return uci::make_any_player(spec, std::move(rules), seed);
}

std::string search_info_text(const Position& pos, const ai::SearchInfo& info) {
  char buf[64];
  std::string s = "depth " + std::to_string(info.depth);
  if (info.seldepth > info.depth) s += "/" + std::to_string(info.seldepth);
  if (const int mate = info.mate_in_moves()) {
    s += (mate > 0 ? " mate in " : " mated in ") + std::to_string(std::abs(mate));
  } else {
    std::snprintf(buf, sizeof buf, " score %+.2f", info.score / double(ai::kPieceUnit));
    s += buf;
  }
  if (info.expected >= 0) {
    std::snprintf(buf, sizeof buf, " expected %.0f%%", 100 * info.expected);
    s += buf;
  }
  s += " nodes " + grouped(info.nodes);
  if (info.millis > 0) {
    const double nps = 1000.0 * static_cast<double>(info.nodes) / static_cast<double>(info.millis);
    std::snprintf(buf, sizeof buf, nps >= 10000 ? " nps %.0fk" : " nps %.0f",
                  nps >= 10000 ? nps / 1000 : nps);
    s += buf;
  }
  s += " time " + std::to_string(info.millis) + " ms";
  const std::vector<std::string> pv = line_texts(pos, info.pv);
  if (!pv.empty()) {
    s += " pv";
    for (const std::string& m : pv) s += " " + m;
  }
  return s;
}

}  // namespace regula::cli
