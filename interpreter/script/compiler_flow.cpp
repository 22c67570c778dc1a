// The compiler's part for the flow of a turn and of the game: flags and
// counters, conditions (the small language phases, actions, promotions and
// ends share), phases, stages and what follows them, actions, triggers, dice
// and the game fields that shape a turn. Its own file because these are the
// rules about when things happen, apart from what the pieces can do.

#include <algorithm>
#include <charconv>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "script/compiler_internal.h"
#include "script/field_reader.h"
#include "script/limits.h"

namespace regula::script {

// The once-per-game flags ("moved" built in, others added by the rules that
// use them) and the counters each seat keeps (two built in, the rest from
// counters = { ... }), which conditions may read.
void Compiler::flags_and_counters() {
  r_->flag_names = {"moved"};
  r_->seat_counter_names = {"captured", "stakes"};
  if (auto* c = game_.get("counters"))
    for (auto& n : strings(*c, "counters")) {
      if (r_->seat_counter_names.size() >= static_cast<size_t>(kMaxSeatCounters))
        fail(c->where.empty() ? game_.where : c->where,
             "more than " + std::to_string(kMaxSeatCounters) +
                 " counters per seat, two of them built in (kMaxSeatCounters)");
      r_->seat_counter_names.push_back(n);
    }
}

// ---- conditions ----------------------------------------------------------
// "hand > 0 and pieces == 3": comparisons of a quantity of the seat to move.
Condition Compiler::condition(const std::string& text, const std::string& where) {
  Condition c;
  c.text = text;
  const std::vector<std::string> w = words(text, "a condition", where);
  static const std::map<std::string, Condition::Op> kOps = {
      {"<", Condition::Op::kLt},  {"<=", Condition::Op::kLe}, {"==", Condition::Op::kEq},
      {"~=", Condition::Op::kNe}, {"!=", Condition::Op::kNe}, {">=", Condition::Op::kGe},
      {">", Condition::Op::kGt}};
  static const std::map<std::string, Condition::Subject> kSubjects = {
      {"hand", Condition::Subject::kHand},
      {"pieces", Condition::Subject::kPieces},
      {"team_pieces", Condition::Subject::kTeamPieces},
      {"enemy_pieces", Condition::Subject::kEnemyPieces},
      {"empty", Condition::Subject::kEmpty},
      {"captured", Condition::Subject::kCaptured},
      {"ply", Condition::Subject::kPly}};
  const std::string form =
      "a condition is 'QUANTITY OP NUMBER' joined by 'and', where QUANTITY is hand, pieces, "
      "team_pieces, enemy_pieces (each optionally :PIECE or :PIECE,PIECE,..., counting those "
      "types, and @REGION, counting those in a region), empty, captured, "
      "ply or a counter's name and OP is <, <=, ==, ~=, >=, >";
  for (size_t i = 0; i < w.size(); i += 4) {
    if (i + 3 > w.size() || (i + 3 < w.size() && w[i + 3] != "and"))
      fail(where, "cannot read condition '" + text + "': " + form);
    Condition::Term t;
    std::string quantity = w[i];
    if (const size_t at = quantity.find('@'); at != std::string::npos) {
      const std::string region = quantity.substr(at + 1);
      quantity.resize(at);
      const std::string base = quantity.substr(0, quantity.find(':'));
      if (base != "pieces" && base != "team_pieces" && base != "enemy_pieces")
        fail(where, "condition '" + text +
                        "': only pieces, team_pieces and enemy_pieces count the pieces in a "
                        "region (" +
                        w[i] + ")");
      t.region = region_named(region, where);
    }
    if (const size_t colon = quantity.find(':'); colon != std::string::npos) {
      const std::string types = quantity.substr(colon + 1);
      quantity.resize(colon);
      if (quantity != "pieces" && quantity != "team_pieces" && quantity != "enemy_pieces")
        fail(where, "condition '" + text +
                        "': only pieces, team_pieces and enemy_pieces count "
                        "one type (" +
                        w[i] + ")");
      if (r_->types.empty())
        fail(where, "condition '" + text + "': a phase cannot count pieces of one type");
      std::stringstream list(types);
      for (std::string type; std::getline(list, type, ',');)
        t.types |= 1u << type_named(type, where);
      if (!t.types) fail(where, "condition '" + text + "': no piece named after ':'");
    }
    auto sub = kSubjects.find(quantity);
    if (sub != kSubjects.end()) {
      t.subject = sub->second;
    } else {
      auto& names = r_->seat_counter_names;
      auto it = std::find(names.begin(), names.end(), w[i]);
      if (it == names.end())
        fail(where, "condition '" + text + "': unknown quantity '" + w[i] + "'; " + form);
      t.subject = Condition::Subject::kCounter;
      t.counter = static_cast<int>(it - names.begin());
    }
    auto op = kOps.find(w[i + 1]);
    if (op == kOps.end())
      fail(where, "condition '" + text + "': unknown comparison '" + w[i + 1] + "'; " + form);
    t.op = op->second;
    int v = 0;
    auto [p, ec] = std::from_chars(w[i + 2].data(), w[i + 2].data() + w[i + 2].size(), v);
    if (ec != std::errc() || p != w[i + 2].data() + w[i + 2].size() || v < -1000000 || v > 1000000)
      fail(where, "condition '" + text + "': '" + w[i + 2] + "' is not a whole number");
    t.value = v;
    c.terms.push_back(t);
  }
  return c;
}

// ---- phases and stages ---------------------------------------------------
void Compiler::phases() {
  const Value* ps = game_.get("phases");
  if (!ps) return;
  if (list(*ps, "phases").size() > kMaxPhases)
    fail(where_of(*ps), "at most " + std::to_string(kMaxPhases) + " phases (kMaxPhases)");
  for (auto& p : list(*ps, "phases")) {
    if (p.tag != "phase")
      fail(where_of(p), "each entry of phases must be phase { name = ..., when = ... }");
    check_fields(p, "phase");
    Phase ph;
    ph.name = str_or(p, "name", "");
    if (ph.name.empty()) fail(p.where, "a phase needs a name");
    for (auto& o : r_->phases)
      if (o.name == ph.name) fail(p.where, "two phases are named '" + ph.name + "'");
    ph.when = condition(str_or(p, "when", ""), p.where);
    ph.only_when_blocked = bool_or(p, "only_when_blocked", false);
    r_->phases.push_back(ph);
  }
}

// A phase that holds only when blocked asks whether the seat has a move in the
// phase below it, while the phase is being worked out: the moves must need no
// judging (making them to look for check, for pieces that fear attack, or for
// the filter hook) and no throw of the dice.
void Compiler::check_blocked_phases() {
  const Value* ps = game_.get("phases");
  if (!ps) return;
  for (auto& p : list(*ps, "phases")) {
    if (!bool_or(p, "only_when_blocked", false)) continue;
    const char* why = r_->end.check         ? "check (ends.check)"
                      : game_.get("filter") ? "a filter hook"
                      : r_->dice.enabled()  ? "dice"
                                            : nullptr;
    for (const PieceType& t : r_->types)
      if (!why && t.fears_attack) why = "pieces that avoid attack (avoid_attack)";
    if (why)
      fail(p.where, std::string("only_when_blocked cannot be used in a game with ") + why +
                        ": whether a seat is blocked is read from its moves unjudged");
  }
}

uint32_t Compiler::phase_mask(const Value& v, const std::string& where) {
  if (r_->phases.empty()) fail(where, "phase = ... names a phase, but the game declares no phases");
  uint32_t mask = 0;
  for (auto& n : strings(v, "phase")) {
    bool found = false;
    for (size_t i = 0; i < r_->phases.size(); ++i)
      if (r_->phases[i].name == n) {
        mask |= 1u << i;
        found = true;
      }
    if (!found) {
      std::vector<std::string> names;
      for (auto& ph : r_->phases) names.push_back(ph.name);
      fail(where, "no phase named '" + n + "' (phases: " + join(names) + ")");
    }
  }
  return mask;
}

template <typename E>
E Compiler::pick(const Value& v, const std::string& key,
                 const std::vector<std::pair<std::string, E>>& choices, E dflt) {
  auto* x = v.get(key);
  if (!x) return dflt;
  std::string s = string(*x, key);
  std::vector<std::string> names;
  for (auto& [n, e] : choices) {
    if (n == s) return e;
    names.push_back(n);
  }
  fail(where_of(v), key + " must be one of " + join(names) + ", not '" + s + "'");
}

// effects = { accept = { restore = "rajah" }, ... }: what each answer does.
void Compiler::answer_effects(const Value& e, Stage& st) {
  if (!e.is_table() || !e.items.empty())
    fail(st.where, "effects = { ANSWER = { ... }, ... } names answers of the stage");
  for (auto& [answer, eff] : e.fields) {
    auto it = std::find(st.answers.begin(), st.answers.end(), answer);
    if (it == st.answers.end())
      fail(st.where, "effects names '" + answer + "', which is not one of the answers (" +
                         join(st.answers) + ")");
    st.effects[it - st.answers.begin()] = effect(eff, "effects." + answer, st.where);
  }
}

// { restore = "piece", seats = "all" | "team" }
Stage::Effect Compiler::effect(const Value& eff, const std::string& what,
                               const std::string& where) {
  if (!eff.is_table()) fail(where, what + " must be a table");
  Stage::Effect out;
  for (auto& [k, x] : eff.fields) {
    if (k == "restore") {
      out.restore = type_named(string(x, "restore"), where);
    } else if (k == "seats") {
      const std::string s = string(x, "seats");
      if (s != "all" && s != "team")
        fail(where, what + ".seats must be \"all\" or \"team\", not '" + s + "'");
      out.team_only = s == "team";
    } else {
      fail(where, "unknown field '" + k + "' in " + what + " (allowed: restore, seats)");
    }
  }
  if (out.restore < 0) fail(where, what + " does nothing: give restore = \"piece\"");
  return out;
}

// actions = { action { name = "exchange", when = "...", stage = "offer" } }
void Compiler::actions() {
  const Value* as = game_.get("actions");
  if (!as) return;
  for (auto& v : list(*as, "actions")) {
    if (v.tag != "action")
      fail(where_of(v), "each entry of actions must be action { name = ..., stage = ... }");
    check_fields(v, "action");
    Action a;
    a.where = v.where;
    a.name = str_or(v, "name", "");
    if (a.name.empty() || a.name.find_first_of(" \t\n") != std::string::npos)
      fail(v.where, "an action needs a name without spaces");
    for (auto& o : r_->actions)
      if (o.name == a.name) fail(v.where, "two actions are named '" + a.name + "'");
    for (auto& st : r_->stages)
      for (auto& ans : st.answers)
        if (ans == a.name)
          fail(v.where,
               "action '" + a.name + "' has the name of an answer of stage '" + st.name + "'");
    a.when = condition(str_or(v, "when", ""), v.where);
    const std::string stage = str_or(v, "stage", "");
    a.stage = r_->stage_index(stage);
    if (auto* e = v.get("effects")) {
      if (!stage.empty())
        fail(v.where, "an action has stage = ... (answered) or effects = ... (at once), not both");
      a.effect = effect(*e, "effects", v.where);
    } else if (a.stage < 0) {
      fail(v.where, "action needs stage = the name of a declared stage, or effects = { ... }");
    }
    r_->actions.push_back(a);
  }
}

// stages = { stage { ... }, ... }, then the actions and the triggers that open them.
void Compiler::stages() {
  if (const Value* ss = game_.get("stages")) {
    if (list(*ss, "stages").size() > kMaxStages)
      fail(where_of(*ss), "at most " + std::to_string(kMaxStages) + " stages (kMaxStages)");
    std::vector<std::pair<std::string, std::string>> follow;  // stage -> followed_by
    for (auto& v : list(*ss, "stages")) r_->stages.push_back(stage_entry(v, follow));
    stage_chains(follow);
  }
  actions();
  if (const Value* ts = game_.get("triggers")) triggers(*ts);
}

// stage { name = ..., who = ..., choose = ..., ... }: one step inside a turn.
// Its followed_by is noted in follow, to be resolved once every stage is named.
Stage Compiler::stage_entry(const Value& v,
                            std::vector<std::pair<std::string, std::string>>& follow) {
  if (v.tag != "stage") fail(where_of(v), "each entry of stages must be stage { ... }");
  check_fields(v, "stage");
  Stage st;
  st.where = v.where;
  st.name = str_or(v, "name", "");
  if (st.name.empty()) fail(v.where, "a stage needs a name");
  if (r_->stage_index(st.name) >= 0) fail(v.where, "two stages are named '" + st.name + "'");
  st.who = pick<Stage::Who>(v, "who",
                            {{"mover", Stage::Who::kMover},
                             {"next", Stage::Who::kNext},
                             {"next-enemy", Stage::Who::kNextEnemy}},
                            Stage::Who::kMover);
  if (!v.get("choose"))
    fail(v.where,
         "stage needs choose = \"enemy-piece\", \"own-piece\", \"move\", \"answer\" or "
         "\"place\"");
  st.choice = pick<Stage::Choice>(v, "choose",
                                  {{"enemy-piece", Stage::Choice::kRemoveEnemy},
                                   {"own-piece", Stage::Choice::kGiveOwn},
                                   {"move", Stage::Choice::kMoveAgain},
                                   {"answer", Stage::Choice::kAnswer},
                                   {"place", Stage::Choice::kPlace}},
                                  Stage::Choice::kRemoveEnemy);
  place_choice(v, st);
  st.protect = pick<Stage::Protect>(
      v, "protect",
      {{"none", Stage::Protect::kNone}, {"lines-unless-all", Stage::Protect::kLinesUnlessAll}},
      Stage::Protect::kNone);
  st.optional = bool_or(v, "optional", false);
  if (auto* a = v.get("answers")) st.answers = strings(*a, "answers");
  if (st.choice == Stage::Choice::kAnswer && st.answers.empty())
    fail(v.where, "a stage that chooses an answer needs answers = { \"accept\", ... }");
  if (st.choice != Stage::Choice::kAnswer && !st.answers.empty())
    fail(v.where, "answers = ... goes with choose = \"answer\"");
  st.effects.resize(st.answers.size());
  if (auto* e = v.get("effects")) answer_effects(*e, st);
  if (auto* f = v.get("followed_by")) follow.push_back({st.name, string(*f, "followed_by")});
  return st;
}

// choose = "place": piece = "type", reach = a step, slide, leap or walk from
// the site the moved piece landed on, to the empty sites where it may go.
void Compiler::place_choice(const Value& v, Stage& st) {
  const Value* piece = v.get("piece");
  const Value* reach = v.get("reach");
  if (st.choice != Stage::Choice::kPlace) {
    if (piece || reach) fail(v.where, "piece = ... and reach = ... go with choose = \"place\"");
    return;
  }
  if (!piece) fail(v.where, "a stage that places needs piece = the name of the piece it places");
  st.place_type = type_named(string(*piece, "piece"), v.where);
  if (!reach)
    fail(v.where,
         "a stage that places needs reach = step { }, slide { }, leap { } or walk { }: how the "
         "site is reached from where the moved piece landed");
  // A plain value has no line of its own: name the stage's.
  const std::string w = reach->tag.empty() ? v.where : where_of(*reach);
  static const std::vector<std::string> kKinds = {"step", "slide", "leap", "walk"};
  if (std::find(kKinds.begin(), kKinds.end(), reach->tag) == kKinds.end())
    fail(w, "reach takes step { }, slide { }, leap { } or walk { }, not " +
                (reach->tag.empty() ? std::string("a plain ") + reach->kind_name()
                                    : reach->tag + " { }"));
  for (const char* k : {"from", "once", "label", "phase", "unless_attacked", "ep"})
    if (reach->get(k))
      fail(w, std::string("reach does not take ") + k +
                  ": it starts where the moved piece landed and ends on an empty site (it "
                  "takes the fields of its kind, mode = \"move\" and to)");
  if (const Value* m = reach->get("mode"); m && (!m->is_string() || m->str != "move"))
    fail(w, "reach lands on empty sites only: its mode can only be \"move\"");
  st.reach_rule = add_rule(*reach);
  r_->rules[st.reach_rule].mode = Mode::kMove;
}

// followed_by = "stage": resolved, and checked to end.
void Compiler::stage_chains(const std::vector<std::pair<std::string, std::string>>& follow) {
  for (auto& [from, to] : follow) {
    int i = r_->stage_index(from), j = r_->stage_index(to);
    if (j < 0) fail(r_->stages[i].where, "followed_by names no stage '" + to + "'");
    r_->stages[i].then = j;
  }
  // A chain of stages must end.
  for (size_t i = 0; i < r_->stages.size(); ++i) {
    int k = static_cast<int>(i);
    for (size_t n = 0; n <= r_->stages.size() && k >= 0; ++n) k = r_->stages[k].then;
    if (k >= 0)
      fail(r_->stages[i].where,
           "stages follow each other in a circle from '" + r_->stages[i].name + "'");
  }
}

// triggers = { trigger { on = "line" | "full" | "label", stage = ..., ... }, ... }
void Compiler::triggers(const Value& ts) {
  for (auto& v : list(ts, "triggers")) {
    if (v.tag != "trigger")
      fail(where_of(v), "each entry of triggers must be trigger { on = ..., stage = ... }");
    check_fields(v, "trigger");
    Trigger t;
    t.where = v.where;
    std::string on = str_or(v, "on", "");
    if (on == "line") {
      t.on = Trigger::On::kLine;
      if (r_->topology.lines().empty())
        fail(v.where,
             "trigger on = \"line\" needs lines on the board (board = ... { lines = ... })");
    } else if (on == "full") {
      t.on = Trigger::On::kFull;
    } else if (on == "label") {
      t.on = Trigger::On::kLabel;
      t.label = str_or(v, "label", "");
      bool found = false;
      for (auto& rule : r_->rules) found |= !t.label.empty() && rule.label == t.label;
      if (!found) fail(v.where, "trigger on = \"label\" needs label = the label of some move rule");
    } else if (on == "move") {
      t.on = Trigger::On::kMove;
    } else {
      fail(v.where, "trigger needs on = \"line\", \"full\", \"label\" or \"move\"");
    }
    std::string stage = str_or(v, "stage", "");
    t.stage = r_->stage_index(stage);
    if (t.stage < 0) fail(v.where, "trigger needs stage = the name of a declared stage");
    if (auto* ph = v.get("phase")) t.phases = phase_mask(*ph, v.where);
    r_->triggers.push_back(t);
  }
}

// ---- the turn ------------------------------------------------------------
// The game fields that shape a turn: dice, must_drop, pass, command,
// return_ban, out_pieces.
void Compiler::turn_rules() {
  if (auto* d = game_.get("dice")) dice(*d);
  r_->must_drop = bool_or(game_, "must_drop", false);
  r_->voluntary_pass = bool_or(game_, "pass", false);
  if (auto* c = game_.get("command")) {
    const std::string s = string(*c, "command");
    if (s != "ally-turns" && s != "either-army")
      fail(game_.where, "command must be \"ally-turns\" or \"either-army\", not '" + s + "'");
    r_->command_either = s == "either-army";
  }
  if (auto* b = game_.get("return_ban")) {
    const std::string s = string(*b, "return_ban");
    if (s == "after-break")
      r_->return_ban = ReturnBan::kAfterBreak;
    else if (s == "after-swap")
      r_->return_ban = ReturnBan::kAfterSwap;
    else if (s != "none")
      fail(game_.where,
           "return_ban must be \"after-break\", \"after-swap\" or \"none\", not '" + s + "'");
    if (r_->return_ban != ReturnBan::kNone && r_->topology.lines().empty())
      fail(game_.where, "return_ban needs a board with lines");
  }
  if (auto* o = game_.get("out_pieces")) {
    std::string s = string(*o, "out_pieces");
    if (s != "keep" && s != "remove")
      fail(game_.where, "out_pieces must be \"keep\" or \"remove\", not '" + s + "'");
    r_->out_removes = s == "remove";
  }
}

// dice = { 1, 1, 2 } (a face listed twice is twice as likely), or
// dice = { faces = { ... }, weights = { ... }, count = N }.
int Compiler::face(const Value& v) {
  return integer(v, "a die face", 1, Dice::kMaxFace);
}

void Compiler::dice(const Value& d) {
  const std::string w = where_of(d);
  std::vector<int> faces, weights;
  int count = 1;
  if (d.is_table() && !d.fields.empty()) {
    for (auto& [k, _] : d.fields)
      if (k != "faces" && k != "weights" && k != "count")
        fail(w, "unknown field '" + k + "' in dice (allowed: faces, weights, count)");
    if (!d.get("faces")) fail(w, "dice = { faces = { ... } }");
    for (auto& f : list(*d.get("faces"), "dice.faces")) faces.push_back(face(f));
    if (auto* ws = d.get("weights")) {
      for (auto& x : list(*ws, "dice.weights"))
        weights.push_back(integer(x, "a face's weight", 1, kMaxDieWeight));
      if (weights.size() != faces.size())
        fail(w, "dice.weights needs one weight per face (" + std::to_string(faces.size()) + ")");
    }
    count = int_or(d, "count", 1, 1, Dice::kMaxDice);
  } else {
    for (auto& f : list(d, "dice")) faces.push_back(face(f));
  }
  if (faces.empty()) fail(w, "dice need at least one face");
  if (weights.empty()) weights.assign(faces.size(), 1);
  Dice& out = r_->dice;
  long total = 0;
  for (size_t i = 0; i < faces.size(); ++i) {
    // The odds of a throw of several dice multiply the weights: their sum is bounded.
    total += weights[i];
    if (total > kMaxDieWeight)
      fail(w, "the weights of a die's faces add up to more than " + std::to_string(kMaxDieWeight) +
                  " (kMaxDieWeight)");
    auto it = std::find(out.faces.begin(), out.faces.end(), faces[i]);
    if (it != out.faces.end()) {
      out.weights[it - out.faces.begin()] += weights[i];
    } else {
      out.faces.push_back(faces[i]);
      out.weights.push_back(weights[i]);
    }
  }
  out.count = count;
}

}  // namespace regula::script
