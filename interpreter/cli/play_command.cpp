// play: a game in the terminal between people and computer players.

#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <random>

#include "ai/draw_offer.h"
#include "ai/match.h"
#include "ai/random_turn.h"
#include "cli/common.h"
#include "cli/players.h"
#include "cli/record_files.h"
#include "formats/pdn.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/move_text.h"
#include "notation/position_string.h"
#include "notation/text.h"
#include "notation/turn_text.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula::cli {

namespace {

struct PlayArgs {
  RulesArgs rules;
  std::vector<std::string> seats;  // NAME=human|random|ai:N|...
  uint64_t seed = 1;               // chosen at random unless given
  bool verbose = false;
  std::string record;
  std::string position;
  std::string load;      // a record to go on from
  bool numbers = false;  // draw the PDN square numbers beside the board
};

// A line typed at the prompt, trimmed; false at the end of input.
bool read_line(std::string& line) {
  for (;;) {
    const LineRead r = read_input_line(std::cin, line);
    if (r == LineRead::kEnd) {
      out("\n");
      return false;
    }
    if (r == LineRead::kLine) break;
    out("a line longer than 1 MiB (kMaxInputLine) was ignored; type a move or 'help'\n");
  }
  line = trim(line);
  return true;
}

void show(const Game& game, bool numbers) {
  const Position& pos = game.position();
  const Ruleset& r = game.rules();
  out("\n%s", board_text(pos, numbers));
  out("%s", counters_text(pos, game.result()));
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (pos.seat_state(s) != SeatState::kActive)
      out("%s is %s\n", r.seats[s].name,
          pos.seat_state(s) == SeatState::kFrozen ? "frozen" : "out");
    if (pos.controller(s) != s && pos.seat_state(pos.controller(s)) == SeatState::kActive)
      out("%s's army is commanded by %s\n", r.seats[s].name, r.seats[pos.controller(s)].name);
  }
  if (!game.over()) {
    if (pos.roll()) out("roll: %s\n", roll_text(r, pos.roll()));
    std::string who = r.seats[pos.to_move()].name;
    if (pos.decider() != pos.to_move()) who = r.seats[pos.decider()].name + " for " + who;
    if (pos.stage() >= 0)
      out("%s to choose (%s)\n", who, r.stages[pos.stage()].name);
    else
      out("%s to %s\n", who, pos.awaiting_roll() ? "roll" : "move");
  }
  std::fflush(stdout);
}

// What can be typed at the prompt besides a move.
std::string help_text(bool pdn) {
  std::string t =
      "commands:\n"
      "  MOVE        play a move: long form (e2e4) or SAN (e4)\n"
      "  moves       list the legal moves\n"
      "  board       draw the board again\n"
      "  position    print the position string\n"
      "  undo        take back your last move (and the computer's replies to it)\n"
      "  redo        play again what undo took back\n"
      "  draw        offer a draw\n"
      "  accept      accept the draw offered\n"
      "  resign      resign: your side loses\n"
      "  save FILE   write the game record so far to FILE\n";
  if (pdn) t += "  numbers     draw the square numbers beside the board, or stop\n";
  return t +
         "  help        this list\n"
         "  quit        stop (exit does the same)\n";
}

// The seats and who plays them, from --seat NAME=WHO; false (with rc set) on a bad one.
bool assign_seats(const PlayArgs& args, const Ruleset& r, std::vector<std::string>& who, int& rc) {
  // The first seat is a person, the others ai:3, unless told otherwise.
  who.assign(r.num_seats(), "ai:3");
  who[0] = "human";
  for (auto& spec : args.seats) {
    auto eq = spec.find('=');
    std::string name = spec.substr(0, eq),
                what = eq == std::string::npos ? "" : spec.substr(eq + 1);
    const SeatId seat = r.seat_index(name);
    std::string names;
    for (SeatId s = 0; s < r.num_seats(); ++s) names += (s ? ", " : "") + r.seats[s].name;
    std::string problem;
    if (eq == std::string::npos)
      problem = "--seat takes NAME=human, NAME=random or NAME=ai:LEVEL, not '" + spec + "'";
    else if (seat < 0)
      problem =
          "no seat named '" + name + "' in " + presentation_of(r).title + " (seats: " + names + ")";
    if (!problem.empty()) {
      err("regula play: %s\n", problem);
      rc = 2;
      return false;
    }
    who[seat] = what == "computer" ? "ai:3" : what;
  }
  return true;
}

// The game to play: the one a record holds (--load), or a new one from the
// rules and --position. Nothing (with rc set) on an error.
std::optional<Game> new_or_loaded(const PlayArgs& args, int& rc) {
  if (args.load.empty()) {
    if (args.rules.spec.empty()) {
      err("regula play: name the RULES to play, or a record to go on from with --load FILE\n");
      rc = 2;
      return std::nullopt;
    }
    auto rules = load_or_fail(args.rules, rc);
    if (!rules) return std::nullopt;
    auto start = position_or_fail(rules, args.position, rc);
    if (!start) return std::nullopt;
    return Game(rules, *start);
  }
  if (!args.position.empty() || !args.rules.options.empty()) {
    err("regula play: --load goes on from the record's own position and options; --position "
        "and --option do not apply\n");
    rc = 2;
    return std::nullopt;
  }
  script::SearchPath search;
  for (auto& dir : args.rules.rules_path) search.add(dir);
  // RULES, when given with --load, replays a record without a [Rules] tag.
  std::optional<Game> loaded;
  const Status st = for_each_record_game(
      args.load, search, args.rules.spec, [&](Game&& game, size_t, size_t count) -> Status {
        if (count != 1)
          return Error{args.load, "holds " + std::to_string(count) +
                                      " games; --load goes on from a record of one"};
        loaded = std::move(game);
        return std::nullopt;
      });
  if (st) {
    rc = fail(*st);
    return std::nullopt;
  }
  return loaded;
}

// A game being played at the terminal: who plays each seat, the computer
// players, and what the prompt has changed (the square numbers shown, quit).
// Each command typed at the prompt is a function of its own over this state.
class PlaySession {
 public:
  PlaySession(const PlayArgs& args, Game& game, const std::vector<std::string>& who,
              std::vector<std::unique_ptr<ai::Player>> players)
      : args_(args),
        game_(game),
        r_(game.rules()),
        players_(std::move(players)),
        rng_(args.seed),
        numbers_(args.numbers && presentation_of(r_).pdn) {
    for (SeatId s = 0; s < r_.num_seats(); ++s) human_.push_back(who[s] == "human");
  }

  // Plays the game to its end, or until quit or the end of input; false (with
  // rc set) when a computer's turn cannot be played.
  bool run(int& rc);
  // The result, or where the game stopped.
  void print_end() const;

 private:
  bool computer_turn(const MoveList& moves, int& rc);
  void human_turn();
  void list_moves();
  void undo();
  void redo();
  void save(const std::string& line);
  void draw_or_resign(const std::string& line);
  void typed_move(const std::string& line);
  // Whether a computer (or the dice) plays from the game's position.
  bool computer_plays() const {
    const Position& pos = game_.position();
    return pos.awaiting_roll() || !human_[pos.decider()];
  }

  const PlayArgs& args_;
  Game& game_;
  const Ruleset& r_;
  std::vector<bool> human_;
  std::vector<std::unique_ptr<ai::Player>> players_;  // of the computer seats
  std::mt19937_64 rng_;
  bool numbers_;
  bool quit_ = false;
};

bool PlaySession::run(int& rc) {
  out("%s\n", presentation_of(r_).title);
  if (!args_.load.empty())
    out("going on from %s after %zu turns\n", args_.load, game_.turns().size());
  const char* const actions =
      "'undo', 'draw' (offer one), 'accept' (the offer), 'resign', 'save FILE', 'help' or "
      "'quit'";
  if (presentation_of(r_).pdn)
    out("type a move (9-13, 10x19x28, or a capture by its ends: 10x28), 'moves', 'numbers', %s\n",
        actions);
  else
    out("type a move (long form or SAN), 'moves', %s\n", actions);
  show(game_, numbers_);
  while (!game_.over() && !quit_) {
    if (computer_plays()) {
      const MoveList moves = game_.legal_moves();
      if (moves.empty()) break;
      if (!computer_turn(moves, rc)) return false;
    } else {
      human_turn();
    }
  }
  return true;
}

// The turn of a computer player, or a throw of the dice (among moves).
bool PlaySession::computer_turn(const MoveList& moves, int& rc) {
  const Position& pos = game_.position();
  Position here = pos;
  Turn t;
  if (pos.awaiting_roll()) {
    t = random_turn(here, moves, rng_);
  } else {
    ai::Player& player = *players_[pos.decider()];
    if (args_.verbose)
      player.on_info([&here](const ai::SearchInfo& info) {
        // Each decision's last report, from the position it was made in.
        if (info.done) out("  %s\n", search_info_text(here, info));
      });
    t = player.choose(here);
  }
  std::string text = t.steps.size() == 1 ? game_.san(t.first()) : game_.text(t);
  const SeatId seat = pos.to_move();
  if (Status st = game_.play_turn(t)) {
    rc = fail(*st);
    return false;
  }
  out("%s: %s\n", r_.seats[seat].name, text);
  if (t.first().kind != MoveKind::kChance) show(game_, numbers_);
  return true;
}

// The prompt, and what is typed at it.
void PlaySession::human_turn() {
  const Position& pos = game_.position();
  if (pos.decider() != pos.to_move())
    out("%s for %s> ", r_.seats[pos.decider()].name, r_.seats[pos.to_move()].name);
  else
    out("%s> ", r_.seats[pos.to_move()].name);
  std::fflush(stdout);
  std::string line;
  if (!read_line(line)) {
    quit_ = true;
    return;
  }
  if (line.empty()) return;
  if (line == "quit" || line == "exit") {
    quit_ = true;
  } else if (line == "moves") {
    list_moves();
  } else if (line == "undo") {
    undo();
  } else if (line == "redo") {
    redo();
  } else if (line == "board") {
    show(game_, numbers_);
  } else if (line == "help") {
    out("%s", help_text(presentation_of(r_).pdn != nullptr));
  } else if (line == "position") {
    out("%s\n", write_position(game_.position()));
  } else if (line == "save" || line.rfind("save ", 0) == 0) {
    save(line);
  } else if (line == "draw" || line == "accept" || line == "resign") {
    draw_or_resign(line);
  } else if (line == "numbers" && presentation_of(r_).pdn) {
    numbers_ = !numbers_;
    show(game_, numbers_);
  } else {
    typed_move(line);
  }
}

void PlaySession::list_moves() {
  Position here = game_.position();
  std::vector<std::string> texts;
  if (r_.has_continuations) {
    texts = turn_texts(here, game_.legal_turns());
  } else {
    MoveList moves = game_.legal_moves();
    texts = move_sans(here, moves, move_texts(here, moves));
  }
  std::string list;
  for (const std::string& t : texts) list += t + "  ";
  out("%s\n", list);
}

void PlaySession::undo() {
  if (!game_.can_undo()) {
    out("nothing to undo\n");
    return;
  }
  game_.undo();
  // Take back the random replies too, up to the last position a person moved in.
  while (game_.can_undo() && computer_plays()) game_.undo();
  show(game_, numbers_);
}

void PlaySession::redo() {
  if (!game_.can_redo()) {
    out("nothing to redo\n");
    return;
  }
  game_.redo();
  // The replies undo took back with it come back too.
  while (game_.can_redo() && !game_.over() && computer_plays()) game_.redo();
  show(game_, numbers_);
}

void PlaySession::save(const std::string& line) {
  const std::string file = trim(line.substr(4));
  if (file.empty()) {
    out("save takes the file to write: save FILE\n");
    return;
  }
  if (Status e = write_text_file(file, write_record(game_)))
    out("%s\n", e->text());
  else
    out("record written to %s\n", file);
}

// draw (an offer), accept (the offer) or resign, for the side to move.
void PlaySession::draw_or_resign(const std::string& line) {
  const SeatId me = game_.position().to_move();
  Status st = line == "draw"     ? game_.offer_draw(me)
              : line == "accept" ? game_.accept_draw(me)
                                 : game_.resign(me);
  if (st) {
    out("%s\n", st->what);
    return;
  }
  if (line != "draw" || game_.over()) return;
  out("%s offers a draw\n", r_.seats[me].name);
  // A computer on the other side answers at once, by its own judgement.
  for (SeatId s = 0; s < r_.num_seats() && game_.draw_offer(); ++s) {
    if (human_[s] || r_.allies(s, me)) continue;
    if (ai::accepts_draw(*players_[s], game_.position(), s)) {
      game_.accept_draw(s);
      out("%s accepts\n", r_.seats[s].name);
    } else {
      out("%s declines and plays on\n", r_.seats[s].name);
    }
    break;
  }
}

// A move typed at the prompt: played, or the choices it could be, or why not.
void PlaySession::typed_move(const std::string& line) {
  auto m = game_.play_text(line);
  if (!m) {
    // A capture typed by its ends that several captures fit: ask which.
    Position here = game_.position();
    const std::vector<std::string> choices = move_choices(here, line);
    if (choices.size() < 2) {
      out("%s\n", m.error().what);
      return;
    }
    out("%s could be:\n", line);
    for (size_t i = 0; i < choices.size(); ++i) out("  %zu) %s\n", i + 1, choices[i]);
    out("which one (number or move)? ");
    std::fflush(stdout);
    std::string answer;
    if (!read_line(answer)) {
      quit_ = true;
      return;
    }
    size_t pick = 0;
    for (size_t i = 0; i < choices.size(); ++i)
      if (answer == std::to_string(i + 1)) pick = i + 1;
    m = game_.play_text(pick ? choices[pick - 1] : answer);
    if (!m) {
      out("%s\n", m.error().what);
      return;
    }
  }
  if (game_.in_turn() && !game_.over()) {
    // The move asks for more (a removal after a line): say what can follow.
    Position here = game_.position();
    std::string options;
    for (const std::string& t : turn_texts(here, game_.legal_turns())) options += "  " + t;
    out("%s goes on; choose:%s\n", line, options);
    return;
  }
  show(game_, numbers_);
}

void PlaySession::print_end() const {
  if (game_.over()) {
    const Result& res = game_.result();
    std::string who;
    for (SeatId s = 0; s < r_.num_seats(); ++s)
      if (res.outcome[s] == Outcome::kWin) who += (who.empty() ? "" : ", ") + r_.seats[s].name;
    out("result: %s (%s)%s\n", res.is_draw() ? "draw" : (who + " wins"), res.reason,
        r_.num_seats() == 2 ? (" " + res.score()) : "");
  } else {
    out("game stopped after %zu turns\n", game_.turns().size());
  }
}

// Each computer seat's player, made once (an engine is started once); empty
// (with rc set) when one cannot be made.
std::optional<std::vector<std::unique_ptr<ai::Player>>> make_players(
    const PlayArgs& args, const std::shared_ptr<const Ruleset>& rules,
    const std::vector<std::string>& who, int& rc) {
  const Ruleset& r = *rules;
  std::vector<std::unique_ptr<ai::Player>> players(r.num_seats());
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    if (who[s] == "human") continue;
    auto p = make_player(who[s], rules, ai::game_seed(args.seed, s + 1));
    if (!p) {
      err("regula play: seat %s: %s\n", r.seats[s].name, p.error().what);
      rc = 2;
      return std::nullopt;
    }
    players[s] = std::move(*p);
  }
  return players;
}

void run_play(PlayArgs& args, bool seed_given, int& rc) {
  std::optional<Game> made = new_or_loaded(args, rc);
  if (!made) return;
  Game& game = *made;
  const std::shared_ptr<const Ruleset> rules = game.rules_ptr();
  std::vector<std::string> who;
  if (!assign_seats(args, *rules, who, rc)) return;
  // A record that cannot be written is refused now, not after the game.
  if (!args.record.empty())
    if (Status e = check_writable(args.record)) {
      rc = fail(*e);
      return;
    }
  // Without --seed, a seed drawn now and shown, so that the game can be played again.
  if (!seed_given) {
    args.seed = std::random_device{}();
    out("seed %llu: replay with --seed %llu\n", static_cast<unsigned long long>(args.seed),
        static_cast<unsigned long long>(args.seed));
  }
  auto players = make_players(args, rules, who, rc);
  if (!players) return;
  PlaySession session(args, game, who, std::move(*players));
  if (!session.run(rc)) return;
  session.print_end();
  if (!args.record.empty()) {
    if (Status e = write_text_file(args.record, write_record(game))) {
      rc = fail(*e);
      return;
    }
    out("record written to %s\n", args.record);
  }
  rc = hook_status(*rules);
}

// Declares the options of play; returns --seed's, whose count says whether one was given.
CLI::Option* declare_play_options(CLI::App& cmd, PlayArgs& args) {
  add_rules_args(cmd, args.rules);
  cmd.add_option("--seat", args.seats,
                 "NAME=WHO: who plays the seat the script names NAME: human, random, ai:1 to "
                 "ai:5 (computer: ai:3), alphabeta:..., mcts:..., uci:PATH (repeatable; by "
                 "default a person plays the first seat and ai:3 the others)")
      ->expected(1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_flag("-v,--verbose", args.verbose,
               "show what the computer players think: depth, score, nodes and principal line");
  CLI::Option* seed =
      cmd.add_option("--seed", args.seed,
                     "seed for the computer players and dice (default: chosen at random and "
                     "printed, so that the game can be played again)")
          ->check(unsigned_number());
  cmd.add_option("--record", args.record,
                 "write the game record to this file at the end (checked before the game starts)");
  cmd.add_option("--load", args.load,
                 "go on from the last position of this game record (as --record and 'save' "
                 "write it); RULES is then optional")
      ->check(CLI::ExistingFile);
  add_position_arg(cmd, args.position);
  cmd.add_flag("--numbers", args.numbers,
               "draughts with PDN numbering: draw the square numbers beside the board (the "
               "'numbers' command turns them on and off)");
  // RULES may be left out when --load names the record that holds them.
  cmd.get_option("rules")->required(false);
  return seed;
}

}  // namespace

void add_play(CLI::App& app, int& rc) {
  auto args = std::make_shared<PlayArgs>();
  auto* cmd = app.add_subcommand("play", "play in the terminal (moves in long form or SAN)");
  CLI::Option* seed = declare_play_options(*cmd, *args);
  cmd->callback([&rc, args, seed] { run_play(*args, seed->count() != 0, rc); });
}

}  // namespace regula::cli
