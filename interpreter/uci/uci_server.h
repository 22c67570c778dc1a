#pragma once
// regula as a UCI engine: the loop that answers a chess GUI or a tournament
// manager (Cute Chess, Arena, a lichess bot bridge) over text lines, playing
// the loaded rules with a regula computer player (ai/player_spec.h's ai:LEVEL).
// It reads commands from any std::istream and writes to any std::ostream, so
// that tests drive it with string streams and the command line with stdin and
// stdout.
//
// The search runs on a thread of its own, so that `stop`, `isready` and `quit`
// are answered while it thinks; whatever ends a search, its answer comes as
// `bestmove`. Commands are read on a thread of their own too (run()), so that
// a `stop` or `quit` is seen while the script's hooks keep the loop busy
// (reading the moves of `position` runs them): it ends the hooks of the
// commands before it at once, as it ends a search (core/command_limits.h). Moves are UCI texts
// (uci/uci_move.h); positions are the rules' position strings (FEN for chess-like rules). Input the
// protocol does not know is ignored, as UCI asks; input that is wrong (a position that does not
// read, a move that is not legal, an option out of range) is answered with
// `info string error: ...` naming the command, the token and what is wrong,
// and changes nothing.

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "ai/player.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace regula::uci {

// The options the server offers, with their defaults.
struct ServerOptions {
  int level = 3;      // Level: ai:LEVEL, 1 to 5
  uint64_t seed = 1;  // Seed: the player's seed
  int hash_mb = 16;   // Hash: the alpha-beta table, where alpha-beta plays the rules
  int threads = 1;    // Threads: of the alpha-beta search, where it plays the rules
};

// Moves to go that a clock is shared among when `go` names no movestogo.
constexpr int kClockMoves = 30;

// What `go` asks for, read from its arguments; a negative field was not given.
struct GoArgs {
  int64_t depth = -1, nodes = -1, movetime = -1;
  int64_t wtime = -1, btime = -1, winc = -1, binc = -1, movestogo = -1;
  bool infinite = false;
};

// The milliseconds to spend on one move with `remaining` on the clock and
// `increment` added after each move: remaining / moves to go (movestogo, at
// most kClockMoves; kClockMoves when not given) + increment / 2, and never
// more than the clock less a safety margin (at least 1).
int64_t clock_millis(int64_t remaining, int64_t increment, int64_t movestogo);

// The budget go's arguments ask of the seat that decides (the first seat's
// clock is wtime, any other's btime): depth, nodes and movetime as given, a
// clock through clock_millis when there is no movetime, and for infinite a
// time limit of more than a day. Nothing given: an empty budget.
ai::Budget go_budget(const GoArgs& args, SeatId decider);

class Server {
 public:
  Server(std::shared_ptr<const Ruleset> rules, std::ostream& out, ServerOptions options = {});
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Answers one line of input; false once it was `quit`.
  bool handle(const std::string& line);
  // Answers the lines of in until `quit` or the end of the input, then stops
  // any search (its bestmove is still written). The lines are read on a
  // thread of its own and answered here in order; a `stop` or `quit` read
  // while an earlier command runs hooks (position) stops those hooks.
  void run(std::istream& in);
  // Whether a search is running (or holding its answer until `stop`).
  bool searching() const { return worker_.joinable() && !done_; }

 private:
  void uci();
  void set_option(const std::vector<std::string>& tokens);
  void position(const std::vector<std::string>& tokens);
  // position's reading, whose hooks a stop may end (CommandStopped).
  void read_position_command(const std::vector<std::string>& tokens);
  void go(const std::vector<std::string>& tokens);
  // Stops a search now; its bestmove is written before this returns.
  void stop_search();
  // Waits for a search to end by itself (one that waits for stop is stopped).
  void finish_search();
  void new_game();
  // The player of the current options, made when first needed.
  ai::Player& player();
  void emit(const std::string& line);
  void error(const std::string& what);
  void report(const ai::SearchInfo& info);
  // The search's answer to go: the turn in UCI text, or "(none)".
  std::string answer(Position& at, ai::Player& p);

  std::shared_ptr<const Ruleset> rules_;
  std::ostream& out_;
  ServerOptions options_;
  std::string variant_;  // what UCI_Variant offers
  Position pos_;
  // False once a position command was stopped before its moves were read:
  // the position the GUI meant is unknown until the next position command.
  bool pos_known_ = true;
  // Set by run()'s reader thread when it reads `stop` or `quit`, until that
  // command is answered: the hooks that commands before it run on this
  // thread (position) obey it.
  std::atomic<bool> interrupt_{false};
  std::unique_ptr<ai::Player> player_;
  // The search: its thread, the position it searches (which info lines read
  // their pv from), its stop flag, and, for `go infinite`, the wait for stop.
  std::thread worker_;
  Position root_;
  std::atomic<bool> stop_{false};
  std::atomic<bool> done_{true};
  bool infinite_ = false;
  std::mutex wait_mutex_;
  std::condition_variable wait_;
  std::mutex out_mutex_;
  // The last info line's depth, nodes and pv: a search's closing report that
  // repeats its last iteration is not written twice.
  std::string last_info_;
};

// Runs a server for rules over in and out until `quit` or the end of in.
void serve(std::shared_ptr<const Ruleset> rules, std::istream& in, std::ostream& out,
           ServerOptions options = {});

}  // namespace regula::uci
