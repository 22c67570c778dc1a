// What scripts say about how they are shown: grid shading, piece glyphs and
// the descriptions of options, as front ends read them from the presentation
// that travels beside the rules (formats/presentation.h).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "ai/settings.h"
#include "formats/presentation.h"
#include "notation/describe.h"
#include "script/loader.h"
#include "script_support.h"

namespace regula {
namespace {

using test_support::load;
using test_support::load_error;

const char* const kHead = R"(
  board = grid { width = 3, height = 3%s },
  pieces = { piece { name = "king", symbol = "K"%s, moves = { step { dirs = "all" } } } },
  setup = { white = { king = "a1" }, black = { king = "c3" } },
})";

std::string game(const std::string& board_extra, const std::string& piece_extra,
                 const std::string& before = "") {
  char buf[1024];
  std::snprintf(buf, sizeof buf, kHead, board_extra.c_str(), piece_extra.c_str());
  return before + "return game {\n  title = \"t\"," + buf;
}

// The loader gives every ruleset its presentation and AI settings, beside the
// rules; rules built without them (as tests build them) read as the defaults.
TEST(Presentation, TravelsBesideTheRulesAndDefaultsWhenAbsent) {
  auto a = load("beside_a", game("", ""));
  ASSERT_TRUE(a);
  ASSERT_NE(a->presentation, nullptr);
  ASSERT_NE(a->ai, nullptr);
  EXPECT_EQ(presentation_of(*a).title, "t");
  EXPECT_EQ(presentation_of(*a).glyphs.size(), a->types.size());
  Ruleset bare;
  EXPECT_EQ(presentation_of(bare).title, "");
  EXPECT_EQ(presentation_of(bare).notation, "long");
  EXPECT_EQ(presentation_of(bare).glyph(0, 0), "");
  EXPECT_FALSE(presentation_of(bare).san_without_letter(0));
  EXPECT_EQ(presentation_of(bare).pdn, nullptr);
  EXPECT_EQ(ai_settings(bare).material, 100);
}

// A seat's `turned`: its pieces drawn turned the way it faces (shogi's).
TEST(Presentation, ASeatsPiecesAreDrawnTurnedWhereTheScriptSays) {
  auto with_seats = [](const std::string& seats) {
    std::string text = game("", "");
    const std::string title = "title = \"t\",";
    return text.replace(text.find(title), title.size(), title + " seats = " + seats + ",");
  };
  auto r = load("turned", with_seats("{ { name = \"white\" }, "
                                     "{ name = \"black\", facing = \"south\", turned = true } }"));
  ASSERT_TRUE(r);
  EXPECT_FALSE(presentation_of(*r).turned[0]);
  EXPECT_TRUE(presentation_of(*r).turned[1]);
  EXPECT_EQ(describe_rules(*r).board[1],
            "seats: white (facing north) and black (facing south, its pieces drawn turned that "
            "way)");
  auto plain = load("turned_not", game("", ""));
  ASSERT_TRUE(plain);
  EXPECT_FALSE(presentation_of(*plain).turned[0]);
  EXPECT_FALSE(presentation_of(*plain).turned[1]);
  for (const char* name : {"shogi/shogi", "shogi/minishogi"}) {
    auto shogi = script::load_rules(name);
    ASSERT_TRUE(shogi) << name;
    EXPECT_TRUE(presentation_of(**shogi).turned[0]) << name;
    EXPECT_TRUE(presentation_of(**shogi).turned[1]) << name;
  }
  auto xiangqi = script::load_rules("chess/xiangqi");
  ASSERT_TRUE(xiangqi);
  EXPECT_FALSE(presentation_of(**xiangqi).turned[1]);
  Error bad = load_error("turned_bad", with_seats("{ { name = \"white\", turned = \"yes\" }, "
                                                  "\"black\" }"));
  EXPECT_NE(bad.what.find("a seat's turned must be true or false, not a string"), std::string::npos)
      << bad.what;
  Error number = load_error("turned_number", with_seats("{ \"white\", { name = \"black\", "
                                                        "turned = 1 } }"));
  EXPECT_NE(number.what.find("a seat's turned must be true or false, not a number"),
            std::string::npos)
      << number.what;
}

TEST(Presentation, GridsAreCheckeredUnlessTheScriptSaysNot) {
  auto plain = load("shade_default", game("", ""));
  ASSERT_TRUE(plain);
  EXPECT_TRUE(presentation_of(*plain).checkered);
  auto flat = load("shade_off", game(", checkered = false", ""));
  ASSERT_TRUE(flat);
  EXPECT_FALSE(presentation_of(*flat).checkered);
  auto chaturanga = script::load_rules("chaturanga/four-handed");
  ASSERT_TRUE(chaturanga);
  EXPECT_FALSE(presentation_of(*(*chaturanga)).checkered);
}

TEST(Presentation, GlyphsAreATextForEverySeatOrOnePerSeat) {
  auto one = load("glyph_one", game("", ", glyph = \"\u265A\""));
  ASSERT_TRUE(one);
  EXPECT_EQ(presentation_of(*one).glyph(0, 0), "\u265A");
  EXPECT_EQ(presentation_of(*one).glyph(0, 1), "\u265A");
  auto each = load("glyph_each", game("", ", glyph = { black = \"B\" }"));
  ASSERT_TRUE(each);
  EXPECT_EQ(presentation_of(*each).glyph(0, 0), "");
  EXPECT_EQ(presentation_of(*each).glyph(0, 1), "B");
  auto chess = script::load_rules("chess/orthodox");
  ASSERT_TRUE(chess);
  for (TypeId t = 0; t < static_cast<TypeId>((*chess)->types.size()); ++t)
    EXPECT_FALSE(presentation_of(**chess).glyph(t, 0).empty()) << (*chess)->types[t].name;
}

TEST(Presentation, AnSvgGlyphIsAFileBesideTheScript) {
  const auto dir = test_support::script_dir();
  std::ofstream(dir / "king.svg") << "<svg xmlns='http://www.w3.org/2000/svg'/>";
  auto r = load("glyph_svg", game("", ", glyph = \"king.svg\""));
  ASSERT_TRUE(r);
  EXPECT_EQ(std::filesystem::path(presentation_of(*r).glyph(0, 0)),
            std::filesystem::absolute(dir / "king.svg"));
  Error missing = load_error("glyph_missing", game("", ", glyph = \"queen.svg\""));
  EXPECT_NE(missing.what.find("glyph file 'queen.svg' not found"), std::string::npos)
      << missing.what;
  Error out = load_error("glyph_out", game("", ", glyph = \"../x.svg\""));
  EXPECT_NE(out.what.find("leaves the script's folder"), std::string::npos) << out.what;
  Error seat = load_error("glyph_seat", game("", ", glyph = { red = \"R\" }"));
  EXPECT_NE(seat.what.find("red"), std::string::npos) << seat.what;
  Error empty = load_error("glyph_empty", game("", ", glyph = \"\""));
  EXPECT_NE(empty.what.find("1 to 256 bytes"), std::string::npos) << empty.what;
}

// A drawing bundled with the front end is named by its set and name; the
// compiler keeps the name as it is and checks its form.
TEST(Presentation, ABundledGlyphIsNamedBySetAndName) {
  auto r = load("glyph_bundled", game("", ", glyph = \":pieces/chess/king.svg\""));
  ASSERT_TRUE(r);
  EXPECT_EQ(presentation_of(*r).glyph(0, 0), ":pieces/chess/king.svg");
  EXPECT_EQ(presentation_of(*r).glyph(0, 1), ":pieces/chess/king.svg");
  for (const char* bad : {":pieces/king.svg", ":pieces/chess/King.svg", ":pieces//king.svg",
                          ":pieces/chess/", ":pieces/chess/king.png", ":pieces/../x/king.svg"}) {
    Error e = load_error("glyph_bundled_bad", game("", std::string(", glyph = \"") + bad + "\""));
    EXPECT_EQ(e.what, std::string("glyph '") + bad +
                          "' must name a bundled drawing as :pieces/<set>/<name>.svg "
                          "(lower-case letters, digits and hyphens)")
        << bad;
  }
}

TEST(Presentation, OptionsCarryTheirOneLineDescription) {
  auto r = load("described", game("", "",
                                  "local k = option(\"kings\", { \"one\", \"two\" }, \"one\", "
                                  "\"how many kings each side has\")\n"));
  ASSERT_TRUE(r);
  ASSERT_EQ(presentation_of(*r).option_descriptions.size(), 1u);
  EXPECT_EQ(presentation_of(*r).option_descriptions[0], "how many kings each side has");
  Error bad = load_error("described_bad",
                         game("", "", "local k = option(\"kings\", { \"one\" }, \"one\", 5)\n"));
  EXPECT_NE(bad.what.find("description (argument 4) must be a string"), std::string::npos)
      << bad.what;
  Error two = load_error("described_two", game("", "",
                                               "local k = option(\"kings\", { \"one\" }, \"one\", "
                                               "\"a\\nb\")\n"));
  EXPECT_NE(two.what.find("one line"), std::string::npos) << two.what;
  Error long_one =
      load_error("described_long", game("", "",
                                        "local k = option(\"kings\", { \"one\" }, \"one\", "
                                        "string.rep(\"x\", 301))\n"));
  EXPECT_NE(long_one.what.find("kMaxOptionDescription"), std::string::npos) << long_one.what;
}

TEST(Presentation, TheRulesListTheFilesTheyWereReadFrom) {
  auto r = script::load_rules("mill/ishikulu");
  ASSERT_TRUE(r);
  ASSERT_EQ((*r)->files.size(), 2u);
  EXPECT_EQ(std::filesystem::path((*r)->files[0]).filename(), "ishikulu.lua");
  EXPECT_EQ(std::filesystem::path((*r)->files[1]).filename(), "common.lua");
  EXPECT_TRUE(std::filesystem::path((*r)->files[1]).is_absolute());
}

TEST(Presentation, EveryBundledOptionIsDescribed) {
  int options = 0;
  for (const auto& info : script::bundled_scripts()) {
    auto r = script::load_rules(info.name);
    ASSERT_TRUE(r) << r.error().text();
    ASSERT_EQ(presentation_of(*(*r)).option_descriptions.size(), (*r)->declared_options.size());
    for (size_t i = 0; i < (*r)->declared_options.size(); ++i, ++options)
      EXPECT_FALSE(presentation_of(*(*r)).option_descriptions[i].empty())
          << info.name << ": " << (*r)->declared_options[i].first;
  }
  EXPECT_GT(options, 10);
}

// The New game dialog shows what each bundled game is in the script's own words:
// a sentence or two, never the fallback of the board and its ends in words.
TEST(Presentation, EveryBundledScriptDescribesItself) {
  const auto scripts = script::bundled_scripts();
  EXPECT_GT(scripts.size(), 30u);
  for (const auto& info : scripts) {
    auto r = script::load_rules(info.name);
    ASSERT_TRUE(r) << r.error().text();
    const std::string& description = presentation_of(*(*r)).description;
    EXPECT_FALSE(description.empty()) << info.name;
    EXPECT_LE(description.size(), 240u) << info.name;
    EXPECT_TRUE(description.ends_with('.')) << info.name << ": " << description;
  }
}

}  // namespace
}  // namespace regula
