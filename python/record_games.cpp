#include "record_games.h"

#include <pybind11/stl.h>

#include <fstream>
#include <sstream>
#include <vector>

#include "script/loader.h"
#include "session/game_record.h"

namespace py = pybind11;

namespace regula::python {

namespace {

struct Replayed {
  std::string rules, score, reason;
  std::vector<std::string> seats, result;
  int plies = 0;
};

const char* outcome_text(const Result& r, SeatId s) {
  if (!r.over) return "none";
  switch (r.outcome[s]) {
    case Outcome::kWin:
      return "win";
    case Outcome::kLoss:
      return "loss";
    default:
      return "draw";
  }
}

Replayed replayed(const Game& game) {
  Replayed g;
  const Ruleset& r = game.rules();
  g.rules = r.name;
  g.score = game.result().over ? game.result().score() : "*";
  g.reason = game.result().over ? game.result().reason : "unfinished";
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    g.seats.push_back(r.seats[s].name);
    g.result.push_back(outcome_text(game.result(), s));
  }
  for (const Game::Played& p : game.history())
    if (p.starts_turn && p.move.kind != MoveKind::kChance) ++g.plies;
  return g;
}

}  // namespace

py::list record_games(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  if (!file) throw py::value_error(path + ": cannot read the records");
  std::stringstream text;
  text << file.rdbuf();
  std::vector<Replayed> games;
  Status st;
  {
    py::gil_scoped_release release;
    st = for_each_record(text.str(), script::cached_rules_loader(), "",
                         [&](Game&& game, size_t, size_t) -> Status {
                           games.push_back(replayed(game));
                           return std::nullopt;
                         });
  }
  if (st) throw py::value_error(path + ": " + st->text());
  py::list out;
  for (const Replayed& g : games) {
    py::dict d;
    d["rules"] = g.rules;
    d["seats"] = g.seats;
    d["result"] = g.result;
    d["score"] = g.score;
    d["reason"] = g.reason;
    d["plies"] = g.plies;
    out.append(d);
  }
  return out;
}

}  // namespace regula::python
