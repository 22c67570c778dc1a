#include "uci/engine_player.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstring>
#include <sstream>
#include <thread>

#include "core/rule_error.h"
#include "formats/presentation.h"
#include "notation/position_string.h"
#include "notation/text.h"
#include "uci/uci_move.h"
#include "uci/words.h"

namespace regula::uci {

namespace {

int64_t now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// A list for a message, cut after a few items.
std::string listed(const std::vector<std::string>& items) {
  constexpr size_t kListed = 12;
  std::string out;
  for (size_t i = 0; i < items.size() && i < kListed; ++i) out += (i ? ", " : "") + items[i];
  if (items.size() > kListed) out += ", ...";
  return out.empty() ? "none" : out;
}

// A line the engine sends that has no newline in this many bytes is an
// error: it is garbage, and must not fill the memory.
constexpr size_t kMaxLine = size_t{1} << 20;
// The options (and the UCI_Variant names) an engine may list in its
// handshake: Fairy-Stockfish lists about 30 options and 100 variants.
constexpr size_t kMaxEngineOptions = 4096;

// What is said when the engine's line passes kMaxLine.
const std::string kTooLongLine = "the engine sent a line longer than 1 MiB (kMaxLine)";

// Writes all of text, without the process dying of SIGPIPE when the engine
// has gone: the signal is blocked for this thread while writing, and one it
// raised is taken before it is unblocked.
bool write_all(int fd, const std::string& text) {
  sigset_t pipe_set, old;
  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  bool ok = true;
  int err = 0;
  size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      ok = false;
      err = errno;
      break;
    }
    done += static_cast<size_t>(n);
  }
  if (!ok && err == EPIPE) {
    const timespec zero{0, 0};
    sigtimedwait(&pipe_set, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

// UCI mate scores are in moves of the side to move; ai scores count decisions.
int mate_score(int64_t moves) {
  moves = std::clamp<int64_t>(moves, -ai::kMaxPly, ai::kMaxPly);  // no overflow below
  if (moves > 0)
    return ai::kWinScore - static_cast<int>(std::min<int64_t>(2 * moves - 1, ai::kMaxPly));
  return -ai::kWinScore + static_cast<int>(std::min<int64_t>(-2 * moves, ai::kMaxPly));
}

constexpr int64_t kMaxDepth = ai::kMaxBudgetDepth;
constexpr int64_t kMaxNodes = ai::kMaxBudgetNodes;
constexpr int64_t kMaxMillis = ai::kMaxBudgetMillis;

}  // namespace

Expected<EngineSpec> parse_engine_spec(const std::string& spec) {
  const std::string usage = "say uci:PATH[:KEY=VALUE,...] (uci:/usr/games/fairy-stockfish:depth=2)";
  if (spec.rfind("uci:", 0) != 0) return Error{spec, "not an engine: " + usage};
  const std::string rest = spec.substr(4);
  const size_t colon = rest.find(':');
  EngineSpec e;
  e.path = rest.substr(0, colon);
  if (e.path.empty()) return Error{spec, "the engine's program is missing: " + usage};
  for (char c : spec)
    if (static_cast<unsigned char>(c) < ' ')
      return Error{spec, "control characters are not allowed in an engine spec"};
  if (colon == std::string::npos) return e;
  const std::string items = rest.substr(colon + 1);
  size_t start = 0;
  while (true) {
    size_t comma = items.find(',', start);
    if (comma == std::string::npos) comma = items.size();
    const std::string item = items.substr(start, comma - start);
    const size_t eq = item.find('=');
    const std::string key = trim(item.substr(0, eq));
    if (eq == std::string::npos || key.empty())
      return Error{spec, "'" + item + "' is not KEY=VALUE: " + usage};
    const std::string value = trim(item.substr(eq + 1));
    if (key == "depth" || key == "nodes" || key == "movetime") {
      const int64_t max = key == "depth" ? kMaxDepth : key == "nodes" ? kMaxNodes : kMaxMillis;
      int64_t n = 0;
      if (!read_int(value, n) || n < 1 || n > max)
        return Error{spec, key + " takes a whole number from 1 to " + std::to_string(max) +
                               ", not '" + value + "'"};
      if (key == "depth") e.go.depth = static_cast<int>(n);
      if (key == "nodes") e.go.nodes = static_cast<uint64_t>(n);
      if (key == "movetime") e.go.millis = n;
    } else {
      e.options.emplace_back(key, value);
    }
    if (comma == items.size()) break;
    start = comma + 1;
  }
  return e;
}

EnginePlayer::EnginePlayer(std::string spec, EngineSpec engine,
                           std::shared_ptr<const Ruleset> rules, EngineTimeouts timeouts)
    : spec_(std::move(spec)),
      engine_(std::move(engine)),
      rules_(std::move(rules)),
      timeouts_(timeouts) {}

EnginePlayer::~EnginePlayer() {
  end_child(true);
}

void EnginePlayer::throw_error(const std::string& what) {
  throw RuleError(fail(what));
}

// What an engine offers before uciok: its options' names, and whether it
// lists variants (UCI_Variant), with those it lists.
struct EnginePlayer::Offer {
  std::vector<std::string> options, variants;
  bool lists_variants = false;
};

Status EnginePlayer::start() {
  Offer offer;
  if (Status s = spawn()) return s;
  if (Status s = read_offer(offer)) return s;
  return configure(offer);
}

Status EnginePlayer::spawn() {
  int to[2], from[2], exec_error[2];
  if (pipe2(to, O_CLOEXEC) != 0) return fail(std::string("cannot make a pipe: ") + strerror(errno));
  if (pipe2(from, O_CLOEXEC) != 0) {
    close(to[0]), close(to[1]);
    return fail(std::string("cannot make a pipe: ") + strerror(errno));
  }
  if (pipe2(exec_error, O_CLOEXEC) != 0) {
    close(to[0]), close(to[1]), close(from[0]), close(from[1]);
    return fail(std::string("cannot make a pipe: ") + strerror(errno));
  }
  std::vector<char*> argv = {const_cast<char*>(engine_.path.c_str()), nullptr};
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid < 0) {
    const int err = errno;
    for (int fd : {to[0], to[1], from[0], from[1], exec_error[0], exec_error[1]}) close(fd);
    return fail(std::string("cannot start a process: ") + strerror(err));
  }
  if (pid == 0) {
    // The child: only async-signal-safe calls until exec. Its own process
    // group, so that killing the engine kills what it started too.
    setpgid(0, 0);
    // Outside the terminal's process group, Ctrl-C does not reach it: it is
    // killed when the thread that started it ends (regula interrupted or
    // killed included), or at once if that has already happened.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(127);
    dup2(to[0], 0);
    dup2(from[1], 1);
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) dup2(null, 2);
    execvp(argv[0], argv.data());
    const int err = errno;
    [[maybe_unused]] ssize_t n = write(exec_error[1], &err, sizeof err);
    _exit(127);
  }
  close(to[0]);
  close(from[1]);
  close(exec_error[1]);
  pid_ = pid;
  to_engine_ = to[1];
  from_engine_ = from[0];
  int err = 0;
  ssize_t n;
  do n = read(exec_error[0], &err, sizeof err);
  while (n < 0 && errno == EINTR);
  close(exec_error[0]);
  if (n == static_cast<ssize_t>(sizeof err)) {
    end_child(false);
    return fail("cannot run '" + engine_.path + "': " + strerror(err));
  }
  return std::nullopt;
}

Status EnginePlayer::read_offer(Offer& offer) {
  if (auto s = send("uci")) return s;
  const int64_t deadline = now_ms() + timeouts_.handshake_ms;
  for (std::string line;;) {
    const Read r = read_line(line, deadline);
    if (r == Read::kEnd) return fail("the engine " + end_child(false) + " before uciok");
    if (r == Read::kTooLong) {
      end_child(false);
      return fail(kTooLongLine + " before uciok");
    }
    if (r == Read::kTimeout) {
      end_child(false);
      return fail("no uciok within " + std::to_string(timeouts_.handshake_ms) +
                  " ms of 'uci' (is it a UCI engine?)");
    }
    const std::vector<std::string> w = split(line);
    if (w.empty()) continue;
    if (w[0] == "uciok") break;
    if (w[0] == "id" && w.size() > 2 && w[1] == "name") engine_name_ = join(w, 2, w.size());
    if (w[0] == "option" && w.size() > 2 && w[1] == "name") {
      size_t type = 2;
      while (type < w.size() && w[type] != "type") ++type;
      const std::string name = join(w, 2, type);
      if (offer.options.size() >= kMaxEngineOptions) {
        end_child(false);
        return fail("the engine lists more than " + std::to_string(kMaxEngineOptions) +
                    " options (kMaxEngineOptions) before uciok");
      }
      offer.options.push_back(name);
      if (lower(name) == "uci_variant") {
        offer.lists_variants = true;
        for (size_t i = type; i + 1 < w.size(); ++i)
          if (w[i] == "var" && offer.variants.size() < kMaxEngineOptions)
            offer.variants.push_back(w[i + 1]);
      }
    }
  }
  return std::nullopt;
}

Status EnginePlayer::configure(const Offer& offer) {
  const std::vector<std::string>& options = offer.options;
  const std::vector<std::string>& variants = offer.variants;
  // An engine without UCI_Variant plays one game; it is taken to be these
  // rules (a move it answers is still checked).
  const std::string& variant = presentation_of(*rules_).uci_variant;
  if (variant.empty() && offer.lists_variants && variants.size() > 1) {
    // It would play its default variant on positions of other rules.
    end_child(true);
    return fail(
        "the engine plays several variants (UCI_Variant), and these rules name none "
        "(a script names its variant with uci_variant = \"...\")");
  }
  if (!variant.empty() && offer.lists_variants) {
    if (std::find(variants.begin(), variants.end(), variant) == variants.end()) {
      end_child(true);
      return fail("the engine does not offer UCI_Variant '" + variant +
                  "', which these rules name (it offers: " + listed(variants) + ")");
    }
    if (auto s = send("setoption name UCI_Variant value " + variant)) return s;
  }
  for (const auto& [key, value] : engine_.options) {
    // Clang 14 cannot capture a structured binding: the lambda takes a plain name.
    const std::string wanted = lower(key);
    const bool known = std::any_of(options.begin(), options.end(),
                                   [&](const std::string& o) { return lower(o) == wanted; });
    if (!known) {
      end_child(true);
      return fail("the engine has no option '" + key + "' (its options: " + listed(options) + ")");
    }
    if (auto s = send("setoption name " + key + " value " + value)) return s;
  }
  if (auto s = send("ucinewgame")) return s;
  if (auto s = send("isready")) return s;
  return wait_for("readyok", timeouts_.handshake_ms);
}

Status EnginePlayer::send(const std::string& line) {
  if (to_engine_ < 0)
    return fail("the engine is not running" +
                (exit_text_.empty() ? "" : " (it " + exit_text_ + ")"));
  if (!write_all(to_engine_, line + "\n"))
    return fail("the engine " + end_child(false) + " (it could not be sent '" + line + "')");
  return std::nullopt;
}

EnginePlayer::Read EnginePlayer::read_line(std::string& line, int64_t deadline,
                                           const std::atomic<bool>* stop) {
  while (true) {
    const size_t nl = buffer_.find('\n');
    if (nl == std::string::npos ? buffer_.size() >= kMaxLine : nl > kMaxLine) {
      buffer_.clear();
      return Read::kTooLong;
    }
    if (nl != std::string::npos) {
      line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::kLine;
    }
    if (from_engine_ < 0) return Read::kEnd;
    if (stop && stop->load()) return Read::kStopped;
    const int64_t left = deadline - now_ms();
    if (left <= 0) return Read::kTimeout;
    // With a stop flag to watch, wake often enough to see it set.
    pollfd p{from_engine_, POLLIN, 0};
    const int r = poll(&p, 1, static_cast<int>(std::min<int64_t>(left, stop ? 10 : 1000)));
    if (r < 0 && errno != EINTR) return Read::kEnd;
    if (r <= 0) continue;
    char buf[4096];
    const ssize_t n = read(from_engine_, buf, sizeof buf);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return Read::kEnd;
    buffer_.append(buf, static_cast<size_t>(n));
  }
}

Status EnginePlayer::wait_for(const std::string& word, int64_t timeout_ms) {
  const int64_t deadline = now_ms() + timeout_ms;
  for (std::string line;;) {
    const Read r = read_line(line, deadline);
    if (r == Read::kEnd) return fail("the engine " + end_child(false) + " before " + word);
    if (r == Read::kTooLong) {
      end_child(false);
      return fail(kTooLongLine + " before " + word);
    }
    if (r == Read::kTimeout) {
      end_child(false);
      return fail("no " + word + " within " + std::to_string(timeout_ms) + " ms");
    }
    const std::vector<std::string> w = split(line);
    if (!w.empty() && w[0] == word) return std::nullopt;
  }
}

std::string EnginePlayer::end_child(bool polite) {
  if (pid_ < 0) return exit_text_;
  if (polite && to_engine_ >= 0) write_all(to_engine_, "quit\n");
  // Its input ends too: engines quit at the end of their input.
  if (to_engine_ >= 0) close(to_engine_);
  to_engine_ = -1;
  int status = 0;
  pid_t r = 0;
  const int64_t until = now_ms() + (polite ? timeouts_.quit_ms : 100);
  while ((r = waitpid(pid_, &status, WNOHANG)) == 0 && now_ms() < until)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  bool killed = false;
  if (r == 0) {
    kill(-pid_, SIGKILL);
    kill(pid_, SIGKILL);
    killed = true;
    do r = waitpid(pid_, &status, 0);
    while (r < 0 && errno == EINTR);
  }
  if (r == pid_ && WIFEXITED(status))
    exit_text_ = "exited with status " + std::to_string(WEXITSTATUS(status));
  else if (r == pid_ && WIFSIGNALED(status) && !killed)
    exit_text_ = "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                 strsignal(WTERMSIG(status)) + ")";
  else
    exit_text_ = killed ? "was stopped" : "ended";
  pid_ = -1;
  if (from_engine_ >= 0) close(from_engine_);
  from_engine_ = -1;
  buffer_.clear();
  return exit_text_;
}

std::string EnginePlayer::go_command() const {
  ai::Budget b = budget_;
  if (engine_.go.depth) b.depth = engine_.go.depth;
  if (engine_.go.nodes) b.nodes = engine_.go.nodes;
  if (engine_.go.millis) b.millis = engine_.go.millis;
  if (!b.any()) b.millis = kDefaultMoveMillis;
  std::string go = "go";
  if (b.depth) go += " depth " + std::to_string(b.depth);
  if (b.nodes) go += " nodes " + std::to_string(b.nodes);
  if (b.millis) go += " movetime " + std::to_string(b.millis);
  return go;
}

std::string EnginePlayer::position_command(const Position& pos) {
  bool follows = false;
  if (last_ && *last_ == pos) {
    follows = true;
  } else if (last_) {
    // One turn of another seat since the engine's last move.
    std::vector<Turn> turns;
    legal_turns(*last_, turns);
    for (const Turn& t : turns) {
      Position after = *last_;
      for (const Move& m : t.steps) {
        Undo u;
        after.make(m, u);
      }
      if (after == pos) {
        moves_.push_back(uci_text(*last_, t));
        follows = true;
        break;
      }
    }
  }
  if (!follows) {
    base_ = write_position(pos);
    moves_.clear();
  }
  last_ = pos;
  std::string cmd = "position fen " + base_;
  if (!moves_.empty()) {
    cmd += " moves";
    for (const std::string& m : moves_) cmd += " " + m;
  }
  return cmd;
}

Turn EnginePlayer::choose(Position& pos, const std::atomic<bool>* stop) {
  if (pid_ < 0)
    throw_error("the engine is not running" +
                (exit_text_.empty() ? std::string() : " (it " + exit_text_ + ")"));
  if (auto s = send(position_command(pos))) throw RuleError(*s);
  const std::string go = go_command();
  if (auto s = send(go)) throw RuleError(*s);
  ai::Budget b = budget_;
  if (engine_.go.millis) b.millis = engine_.go.millis;
  if (!b.any() && !engine_.go.any()) b.millis = kDefaultMoveMillis;
  const int64_t allowed = b.millis ? b.millis + timeouts_.margin_ms : timeouts_.unbounded_ms;
  int64_t deadline = now_ms() + allowed;
  bool stopped = false;
  std::string best;
  for (std::string line;;) {
    const Read r = read_line(line, deadline, stopped ? nullptr : stop);
    if (r == Read::kStopped) {
      stopped = true;
      if (auto s = send("stop")) throw RuleError(*s);
      deadline = std::min(deadline, now_ms() + timeouts_.margin_ms);
      continue;
    }
    if (r == Read::kTimeout) {
      end_child(false);
      throw_error("no bestmove within " + std::to_string(allowed) + " ms of '" + go +
                  "'; the engine was stopped");
    }
    if (r == Read::kEnd)
      throw_error("the engine " + end_child(false) + " before answering '" + go + "'");
    if (r == Read::kTooLong) {
      end_child(false);
      throw_error(kTooLongLine + " in answer to '" + go + "'; the engine was stopped");
    }
    const std::vector<std::string> w = split(line);
    if (w.empty()) continue;
    if (w[0] == "info") {
      report_line(pos, w);
    } else if (w[0] == "bestmove") {
      if (w.size() < 2) throw_error("the engine answered 'bestmove' without a move");
      best = w[1];
      break;
    }
    // Anything else is ignored, as UCI asks.
  }
  Position at = pos;
  auto turn = parse_uci(at, best);
  if (!turn)
    throw_error("the engine's bestmove '" + best + "' is not a legal move in " +
                write_position(pos) + ": " + turn.error().what);
  moves_.push_back(uci_text(at, *turn));
  for (const Move& m : turn->steps) {
    Undo u;
    at.make(m, u);
  }
  last_ = at;
  return *turn;
}

void EnginePlayer::new_game() {
  base_.clear();
  moves_.clear();
  last_.reset();
  if (auto s = send("ucinewgame")) throw RuleError(*s);
  if (auto s = send("isready")) throw RuleError(*s);
  if (auto s = wait_for("readyok", timeouts_.handshake_ms)) throw RuleError(*s);
}

void EnginePlayer::report_line(const Position& pos, const std::vector<std::string>& w) {
  ai::SearchInfo info;
  bool any = false;
  for (size_t i = 1; i < w.size(); ++i) {
    int64_t n = 0;
    const std::string& key = w[i];
    if (key == "string") break;
    if ((key == "depth" || key == "seldepth" || key == "nodes" || key == "time") &&
        i + 1 < w.size() && read_int(w[i + 1], n)) {
      ++i;
      if (key == "depth") info.depth = static_cast<int>(n), any = true;
      if (key == "seldepth") info.seldepth = static_cast<int>(n);
      if (key == "nodes") info.nodes = static_cast<uint64_t>(std::max<int64_t>(n, 0));
      if (key == "time") info.millis = n;
    } else if (key == "score" && i + 2 < w.size() && read_int(w[i + 2], n)) {
      if (w[i + 1] == "cp")
        info.score =
            static_cast<int>(std::clamp<int64_t>(n, -ai::kWinScore / 2, ai::kWinScore / 2));
      if (w[i + 1] == "mate" && n != 0) info.score = mate_score(n);
      i += 2;
      any = true;
    } else if (key == "pv") {
      Position at = pos;
      for (size_t k = i + 1; k < w.size(); ++k) {
        auto t = parse_uci(at, w[k]);
        if (!t) break;
        for (const Move& m : t->steps) {
          info.pv.push_back(m);
          Undo u;
          at.make(m, u);
        }
      }
      break;
    }
  }
  if (any) report(info);
}

}  // namespace regula::uci
