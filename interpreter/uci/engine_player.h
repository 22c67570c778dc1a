#pragma once
// An external UCI engine as a regula player: Fairy-Stockfish (or any engine
// that speaks UCI) plays a seat of rules it knows, named by its UCI_Variant
// (Ruleset::uci_variant). The engine runs as a child process on two pipes;
// every wait for it has a deadline, so an engine that dies, hangs or talks
// nonsense becomes an error that names it, never a hang, and the child is
// always reaped (and killed when the player goes).
//
// Spec: uci:PATH[:KEY=VALUE,...]
//   PATH     the engine's program (searched on PATH when it has no '/'); it
//            cannot contain ':' or ','
//   depth=N, nodes=N, movetime=MS
//            arguments of every `go` (they win over set_budget's of the same
//            kind; with none of either, go movetime kDefaultMoveMillis)
//   any other KEY=VALUE
//            `setoption name KEY value VALUE`, sent after the handshake, in
//            order (uci:stockfish:Skill Level=3,Threads=1); KEY must be an
//            option the engine lists
//
// Each move sends the game as `position fen START moves M1 M2 ...` when the
// positions it is asked about follow one from another by legal turns (so the
// engine sees repetitions), and `position fen CURRENT` otherwise. START is the
// rules' own start position string rather than `startpos`, because an engine's
// array for a variant may differ from the script's (Fairy-Stockfish's
// shatranj puts the shahs on the d-file, rules/chess/shatranj.lua on the e-file).
// Errors during play are thrown as RuleError (the caller that drives the game
// reports them); errors while starting are returned by start().

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ai/player.h"
#include "core/expected.h"
#include "core/position.h"
#include "core/ruleset.h"

namespace regula::uci {

// The movetime of a go when neither the spec nor the budget sets a limit
// (a plain `go` is an infinite search to many engines).
constexpr int64_t kDefaultMoveMillis = 1000;

struct EngineSpec {
  std::string path;
  std::vector<std::pair<std::string, std::string>> options;  // setoption, in order
  ai::Budget go;                                             // depth, nodes, movetime (millis)
};

// Reads "uci:PATH[:KEY=VALUE,...]"; an Error naming the spec and what is wrong.
Expected<EngineSpec> parse_engine_spec(const std::string& spec);

// How long the player waits for its engine.
struct EngineTimeouts {
  int64_t handshake_ms = 10'000;  // for uciok, readyok
  int64_t margin_ms = 5'000;      // a move: the go's movetime and this
  int64_t unbounded_ms = 60'000;  // a move whose go sets no time (depth, nodes)
  int64_t quit_ms = 500;          // for the engine to exit after quit, before it is killed
};

class EnginePlayer : public ai::Player {
 public:
  EnginePlayer(std::string spec, EngineSpec engine, std::shared_ptr<const Ruleset> rules,
               EngineTimeouts timeouts = {});
  ~EnginePlayer() override;
  EnginePlayer(const EnginePlayer&) = delete;
  EnginePlayer& operator=(const EnginePlayer&) = delete;

  // Runs the engine and makes the handshake: uci, uciok, UCI_Variant (an
  // error when the rules name one the engine does not list), the spec's
  // options, ucinewgame, isready, readyok.
  Status start();

  std::string name() const override { return spec_; }
  Turn choose(Position& pos, const std::atomic<bool>* stop = nullptr) override;
  void new_game() override;
  void set_budget(const ai::Budget& budget) override { budget_ = budget; }

  // The engine's own name (its `id name`), once started.
  const std::string& engine_name() const { return engine_name_; }
  // The child's process id while it runs, else -1.
  pid_t pid() const { return pid_; }
  // The go command the next move sends.
  std::string go_command() const;

 private:
  enum class Read { kLine, kEnd, kTimeout, kStopped, kTooLong };
  Error fail(const std::string& what) const { return Error{spec_, what}; }
  [[noreturn]] void throw_error(const std::string& what);
  Status send(const std::string& line);
  // The steps of start(): the child process with its pipes; the lines up to
  // uciok, with what the engine offers (its options and variants); the
  // variant and options set, up to readyok.
  struct Offer;
  Status spawn();
  Status read_offer(Offer& offer);
  Status configure(const Offer& offer);
  // The next line within deadline (steady-clock milliseconds); with stop,
  // kStopped as soon as it is set (once).
  Read read_line(std::string& line, int64_t deadline, const std::atomic<bool>* stop = nullptr);
  // Reads lines until one starts with word; an Error naming what it waited for.
  Status wait_for(const std::string& word, int64_t timeout_ms);
  // Ends the child: quit and a short wait when polite, then SIGKILL; reaps it.
  // Returns how it ended, for messages.
  std::string end_child(bool polite);
  std::string ended_text();
  void report_line(const Position& pos, const std::vector<std::string>& words);
  std::string position_command(const Position& pos);

  std::string spec_;
  EngineSpec engine_;
  std::shared_ptr<const Ruleset> rules_;
  EngineTimeouts timeouts_;
  ai::Budget budget_;
  std::string engine_name_;
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string buffer_;
  std::string exit_text_;  // how the child ended, once it has
  // The game so far, as sent: the start position string, the moves since,
  // and the position they lead to.
  std::string base_;
  std::vector<std::string> moves_;
  std::optional<Position> last_;
};

}  // namespace regula::uci
