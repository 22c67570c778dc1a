// The Python module `regula`: the rules loader and the core, with the names
// and meanings of OpenSpiel's game and state (docs/python.md). An action is
// the index of a whole turn in the list legal_turns makes for the position, in
// regula's order, so that action i is line i of `regula moves`.

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "ai/player_spec.h"
#include "core/game_end.h"
#include "core/movegen.h"
#include "core/perft.h"
#include "core/position.h"
#include "core/rule_error.h"
#include "core/turns.h"
#include "experiments.h"
#include "formats/presentation.h"
#include "notation/position_moves.h"
#include "notation/position_string.h"
#include "notation/turn_text.h"
#include "observation.h"
#include "record_games.h"
#include "script/loader.h"
#include "selfplay.h"

namespace py = pybind11;

namespace regula::python {

namespace {

constexpr int kChance = -1;
constexpr int kTerminal = -4;

using Rules = std::shared_ptr<const Ruleset>;

script::OptionList option_list(const py::dict& options) {
  script::OptionList out;
  for (auto item : options)
    out.emplace_back(py::str(item.first).cast<std::string>(),
                     py::str(item.second).cast<std::string>());
  return out;
}

Rules load_rules(const std::string& spec, const py::dict& options) {
  auto rules = script::load_rules(spec, option_list(options));
  if (!rules) throw py::value_error(rules.error().text());
  return *rules;
}

bool same_turn(const Turn& a, const Turn& b) {
  if (a.steps.size() != b.steps.size()) return false;
  for (size_t i = 0; i < a.steps.size(); ++i)
    if (!a.steps[i].same_decision(b.steps[i])) return false;
  return true;
}

// A loaded script with the options chosen: OpenSpiel's Game.
class Game {
 public:
  Game(std::string spec, py::dict options) : options_(std::move(options)) {
    rules_ = load_rules(spec, options_);
    spec_ = std::move(spec);
  }
  const Rules& rules() const { return rules_; }
  std::string name() const { return rules_->name.empty() ? spec_ : rules_->name; }
  std::string title() const { return presentation_of(*rules_).title; }
  std::vector<std::string> seats() const {
    std::vector<std::string> out;
    for (const Seat& s : rules_->seats) out.push_back(s.name);
    return out;
  }
  int num_players() const { return rules_->num_seats(); }
  std::string notation() const { return presentation_of(*rules_).notation; }
  py::dict options() const { return options_; }
  std::vector<int> observation_tensor_shape() const {
    Position pos(rules_);
    ObservationShape s = observation_shape(pos);
    return {s.planes, s.sites};
  }

 private:
  std::string spec_;
  py::dict options_;
  Rules rules_;
};

// A position with the actions played to reach it: OpenSpiel's State.
class State {
 public:
  explicit State(std::shared_ptr<Game> game) : game_(std::move(game)), pos_(game_->rules()) {
    settle();
  }
  State(std::shared_ptr<Game> game, Position pos) : game_(std::move(game)), pos_(std::move(pos)) {
    settle();
  }

  int current_player() const {
    if (result_.over) return kTerminal;
    if (pos_.awaiting_roll()) return kChance;
    return pos_.to_move();
  }
  bool is_terminal() const { return result_.over; }
  bool is_chance_node() const { return !result_.over && pos_.awaiting_roll(); }

  std::vector<int> legal_actions() {
    if (result_.over) return {};
    std::vector<int> out(turns().size());
    for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int>(i);
    return out;
  }

  std::string action_to_string(int action) {
    check_action(action);
    return texts()[action];
  }

  int string_to_action(const std::string& text) {
    const std::vector<std::string>& all = texts();
    for (size_t i = 0; i < all.size(); ++i)
      if (all[i] == text) return static_cast<int>(i);
    auto parsed = parse_turn(pos_, text);
    if (!parsed) throw py::value_error(parsed.error().text());
    if (!parsed->complete) throw py::value_error("'" + text + "' names only part of a turn");
    const std::vector<Turn>& list = turns();
    for (size_t i = 0; i < list.size(); ++i)
      if (same_turn(list[i], parsed->turn)) return static_cast<int>(i);
    throw py::value_error("'" + text + "' is not a legal turn here");
  }

  void apply_action(int action) {
    check_action(action);
    std::vector<Undo> undos;
    make_turn(pos_, (*turns_)[action], undos);
    history_.push_back(action);
    settle();
  }

  std::vector<std::pair<int, double>> chance_outcomes() {
    if (!is_chance_node()) throw py::value_error("not a chance node");
    const Dice& d = pos_.rules().dice;
    const double total = static_cast<double>(d.outcome_total ? d.outcome_total : 1);
    std::vector<std::pair<int, double>> out;
    const std::vector<Turn>& list = turns();
    for (size_t i = 0; i < list.size(); ++i) {
      uint64_t w = 0;
      for (size_t k = 0; k < d.outcomes.size(); ++k)
        if (d.outcomes[k] == list[i].first().chance) w += d.outcome_weights[k];
      out.emplace_back(static_cast<int>(i), static_cast<double>(w) / total);
    }
    return out;
  }

  std::vector<double> returns() const {
    std::vector<double> out(pos_.rules().num_seats(), 0.0);
    if (!result_.over) return out;
    for (size_t s = 0; s < out.size(); ++s) {
      if (result_.outcome[s] == Outcome::kWin) out[s] = 1;
      if (result_.outcome[s] == Outcome::kLoss) out[s] = -1;
    }
    return out;
  }

  py::object stakes() const {
    const Ruleset& r = pos_.rules();
    if (!r.stakes && !r.money.enabled()) return py::none();
    std::vector<int> out;
    for (SeatId s = 0; s < r.num_seats(); ++s)
      out.push_back(settled_counter(pos_, result_, s, kStakes));
    return py::cast(out);
  }

  py::object outcome() const {
    if (!result_.over) return py::none();
    py::dict d;
    d["score"] = result_.score();
    d["reason"] = result_.reason;
    d["returns"] = returns();
    return d;
  }

  std::string serialize() const { return write_position(pos_); }
  const std::vector<int>& history() const { return history_; }
  std::shared_ptr<Game> game() const { return game_; }
  int move_number() const { return static_cast<int>(history_.size()); }

  py::object observation_tensor(int player) const {
    if (player < 0 || player >= pos_.rules().num_seats())
      throw py::value_error("no seat " + std::to_string(player));
    return observation_object(observation(pos_), observation_shape(pos_));
  }

  std::shared_ptr<State> clone() const { return std::make_shared<State>(*this); }

 private:
  // The result and nothing cached, after the position changed.
  void settle() {
    turns_.reset();
    texts_.reset();
    result_ = game_result(pos_);
  }
  const std::vector<Turn>& turns() {
    if (!turns_) {
      turns_.emplace();
      legal_turns(pos_, *turns_);
    }
    return *turns_;
  }
  const std::vector<std::string>& texts() {
    if (!texts_) texts_ = turn_texts(pos_, turns());
    return *texts_;
  }
  void check_action(int action) {
    if (result_.over) throw py::value_error("the game is over");
    if (action < 0 || action >= static_cast<int>(turns().size()))
      throw py::value_error("action " + std::to_string(action) + " is not legal here (0 to " +
                            std::to_string(turns().size()) + " excluded)");
  }

  std::shared_ptr<Game> game_;
  Position pos_;
  Result result_;
  std::vector<int> history_;
  std::optional<std::vector<Turn>> turns_;
  std::optional<std::vector<std::string>> texts_;
};

std::shared_ptr<State> new_initial_state(const std::shared_ptr<Game>& game) {
  return std::make_shared<State>(game);
}

std::shared_ptr<State> deserialize_state(const std::shared_ptr<Game>& game,
                                         const std::string& text) {
  auto pos = read_position_with_moves(game->rules(), text);
  if (!pos) throw py::value_error(pos.error().text());
  return std::make_shared<State>(game, std::move(*pos));
}

uint64_t run_perft(const std::string& spec, int depth, const py::dict& options,
                   const std::string& position) {
  if (depth < 0 || depth > kMaxPerftDepth)
    throw py::value_error("depth must be 0 to " + std::to_string(kMaxPerftDepth));
  Rules rules = load_rules(spec, options);
  auto pos = read_position_with_moves(rules, position);
  if (!pos) throw py::value_error(pos.error().text());
  py::gil_scoped_release release;
  return perft(*pos, depth);
}

py::list run_selfplay(const std::string& spec, int games, uint64_t seed, const py::dict& options,
                      int max_plies) {
  if (games < 0) throw py::value_error("games must not be negative");
  Rules rules = load_rules(spec, options);
  std::vector<SelfplayGame> played;
  {
    py::gil_scoped_release release;
    played = selfplay(rules, games, seed, max_plies);
  }
  py::list out;
  for (const SelfplayGame& g : played) {
    py::dict d;
    d["seed"] = g.seed;
    d["plies"] = g.plies;
    d["finished"] = g.finished;
    d["score"] = g.score;
    d["reason"] = g.reason;
    d["returns"] = g.returns;
    if (g.stakes) d["stakes"] = *g.stakes;
    out.append(d);
  }
  return out;
}

script::OptionList merged_options(const py::dict& both, const py::dict& own) {
  script::OptionList out = option_list(both);
  for (auto& item : option_list(own)) out.push_back(std::move(item));
  return out;
}

std::vector<std::string> player_list(const py::object& players) {
  if (py::isinstance<py::str>(players)) return ai::split_player_list(players.cast<std::string>());
  return players.cast<std::vector<std::string>>();
}

py::dict match(const std::string& spec, const py::object& players, int games, uint64_t seed,
               const py::dict& options, int threads, int max_plies) {
  return run_match(
      {spec, option_list(options), player_list(players), games, seed, threads, max_plies});
}

py::dict compare(const std::string& a, const std::optional<std::string>& b, int games,
                 uint64_t seed, const py::dict& options, const py::dict& options_a,
                 const py::dict& options_b, int max_plies, const std::string& player, int threads) {
  if (!b && options_a.empty() && options_b.empty())
    throw py::value_error(
        "compare: give a second script, or options_a / options_b to compare one script under "
        "two option sets");
  return run_compare({a, b.value_or(a), merged_options(options, options_a),
                      merged_options(options, options_b), games, seed, max_plies, player, threads});
}

void add_experiments(py::module_& m) {
  m.def("match", &match, py::arg("name"), py::arg("players"), py::arg("games") = 100,
        py::arg("seed") = 1, py::arg("options") = py::dict(), py::arg("threads") = 0,
        py::arg("max_plies") = 1000,
        "games between players, as `regula match --json` reports them, with one dict per game "
        "besides (threads=0: every core; the GIL is released)");
  m.def("compare", &compare, py::arg("a"), py::arg("b") = py::none(), py::arg("games") = 10,
        py::arg("seed") = 1, py::arg("options") = py::dict(), py::arg("options_a") = py::dict(),
        py::arg("options_b") = py::dict(), py::arg("max_plies") = 200, py::arg("player") = "random",
        py::arg("threads") = 0,
        "two readings over games played under the first, as `regula compare --json` reports "
        "them (threads=0: every core; the GIL is released)");
}

void add_game(py::module_& m) {
  py::class_<Game, std::shared_ptr<Game>>(m, "Game")
      .def_property_readonly("name", &Game::name)
      .def_property_readonly("title", &Game::title)
      .def_property_readonly("seats", &Game::seats)
      .def_property_readonly("options", &Game::options)
      .def_property_readonly("notation", &Game::notation)
      .def_property_readonly("has_continuations",
                             [](const Game& g) { return g.rules()->has_continuations; })
      .def_property_readonly("has_dice", [](const Game& g) { return g.rules()->dice.enabled(); })
      .def_property_readonly("max_game_length", [](const Game&) { return py::none(); })
      .def("num_players", &Game::num_players)
      .def("new_initial_state", &new_initial_state)
      .def("deserialize_state", &deserialize_state, py::arg("text"))
      .def("observation_tensor_shape", &Game::observation_tensor_shape)
      .def("__repr__", [](const Game& g) { return "<regula.Game " + g.name() + ">"; });
}

void add_state(py::module_& m) {
  py::class_<State, std::shared_ptr<State>>(m, "State")
      .def("current_player", &State::current_player)
      .def("is_terminal", &State::is_terminal)
      .def("is_chance_node", &State::is_chance_node)
      .def("legal_actions", &State::legal_actions)
      .def("action_to_string", &State::action_to_string, py::arg("action"))
      .def("string_to_action", &State::string_to_action, py::arg("text"))
      .def("apply_action", &State::apply_action, py::arg("action"))
      .def("chance_outcomes", &State::chance_outcomes)
      .def("returns", &State::returns)
      .def("rewards", [](const State& s) { return s.returns(); })
      .def("stakes", &State::stakes)
      .def("outcome", &State::outcome)
      .def("clone", &State::clone)
      .def("serialize", &State::serialize)
      .def("history", &State::history)
      .def("move_number", &State::move_number)
      .def("get_game", &State::game)
      .def("observation_tensor", &State::observation_tensor, py::arg("player") = 0)
      .def("__str__", &State::serialize)
      .def("__repr__", [](const State& s) { return "<regula.State " + s.serialize() + ">"; });
}

}  // namespace

}  // namespace regula::python

PYBIND11_MODULE(_regula, m) {
  using namespace regula;
  using namespace regula::python;
  m.doc() = "regula's rules and positions, with OpenSpiel's names (docs/python.md)";
  m.attr("CHANCE") = kChance;
  m.attr("TERMINAL") = kTerminal;
  py::register_exception<RuleError>(m, "RuleError", PyExc_RuntimeError);
  add_game(m);
  add_state(m);
  m.def(
      "load",
      [](const std::string& spec, const py::dict& options) {
        return std::make_shared<Game>(spec, options);
      },
      py::arg("name_or_path"), py::arg("options") = py::dict());
  m.def(
      "bundled_scripts", [] { return script::bundled_script_names(); },
      "the names of the bundled game scripts");
  m.def("perft", &run_perft, py::arg("name"), py::arg("depth"), py::arg("options") = py::dict(),
        py::arg("position") = "",
        "the number of whole-turn sequences of the given length (the GIL is released)");
  m.def("selfplay", &run_selfplay, py::arg("name"), py::arg("games"), py::arg("seed") = 1,
        py::arg("options") = py::dict(), py::arg("max_plies") = 1000,
        "random games from the start, one dict per game (the GIL is released)");
  add_experiments(m);
  m.def("_record_games", &record_games, py::arg("path"),
        "the games of a record file, replayed: one dict per game (regula.records reads them)");
}
