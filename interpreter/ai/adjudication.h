#pragma once
// Adjudication of games between computer players, as cutechess-cli does it:
// a game is decided before its end from the scores the players' own searches
// report (SearchInfo::score, from the side of the seat that decides), so that
// games between players who can no longer change the outcome, or who would
// play on for ever in rules without a move limit, still count.
//
//   resign: a team loses once its players' searches have scored its position at
//           -score or worse in `turns` of its turns in a row and, when
//           two-sided (the default), the other team's at +score or better in
//           as many of its own turns in a row;
//   draw:   after `after` decisions, a draw once both teams' searches have
//           scored within -score..+score in `turns` of their turns in a row.
//
// A turn whose player reported no score (the random player) breaks its team's
// runs. Only for rules with two teams.

#include <array>
#include <optional>
#include <string>

#include "core/expected.h"
#include "core/result.h"
#include "core/ruleset.h"

namespace regula::ai {

struct Adjudication {
  int resign_turns = 0;  // 0: no resignation
  int resign_score = 0;
  bool two_sided = true;
  int draw_after = 0;
  int draw_turns = 0;  // 0: no draw
  int draw_score = 0;
  bool any() const { return resign_turns > 0 || draw_turns > 0; }
  // "resign turns=5 score=600" or "", for reports.
  std::string text() const;
};

// Reads "turns=N,score=S[,twosided=true|false]" into a's resignation, or
// "after=N,turns=N,score=S" into its draw; an Error naming the option otherwise.
Status parse_resign(const std::string& text, Adjudication& a);
Status parse_draw(const std::string& text, Adjudication& a);

// An Error when the rules cannot be adjudicated (not two teams).
Status check_adjudication(const Ruleset& rules, const Adjudication& a);

// Follows one game's turns and says when the adjudication decides it.
class Adjudicator {
 public:
  Adjudicator(const Ruleset& rules, const Adjudication& a);
  // After a turn of seat's team: the score its player reported, if any.
  void turn(SeatId seat, std::optional<int> score);
  // The result the adjudication gives after `decisions` decisions, if any.
  std::optional<Result> decide(int decisions) const;

 private:
  struct Runs {
    int behind = 0, ahead = 0, even = 0;
  };
  int team_index(SeatId seat) const;
  const Ruleset& rules_;
  Adjudication a_;
  std::array<Runs, 2> runs_{};
  std::array<int, 2> team_ids_{};
  std::array<SeatId, 2> first_seat_{};
};

}  // namespace regula::ai
