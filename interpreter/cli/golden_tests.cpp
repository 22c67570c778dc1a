#include "cli/golden_tests.h"

#include <algorithm>
#include <fstream>
#include <optional>
#include <sstream>

#include "core/movegen.h"
#include "core/perft.h"
#include "core/rule_error.h"
#include "core/turns.h"
#include "notation/input_limits.h"
#include "notation/move_text.h"
#include "notation/position_moves.h"
#include "notation/turn_text.h"
#include "session/game.h"
#include "session/game_record.h"

namespace regula::cli {

namespace {

std::vector<std::string> split(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

std::string join(const std::vector<std::string>& words, size_t from = 0) {
  std::string out;
  for (size_t i = from; i < words.size(); ++i) out += (out.empty() ? "" : " ") + words[i];
  return out;
}

// The moves of a directive: words, with "roll N" one move and a rule's label
// ("escape") joined to the move before it, as records write them; with
// cleared (the moves of one position), also the sites a move clears where two
// moves read alike ("xf3", after a move that is not itself a removal).
std::vector<std::string> move_words(const Ruleset& r, const std::vector<std::string>& w,
                                    bool cleared) {
  auto is_label = [&](const std::string& word) {
    for (auto& rule : r.rules)
      if (!rule.label.empty() && rule.label == word) return true;
    return false;
  };
  std::vector<std::string> out;
  for (size_t i = 1; i < w.size(); ++i) {
    std::string m = w[i];
    if (m == "roll" && i + 1 < w.size()) m += " " + w[++i];
    while (i + 1 < w.size() && (is_label(w[i + 1]) || (cleared && clears_word(r, m, w[i + 1]))))
      m += " " + w[++i];
    out.push_back(m);
  }
  return out;
}

// The legal whole turns of pos as `regula moves` prints them.
std::vector<std::string> legal_texts(Position pos) {
  if (pos.rules().has_continuations) {
    std::vector<Turn> turns;
    legal_turns(pos, turns);
    return turn_texts(pos, turns);
  }
  MoveList moves;
  legal_moves(pos, moves);
  return move_texts(pos, moves);
}

// What differs between the expected and the actual moves, or "" when nothing.
std::string move_difference(std::vector<std::string> expected, std::vector<std::string> actual) {
  std::sort(expected.begin(), expected.end());
  std::sort(actual.begin(), actual.end());
  std::vector<std::string> missing, extra;
  std::set_difference(expected.begin(), expected.end(), actual.begin(), actual.end(),
                      std::back_inserter(missing));
  std::set_difference(actual.begin(), actual.end(), expected.begin(), expected.end(),
                      std::back_inserter(extra));
  std::string out;
  if (!missing.empty()) out += "missing " + join(missing);
  if (!extra.empty()) out += (out.empty() ? "" : "; ") + ("extra " + join(extra));
  return out;
}

// One case being read: its position and the legal moves gathered for it.
struct Case {
  std::optional<Position> pos;
  std::string text;  // the position directive's text
  std::vector<std::string> legal;
  int legal_line = 0;
  std::vector<std::string> play;
  int play_line = 0;
};

class Runner {
 public:
  Runner(std::string path, std::shared_ptr<const Ruleset> rules, uint64_t perft_moves,
         const GoldenRulesLoader& with_options)
      : path_(std::move(path)),
        rules_(rules),
        defaults_(std::move(rules)),
        perft_moves_(perft_moves),
        with_options_(with_options) {}

  void line(int n, const std::string& raw) {
    std::string text = raw.substr(0, raw.find('#'));
    const std::vector<std::string> w = split(text);
    if (w.empty()) return;
    const std::string& word = w[0];
    // The legal lines before this one are complete: check them first, so that
    // failures come in the order of their lines.
    if (word != "legal") finish_legal();
    if (word == "options") return options_line(n, w);
    if (word == "position") {
      cur_ = Case{};
      if (!rules_) return fail(n, "position: no rules (the options line before it failed)");
      cur_.text = join(w, 1);
      auto pos = read_position_with_moves(rules_, cur_.text.empty() ? "startpos" : cur_.text);
      if (!pos) return fail(n, "position: " + pos.error().text());
      cur_.pos = std::move(*pos);
      return;
    }
    if (word != "legal" && word != "perft" && word != "play" && word != "result")
      return fail(
          n, "unknown directive '" + word + "' (options, position, legal, perft, play, result)");
    if (!cur_.pos)
      return fail(n, word + " without a position (no position line before it, or it failed)");
    if (word == "legal") {
      if (!cur_.legal_line) cur_.legal_line = n;
      const std::vector<std::string> moves = move_words(*rules_, w, true);
      cur_.legal.insert(cur_.legal.end(), moves.begin(), moves.end());
    } else if (word == "perft") {
      perft_line(n, w);
    } else if (word == "play") {
      cur_.play = move_words(*rules_, w, false);
      cur_.play_line = n;
      if (cur_.play.size() > static_cast<size_t>(kMaxRecordMoves)) {
        cur_.play.clear();
        return fail(
            n, "play: more than " + std::to_string(kMaxRecordMoves) + " moves (kMaxRecordMoves)");
      }
    } else {
      result_line(n, w);
    }
  }

  // A line past kMaxInputLine, read to its end and dropped.
  void too_long(int n) { fail(n, "a line longer than 1 MiB (kMaxInputLine)"); }

  GoldenReport finish() {
    finish_legal();
    return std::move(report_);
  }

 private:
  void fail(int n, const std::string& what) {
    ++report_.failed;
    report_.failures.push_back(Error{path_ + ":" + std::to_string(n), what});
  }
  void pass() { ++report_.passed; }

  // options NAME=VALUE ...: the script with these options for the cases that
  // follow; options alone: its defaults.
  void options_line(int n, const std::vector<std::string>& w) {
    cur_ = Case{};
    rules_ = defaults_;
    if (w.size() == 1) return;
    if (!with_options_) {
      rules_ = nullptr;
      return fail(n, "options: this run cannot load the script with options");
    }
    auto loaded = with_options_(std::vector<std::string>(w.begin() + 1, w.end()));
    if (!loaded) {
      rules_ = nullptr;
      return fail(n, "options: " + loaded.error().text());
    }
    rules_ = *loaded;
  }

  void finish_legal() {
    if (!cur_.legal_line || !cur_.pos) return;
    const std::string diff = move_difference(cur_.legal, legal_texts(*cur_.pos));
    if (diff.empty())
      pass();
    else
      fail(cur_.legal_line, "legal moves differ: " + diff);
    cur_.legal_line = 0;
    cur_.legal.clear();
  }

  void perft_line(int n, const std::vector<std::string>& w) {
    int depth = -1;
    uint64_t count = 0;
    try {
      if (w.size() != 3) throw std::invalid_argument("count");
      depth = std::stoi(w[1]);
      count = std::stoull(w[2]);
    } catch (const std::exception&) {
      return fail(n, "perft takes DEPTH COUNT");
    }
    if (depth < 0 || depth > kMaxPerftDepth) return fail(n, "perft depth out of range");
    Position pos = *cur_.pos;
    uint64_t got = 0;
    try {
      got = perft(pos, depth, perft_moves_);
    } catch (const RuleError& e) {
      return fail(n, "perft " + w[1] + ": " + e.error().text());
    }
    if (got == count)
      pass();
    else
      fail(n, "perft " + w[1] + ": expected " + w[2] + ", got " + std::to_string(got));
  }

  void result_line(int n, const std::vector<std::string>& w) {
    if (w.size() < 2) return fail(n, "result takes SCORE REASON (or *)");
    Game game(rules_, *cur_.pos);
    for (size_t i = 0; i < cur_.play.size(); ++i) {
      Expected<Turn> played = Error{};
      try {
        played = game.play_text(cur_.play[i]);
        // A move that reads like another is written with the sites it clears.
        if (!played && i + 1 < cur_.play.size() &&
            clears_word(*rules_, cur_.play[i], cur_.play[i + 1])) {
          size_t j = i;
          std::string joined = cur_.play[i];
          while (j + 1 < cur_.play.size() && clears_word(*rules_, joined, cur_.play[j + 1]))
            joined += " " + cur_.play[++j];
          if (auto again = game.play_text(joined)) {
            played = std::move(again);
            i = j;
          }
        }
      } catch (const RuleError& e) {
        played = e.error();
      }
      if (!played)
        return fail(
            cur_.play_line ? cur_.play_line : n,
            "move " + std::to_string(i + 1) + " (" + cur_.play[i] + "): " + played.error().what);
    }
    const std::string expected = join(w, 1);
    const std::string actual =
        game.over() ? record_result(game) + " " + game.result().reason : std::string("*");
    if (expected == actual)
      pass();
    else
      fail(n, "result: expected " + expected + ", got " + actual);
  }

  std::string path_;
  std::shared_ptr<const Ruleset> rules_;     // the cases' rules (null: options refused)
  std::shared_ptr<const Ruleset> defaults_;  // the script without options
  uint64_t perft_moves_;
  const GoldenRulesLoader& with_options_;
  Case cur_;
  GoldenReport report_;
};

}  // namespace

Expected<GoldenReport> run_golden_tests(const std::string& path,
                                        const std::shared_ptr<const Ruleset>& rules,
                                        uint64_t perft_moves,
                                        const GoldenRulesLoader& with_options) {
  std::ifstream in(path);
  if (!in) return Error{path, "cannot read the tests"};
  Runner runner(path, rules, perft_moves, with_options);
  std::string text;
  for (int n = 1;; ++n) {
    const LineRead r = read_input_line(in, text);
    if (r == LineRead::kEnd) break;
    if (r == LineRead::kTooLong)
      runner.too_long(n);
    else
      runner.line(n, text);
  }
  return runner.finish();
}

}  // namespace regula::cli
