// Complete legal-move lists in hand-made Jetan middlegames, one list per reading,
// from tests/data/jetan_middlegames.txt: a hemmed-in Dwar with one way out, a
// Thoat among pieces, a Princess among threats, an open escape, Princess captures.
// The engine must produce each list exactly, and so must the independent
// brute-force generator of jetan_support.h, so the golden lists are not merely
// the engine's own output.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "jetan_support.h"
#include "notation/move_text.h"
#include "notation/position_string.h"

namespace regula::jetan_test {
namespace {

struct Middlegame {
  std::string name;
  std::string position;
  std::vector<std::pair<std::string, std::set<std::string>>> lists;  // reading -> moves
};

std::vector<Middlegame> read_middlegames() {
  std::ifstream in(REGULA_TEST_DATA "/jetan_middlegames.txt");
  EXPECT_TRUE(in) << "cannot open jetan_middlegames.txt";
  std::vector<Middlegame> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string head;
    words >> head;
    if (head == "position") {
      Middlegame m;
      words >> m.name;
      std::getline(words, m.position);
      m.position.erase(0, m.position.find_first_not_of(' '));
      out.push_back(m);
    } else if (!out.empty() && head.back() == ':') {
      std::set<std::string> moves;
      for (std::string w; words >> w;) moves.insert(w);
      out.back().lists.emplace_back(head.substr(0, head.size() - 1), moves);
    }
  }
  return out;
}

// Move text with the label joined by '_' so that a list is one word per move.
std::set<std::string> engine_list(Position& pos) {
  MoveList ml;
  legal_moves(pos, ml);
  std::set<std::string> out;
  for (const Move& m : ml) {
    std::string t = regula::move_text(pos, m);
    for (char& c : t)
      if (c == ' ') c = '_';
    out.insert(t);
  }
  return out;
}

std::set<std::string> brute_list(const Position& pos, const brute::Reading& rd) {
  std::set<std::string> out;
  for (std::string t : brute::move_set(brute::from_position(pos), rd)) {
    t.erase(t.find('-'), 1);
    for (char& c : t)
      if (c == ' ') c = '_';
    out.insert(t);
  }
  return out;
}

brute::Reading reading_of(const std::string& script) {
  brute::Reading rd;
  if (script == "burroughs-appendix") rd.thoat_either_jump = false;
  if (script.rfind("cazaux", 0) == 0) rd.bold = true;
  if (script == "cazaux-continue") rd.chief_continue = true;
  return rd;
}

TEST(JetanMiddlegames, EveryReadingGivesExactlyTheListedMoves) {
  auto games = read_middlegames();
  ASSERT_EQ(games.size(), 5u);
  for (const Middlegame& g : games) {
    ASSERT_EQ(g.lists.size(), 5u) << g.name;
    for (const auto& [script, expected] : g.lists) {
      auto rules = load(script);
      ASSERT_TRUE(rules) << script;
      auto pos = read_position(rules, g.position);
      ASSERT_TRUE(pos) << g.name << ": " << pos.error().text();
      EXPECT_EQ(engine_list(*pos), expected) << g.name << " under " << script;
      EXPECT_EQ(brute_list(*pos, reading_of(script)), expected) << g.name << " under " << script;
    }
  }
}

TEST(JetanMiddlegames, TheReadingsDifferWhereTheyShould) {
  auto games = read_middlegames();
  auto list = [&](const std::string& name, const std::string& script) {
    for (const auto& g : games)
      if (g.name == name)
        for (const auto& [s, moves] : g.lists)
          if (s == script) return moves;
    ADD_FAILURE() << name << " " << script;
    return std::set<std::string>{};
  };
  // The Appendix Thoat steps straight first onto an empty square; the others jump.
  auto jumping = list("thoat-hemmed", "burroughs"),
       appendix = list("thoat-hemmed", "burroughs-appendix");
  EXPECT_TRUE(jumping.count("e5c6") && !appendix.count("e5c6"));
  // Cazaux's Princess may take the Panthan beside her and stand on threatened squares.
  auto timid = list("princess-threatened", "burroughs"),
       bold = list("princess-threatened", "cazaux");
  EXPECT_TRUE(bold.count("e5d6") && !timid.count("e5d6"));
  EXPECT_TRUE(bold.count("e5e6") && !timid.count("e5e6"));
  // Her escape is spent there; Orange's is open in escape-open.
  for (const auto& m : timid) EXPECT_EQ(m.find("escape"), std::string::npos) << m;
  EXPECT_TRUE(list("escape-open", "burroughs").count("e9a1_escape"));
}

}  // namespace
}  // namespace regula::jetan_test
