#include "uci/uci_server.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <deque>
#include <functional>
#include <istream>
#include <ostream>
#include <sstream>

#include "ai/alpha_beta.h"
#include "ai/player_spec.h"
#include "ai/search_support.h"
#include "core/command_limits.h"
#include "core/game_end.h"
#include "core/rule_error.h"
#include "formats/presentation.h"
#include "notation/input_limits.h"
#include "notation/position_string.h"
#include "uci/uci_move.h"
#include "uci/words.h"

namespace regula::uci {

namespace {

bool is_go_word(const std::string& w) {
  static const char* const kWords[] = {"depth", "nodes",    "movetime", "wtime",
                                       "btime", "winc",     "binc",     "movestogo",
                                       "mate",  "infinite", "ponder",   "searchmoves"};
  return std::find(std::begin(kWords), std::end(kWords), w) != std::end(kWords);
}

constexpr int64_t kMaxSeed = 2147483647;
constexpr int kMaxHash = 4096;
constexpr int64_t kMaxDepth = ai::kMaxBudgetDepth;
constexpr int64_t kMaxNodes = ai::kMaxBudgetNodes;
constexpr int64_t kMaxMillis = ai::kMaxBudgetMillis;

// How long a search stopped before it judged any move (inside a hook) may
// then take to find the first legal turn to answer with: hooks run again, but
// only this long, so that the answer still comes at once.
constexpr int64_t kFirstTurnMillis = 20;

// The first legal turn of pos in UCI text, if hooks let it be found within
// kFirstTurnMillis; "(none)" else.
std::string first_turn(Position pos) {
  const SearchLimits limits(nullptr, kFirstTurnMillis);
  std::string out = "(none)";
  try {
    MoveList moves;
    legal_moves(pos, moves);
    if (!moves.empty()) {
      const Turn turn = ai::choose_by_decisions(pos, nullptr, [](Position& p) {
        MoveList m;
        legal_moves(p, m);
        return m.empty() ? Move::pass() : m[0];
      });
      out = uci_text(pos, turn);
    }
  } catch (const RuleError&) {
    // Not found in time (or a hook failed, which the next search reports).
  }
  return out;
}

// The text of a turn the search chose once a stop came: hooks run to tell it
// apart from the other legal turns' (uci_text) for kFirstTurnMillis at most,
// else it is written from its decisions alone. Each try has a copy of pos: a
// stopped one may leave it in the middle of a turn.
std::string quick_text(const Position& pos, const Turn& turn) {
  const SearchLimits limits(nullptr, kFirstTurnMillis);
  try {
    Position at = pos;
    return uci_text(at, turn);
  } catch (const CommandStopped&) {
  }
  try {
    Position at = pos;
    return uci_decisions_text(at, turn);
  } catch (const CommandStopped&) {
  }
  return "(none)";
}

// The first word of a line (what names its command), without splitting the
// rest of a line that may be a megabyte long.
std::string first_word(const std::string& line) {
  const auto blank = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
  const auto start = std::find_if_not(line.begin(), line.end(), blank);
  return std::string(start, std::find_if(start, line.end(), blank));
}

bool stops(const std::string& line) {
  const std::string w = first_word(line);
  return w == "stop" || w == "quit";
}

// Lines read ahead of their answers (Server::run): a reader thread puts them
// in while the loop takes them out, so that a `stop` or `quit` is seen while
// the loop is busy with an earlier command. From the moment one is read until
// the loop takes it, the interrupt flag is set, which the hooks of the
// commands before it obey. Bounded: the reader waits while kMaxLines lines or
// kMaxBytes bytes wait for the loop.
class Inbox {
 public:
  static constexpr size_t kMaxLines = 256;
  static constexpr size_t kMaxBytes = size_t{16} << 20;

  explicit Inbox(std::atomic<bool>& interrupt) : interrupt_(interrupt) {}

  void put(LineRead read, std::string line) {
    std::unique_lock<std::mutex> lock(mutex_);
    room_.wait(lock, [&] { return items_.size() < kMaxLines && bytes_ < kMaxBytes; });
    const bool stop = read == LineRead::kLine && stops(line);
    if (stop && pending_stops_++ == 0) interrupt_ = true;
    bytes_ += line.size();
    items_.push_back({read, stop, std::move(line)});
    ready_.notify_one();
  }

  // The next line and how it was read (kEnd at the end of the input).
  LineRead take(std::string& line) {
    std::unique_lock<std::mutex> lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty(); });
    Item item = std::move(items_.front());
    items_.pop_front();
    bytes_ -= item.line.size();
    if (item.stop && --pending_stops_ == 0) interrupt_ = false;
    room_.notify_one();
    line = std::move(item.line);
    return item.read;
  }

 private:
  struct Item {
    LineRead read;
    bool stop;
    std::string line;
  };
  std::atomic<bool>& interrupt_;
  std::mutex mutex_;
  std::condition_variable ready_, room_;
  std::deque<Item> items_;
  size_t bytes_ = 0;
  int pending_stops_ = 0;
};

// Reads in into box up to its end or a `quit`, after which nothing is read.
void read_ahead(std::istream& in, Inbox& box) {
  for (std::string line;;) {
    const LineRead r = read_input_line(in, line);
    const bool last = r == LineRead::kEnd || (r == LineRead::kLine && first_word(line) == "quit");
    box.put(r, r == LineRead::kLine ? std::move(line) : std::string());
    if (last) return;
    line.clear();
  }
}

// What `go` asks for, from its words; each word that cannot be read is
// complained of (and the rest read on), and words it does not know (ponder)
// are left out.
GoArgs read_go_args(const std::vector<std::string>& tokens,
                    const std::function<void(const std::string&)>& error) {
  GoArgs a;
  for (size_t i = 1; i < tokens.size(); ++i) {
    const std::string& key = tokens[i];
    int64_t* field = key == "depth"       ? &a.depth
                     : key == "nodes"     ? &a.nodes
                     : key == "movetime"  ? &a.movetime
                     : key == "wtime"     ? &a.wtime
                     : key == "btime"     ? &a.btime
                     : key == "winc"      ? &a.winc
                     : key == "binc"      ? &a.binc
                     : key == "movestogo" ? &a.movestogo
                     : key == "mate"      ? &a.depth
                                          : nullptr;
    if (key == "infinite") {
      a.infinite = true;
    } else if (key == "searchmoves") {
      error("go: searchmoves is not supported; every move is searched");
      while (i + 1 < tokens.size() && !is_go_word(tokens[i + 1])) ++i;
    } else if (field) {
      int64_t n = 0;
      const bool clock = key == "wtime" || key == "btime" || key == "winc" || key == "binc";
      if (i + 1 >= tokens.size() || !read_int(tokens[i + 1], n) || (n < 0 && !clock)) {
        error("go: " + key + " needs a whole number" +
              (i + 1 < tokens.size() ? ", not '" + tokens[i + 1] + "'" : std::string()));
        continue;
      }
      ++i;
      // Mate in n moves is found within 2n - 1 decisions (n is capped first:
      // the search's depth is bounded far below).
      *field = key == "mate" ? 2 * std::min<int64_t>(n, 1'000'000) - 1 : n;
    }
  }
  return a;
}

}  // namespace

int64_t clock_millis(int64_t remaining, int64_t increment, int64_t movestogo) {
  // A clock past the budget's bound answers as at the bound (and one below
  // zero, flagged, at once), so that no sum below can overflow.
  remaining = std::clamp<int64_t>(remaining, 0, kMaxMillis);
  increment = std::clamp<int64_t>(increment, 0, kMaxMillis);
  const int64_t moves = movestogo > 0 ? std::min<int64_t>(movestogo, kClockMoves) : kClockMoves;
  int64_t t = remaining / moves + increment / 2;
  // Room for the answer to travel and the clock to be read: a twentieth of
  // the clock, at least 50 ms.
  const int64_t margin = std::max<int64_t>(50, remaining / 20);
  t = std::min(t, remaining - margin);
  return std::clamp<int64_t>(t, 1, kMaxMillis);
}

ai::Budget go_budget(const GoArgs& a, SeatId decider) {
  ai::Budget b;
  if (a.infinite) {
    b.millis = kMaxMillis;
    return b;
  }
  if (a.depth >= 0) b.depth = static_cast<int>(std::clamp<int64_t>(a.depth, 1, kMaxDepth));
  if (a.nodes >= 0) b.nodes = static_cast<uint64_t>(std::clamp<int64_t>(a.nodes, 1, kMaxNodes));
  if (a.movetime >= 0) b.millis = std::clamp<int64_t>(a.movetime, 1, kMaxMillis);
  const int64_t clock = decider == 0 ? a.wtime : a.btime;
  const int64_t inc = decider == 0 ? a.winc : a.binc;
  if (a.movetime < 0 && clock != -1) b.millis = clock_millis(clock, inc, a.movestogo);
  return b;
}

Server::Server(std::shared_ptr<const Ruleset> rules, std::ostream& out, ServerOptions options)
    : rules_(std::move(rules)), out_(out), options_(options), pos_(rules_), root_(rules_) {
  variant_ = presentation_of(*rules_).uci_variant.empty() ? rules_->name
                                                          : presentation_of(*rules_).uci_variant;
  std::replace(variant_.begin(), variant_.end(), ' ', '_');
  if (variant_.empty()) variant_ = "regula";
}

Server::~Server() {
  stop_search();
}

void Server::emit(const std::string& line) {
  std::lock_guard<std::mutex> lock(out_mutex_);
  out_ << line << std::endl;
}

void Server::error(const std::string& what) {
  emit("info string error: " + what);
}

ai::Player& Server::player() {
  if (!player_) {
    std::string spec =
        "ai:" + std::to_string(options_.level) + ":seed=" + std::to_string(options_.seed);
    if (ai::alpha_beta_applies(*rules_))
      spec += ",hash=" + std::to_string(options_.hash_mb) +
              ",threads=" + std::to_string(options_.threads);
    auto p = ai::make_player(spec, rules_, options_.seed);
    // The spec is made from checked options: it always names a player.
    if (!p) throw RuleError(p.error());
    player_ = std::move(*p);
    player_->on_info([this](const ai::SearchInfo& info) { report(info); });
  }
  return *player_;
}

void Server::run(std::istream& in) {
  Inbox box(interrupt_);
  std::thread reader([&] { read_ahead(in, box); });
  bool quit = false;
  for (std::string line; !quit;) {
    const LineRead r = box.take(line);
    if (r == LineRead::kEnd) break;
    if (r == LineRead::kTooLong) {
      // A GUI never sends such a line; it is ignored whole, as an unknown command is.
      error("a line longer than 1 MiB (kMaxInputLine) was ignored");
      continue;
    }
    quit = !handle(line);
  }
  // The reader has ended: it reads nothing after the end or a quit.
  reader.join();
  // The input ended: the answer of a search still comes, as after a wait.
  if (!quit) finish_search();
}

bool Server::handle(const std::string& line) {
  const std::vector<std::string> tokens = split(line);
  if (tokens.empty()) return true;
  const std::string& cmd = tokens[0];
  try {
    if (cmd == "uci") {
      uci();
    } else if (cmd == "isready") {
      // readyok comes whatever happens: a front end waits for it.
      try {
        if (!searching()) player();
      } catch (...) {
        emit("readyok");
        throw;
      }
      emit("readyok");
    } else if (cmd == "ucinewgame") {
      new_game();
    } else if (cmd == "setoption") {
      set_option(tokens);
    } else if (cmd == "position") {
      position(tokens);
    } else if (cmd == "go") {
      go(tokens);
    } else if (cmd == "stop") {
      stop_search();
    } else if (cmd == "quit") {
      stop_search();
      return false;
    }
    // Anything else (debug, register, ponderhit, words of other protocols) is
    // ignored, as UCI asks of an engine.
  } catch (const RuleError& e) {
    error(cmd + ": " + e.error().text());
  } catch (const std::exception& e) {
    error(cmd + ": " + e.what());
  }
  return true;
}

void Server::uci() {
  emit("id name regula");
  emit("id author the regula authors");
  emit("option name UCI_Variant type combo default " + variant_ + " var " + variant_);
  emit("option name Level type spin default " + std::to_string(options_.level) + " min " +
       std::to_string(ai::kMinLevel) + " max " + std::to_string(ai::kMaxLevel));
  emit("option name Seed type spin default " + std::to_string(options_.seed) + " min 0 max " +
       std::to_string(kMaxSeed));
  if (ai::alpha_beta_applies(*rules_)) {
    emit("option name Hash type spin default " + std::to_string(options_.hash_mb) + " min 1 max " +
         std::to_string(kMaxHash));
    emit("option name Threads type spin default " + std::to_string(options_.threads) +
         " min 1 max " + std::to_string(ai::kMaxSearchThreads));
  }
  emit("uciok");
}

void Server::set_option(const std::vector<std::string>& tokens) {
  if (tokens.size() < 2 || tokens[1] != "name") {
    error("setoption: expected 'setoption name NAME [value VALUE]'");
    return;
  }
  size_t v = 2;
  while (v < tokens.size() && tokens[v] != "value") ++v;
  const std::string name = join(tokens, 2, v);
  const std::string value = join(tokens, v + 1, tokens.size());
  const std::string key = lower(name);
  auto number = [&](int64_t lo, int64_t hi, int64_t& out) {
    if (read_int(value, out) && out >= lo && out <= hi) return true;
    error("setoption: " + name + " takes a whole number from " + std::to_string(lo) + " to " +
          std::to_string(hi) + ", not '" + value + "'");
    return false;
  };
  int64_t n = 0;
  if (key == "uci_variant") {
    if (lower(value) != lower(variant_))
      error("setoption: UCI_Variant '" + value + "' is not offered: these rules are '" + variant_ +
            "' (start regula uci with the rules of that variant)");
    return;
  }
  if (key == "level") {
    if (!number(ai::kMinLevel, ai::kMaxLevel, n)) return;
    stop_search();
    options_.level = static_cast<int>(n);
  } else if (key == "seed") {
    if (!number(0, kMaxSeed, n)) return;
    stop_search();
    options_.seed = static_cast<uint64_t>(n);
  } else if (key == "hash" && ai::alpha_beta_applies(*rules_)) {
    if (!number(1, kMaxHash, n)) return;
    stop_search();
    options_.hash_mb = static_cast<int>(n);
  } else if (key == "threads" && ai::alpha_beta_applies(*rules_)) {
    if (!number(1, ai::kMaxSearchThreads, n)) return;
    stop_search();
    options_.threads = static_cast<int>(n);
  } else {
    error("setoption: no option '" + name + "' (options: UCI_Variant, Level, Seed" +
          (ai::alpha_beta_applies(*rules_) ? ", Hash, Threads" : "") + ")");
    return;
  }
  player_.reset();
}

void Server::new_game() {
  stop_search();
  pos_ = Position(rules_);
  pos_known_ = true;
  if (player_) player_->new_game();
}

void Server::position(const std::vector<std::string>& tokens) {
  // Reading moves may run the script's hooks, which the search may be running:
  // a search still running is stopped first.
  stop_search();
  try {
    // A stop read meanwhile ends those hooks (run()).
    const SearchLimits limits(&interrupt_, 0);
    read_position_command(tokens);
  } catch (const CommandStopped&) {
    pos_known_ = false;
    error(
        "position: stopped before its moves were read; the position is unknown, and go answers "
        "bestmove (none) until the next position command");
  }
}

void Server::read_position_command(const std::vector<std::string>& tokens) {
  if (tokens.size() < 2 || (tokens[1] != "startpos" && tokens[1] != "fen")) {
    error("position: expected startpos or fen" +
          (tokens.size() < 2 ? std::string() : ", not '" + tokens[1] + "'"));
    return;
  }
  size_t i = 2;
  Position p(rules_);
  if (tokens[1] == "fen") {
    while (i < tokens.size() && tokens[i] != "moves") ++i;
    const std::string text = join(tokens, 2, i);
    if (text.empty()) {
      error("position fen: no position string before " +
            std::string(i < tokens.size() ? "'moves'" : "the end of the line"));
      return;
    }
    auto read = read_position(rules_, text);
    if (!read) {
      error("position fen '" + text + "': " + read.error().what);
      return;
    }
    p = std::move(*read);
  }
  if (i < tokens.size() && tokens[i] != "moves") {
    error("position: expected 'moves' after startpos, not '" + tokens[i] + "'");
    return;
  }
  for (size_t k = i + 1; k < tokens.size(); ++k) {
    auto turn = parse_uci(p, tokens[k]);
    // A stop that ended hooks the move text's reading ran may come back as
    // the text's error.
    if (!turn && interrupt_) throw CommandStopped(turn.error());
    if (!turn) {
      error("position: move " + std::to_string(k - i) + " (" + tokens[k] +
            "): " + turn.error().what + " (the position is left as it was)");
      return;
    }
    for (const Move& m : turn->steps) {
      Undo u;
      p.make(m, u);
    }
  }
  pos_ = std::move(p);
  pos_known_ = true;
}

void Server::go(const std::vector<std::string>& tokens) {
  // A search still running is stopped (answering with its bestmove), not
  // waited for: the loop must keep reading stop and isready.
  stop_search();
  const GoArgs a = read_go_args(tokens, [this](const std::string& what) { error(what); });
  if (!pos_known_) {
    error("go: the last position command was stopped before its moves were read; send it again");
    emit("bestmove (none)");
    return;
  }
  if (pos_.awaiting_roll()) {
    error(
        "go: a throw of the dice is due, which is no player's move (play it with position ... "
        "moves)");
    emit("bestmove (none)");
    return;
  }
  ai::Budget b = go_budget(a, pos_.decider());
  if (!b.any()) b = ai::level_budget(*rules_, options_.level);
  ai::Player* made = nullptr;
  try {
    made = &player();
  } catch (...) {
    // go is always answered, even when the player cannot be made.
    emit("bestmove (none)");
    throw;
  }
  ai::Player& p = *made;
  p.set_budget(b);
  root_ = pos_;
  last_info_.clear();
  infinite_ = a.infinite;
  stop_ = false;
  done_ = false;
  // Each go is a command of its own: its hooks have the whole instruction
  // count of --hook-instructions (core/command_limits.h).
  command_limits().renew_instructions();
  worker_ = std::thread([this, &p] {
    // Every hook this thread runs obeys stop: in the search, and around it
    // (whether the game is over, a turn's later decisions, the answer's text).
    const SearchLimits limits(&stop_, 0);
    std::string best = "(none)";
    bool over = false;
    try {
      Position at = root_;
      const Result res = game_result(at);
      over = res.over;
      if (over)
        emit("info string the game is over: " + res.reason);
      else
        best = answer(at, p);
    } catch (const CommandStopped& e) {
      emit("info string go: stopped before any move was judged (" + e.error().what +
           "); the answer is the first legal move, if there is time to find it");
      best = first_turn(root_);
    } catch (const RuleError& e) {
      error("go: " + e.error().text());
    } catch (const std::exception& e) {
      error(std::string("go: ") + e.what());
    }
    // UCI: the answer to go infinite waits for stop, even when the search
    // has nothing more to find (a game over has nothing to search).
    if (infinite_ && !over) {
      std::unique_lock<std::mutex> lock(wait_mutex_);
      wait_.wait(lock, [this] { return stop_.load(); });
    }
    emit("bestmove " + best);
    done_ = true;
  });
}

std::string Server::answer(Position& at, ai::Player& p) {
  const Turn turn = p.choose(at, &stop_);
  if (!stop_) {
    try {
      Position copy = at;  // a stopped uci_text may leave it in the middle of the turn
      return uci_text(copy, turn);
    } catch (const CommandStopped&) {
      // A stop came while the text was made: it is made again at once.
    }
  }
  return quick_text(at, turn);
}

void Server::stop_search() {
  if (!worker_.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(wait_mutex_);
    stop_ = true;
  }
  wait_.notify_all();
  worker_.join();
}

void Server::finish_search() {
  if (!worker_.joinable()) return;
  if (infinite_) {
    stop_search();
    return;
  }
  worker_.join();
}

void Server::report(const ai::SearchInfo& info) {
  std::ostringstream line;
  line << "info depth " << info.depth << " seldepth " << std::max(info.seldepth, info.depth);
  if (const int m = info.mate_in_moves(); m != 0)
    line << " score mate " << m;
  else
    line << " score cp " << info.score;
  const int64_t ms = std::max<int64_t>(info.millis, 0);
  line << " nodes " << info.nodes << " nps " << info.nodes * 1000 / std::max<int64_t>(ms, 1)
       << " time " << ms;
  std::string pv;
  // Checking the pv runs hooks, which a stopped search's last report may no
  // longer run: that report goes without its pv.
  try {
    for (const std::string& m : uci_line(root_, info.pv)) pv += ' ' + m;
  } catch (const CommandStopped&) {
    pv.clear();
  }
  if (!pv.empty()) line << " pv" << pv;
  const std::string seen = std::to_string(info.depth) + ' ' + std::to_string(info.nodes) + pv;
  if (seen == last_info_) return;
  last_info_ = seen;
  emit(line.str());
}

void serve(std::shared_ptr<const Ruleset> rules, std::istream& in, std::ostream& out,
           ServerOptions options) {
  Server server(std::move(rules), out, options);
  server.run(in);
}

}  // namespace regula::uci
