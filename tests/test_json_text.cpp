// The JSON and UTF-8 helpers every reader and writer uses (src/io/json_text.hpp, issue 21):
// nesting limits with a clear error, dumps that survive invalid UTF-8, names cut on character
// boundaries, integers that never wrap around.
#include <gtest/gtest.h>

#include <string>

#include "io/json_text.hpp"
#include "table.hpp"

namespace riichi {
namespace {

using nlohmann::json;

std::string nested(int depth) { return std::string(depth, '[') + std::string(depth, ']'); }

TEST(JsonText, NestingDeeperThanTheLimitIsRefusedNamingTheByte) {
  EXPECT_NO_THROW(io::parse_json(nested(io::kMaxJsonDepth)));
  try {
    io::parse_json(nested(io::kMaxJsonDepth + 1));
    FAIL() << "a document nested 65 deep was accepted";
  } catch (const io::JsonInputError& e) {
    EXPECT_EQ(e.byte(), 64u);  // the 65th '['
    EXPECT_NE(std::string(e.what()).find("nested deeper than 64 levels"), std::string::npos)
        << e.what();
  }
  // 2 MB of '[' (the crash of the security pass) is refused at once, without recursion.
  EXPECT_THROW(io::parse_json(std::string(2'000'000, '[')), io::JsonInputError);
  // Brackets inside strings do not count; escaped quotes do not end a string.
  EXPECT_NO_THROW(io::parse_json(R"({"a":"[[[[[\"[[[[","b":[1]})"));
  EXPECT_EQ(io::json_depth_violation(R"(["\\", [[]]])", 2), 8u);
}

TEST(JsonText, SyntaxErrorsNameTheirPlace) {
  try {
    io::parse_json("{\"a\": tru}");
    FAIL();
  } catch (const io::JsonInputError& e) {
    EXPECT_NE(std::string(e.what()).find("bad JSON: line 1, column"), std::string::npos)
        << e.what();
  }
  std::string error;
  EXPECT_FALSE(io::try_parse_json("\"\xff\"", &error));  // invalid UTF-8 inside a string
  EXPECT_NE(error.find("bad JSON"), std::string::npos) << error;
  EXPECT_FALSE(io::try_parse_json("", &error));
}

TEST(JsonText, DumpReplacesInvalidUtf8InsteadOfThrowing) {
  const json j = {{"name", std::string("ab\xe3\x81")}, {"ok", "\xe3\x81\x82"}};
  EXPECT_THROW((void)j.dump(), json::type_error);  // what used to stop the server
  EXPECT_EQ(io::dump_json(j), "{\"name\":\"ab\xef\xbf\xbd\",\"ok\":\"\xe3\x81\x82\"}");
  const nlohmann::ordered_json o = {{"z", std::string("\xff")}};
  EXPECT_EQ(io::dump_json(o), "{\"z\":\"\xef\xbf\xbd\"}");
  EXPECT_EQ(io::dump_json(json{{"a", 1}}, 2), "{\n  \"a\": 1\n}");
}

TEST(JsonText, Utf8Validation) {
  std::size_t bad = 99;
  EXPECT_TRUE(io::is_valid_utf8("plain \xe6\x9d\xb1 \xf0\x9f\x80\x84"));  // 東 🀄
  EXPECT_FALSE(io::is_valid_utf8("ab\xc0\xaf", &bad));                    // overlong '/'
  EXPECT_EQ(bad, 2u);
  EXPECT_FALSE(io::is_valid_utf8("\xed\xa0\x80"));      // a surrogate
  EXPECT_FALSE(io::is_valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(io::is_valid_utf8("\xe3\x81"));          // cut
  EXPECT_EQ(io::sanitize_utf8("a\xff"
                              "b\xe3\x81"),
            "a\xef\xbf\xbd"
            "b\xef\xbf\xbd\xef\xbf\xbd");
}

// Every byte cut of a Japanese name and of an emoji name, whole characters kept.
TEST(JsonText, NamesAreCutOnCharacterBoundariesAtEveryByte) {
  const std::string japanese = "\xe5\xa4\xa9\xe9\xb3\xb3\xe9\x9b\x80\xe8\x8d\x98";  // 天鳳雀荘
  const std::string emoji = "\xf0\x9f\x80\x84\xf0\x9f\x91\x8d\xf0\x9f\x8f\xbd";     // 🀄👍🏽
  for (const std::string& name : {japanese, emoji}) {
    for (std::size_t cut = 0; cut <= name.size(); ++cut) {
      const std::string raw = name.substr(0, cut);
      for (std::size_t chars = 0; chars <= 5; ++chars) {
        const std::string p = io::utf8_prefix(raw, chars);
        EXPECT_TRUE(io::is_valid_utf8(p)) << cut << " " << chars;
        EXPECT_LE(io::utf8_length(p), chars);
      }
      const std::string shown = server::display_name(raw);
      EXPECT_TRUE(io::is_valid_utf8(shown)) << cut;
      EXPECT_NO_THROW((void)json(shown).dump());
    }
  }
  // A 14-character Japanese name (42 bytes) is kept whole; 50 emoji are cut to 40 characters.
  std::string fourteen;
  for (int i = 0; i < 14; ++i) fourteen += "\xe9\xba\xbb";  // 麻
  EXPECT_EQ(server::display_name(fourteen), fourteen);
  std::string many;
  for (int i = 0; i < 50; ++i) many += "\xf0\x9f\x80\x84";
  EXPECT_EQ(io::utf8_length(server::display_name(many)), server::kMaxNameChars);
  EXPECT_EQ(server::display_name("  Al\nice\x7f "), "Alice");
}

TEST(JsonText, IntegersOutOfRangeNeverWrapAround) {
  EXPECT_EQ(io::int_in_range(json(3), 0, 3), 3);
  EXPECT_EQ(io::int_in_range(json(-1), -1, 3), -1);
  EXPECT_FALSE(io::int_in_range(json(4294967296ull + 2), 0, 3));  // 2^32 + 2 is not 2
  EXPECT_FALSE(io::int_in_range(json(18446744073709551615ull), 0, 3));
  EXPECT_FALSE(io::int_in_range(json(2.0), 0, 3));
  EXPECT_FALSE(io::int_in_range(json("1"), 0, 3));
}

}  // namespace
}  // namespace riichi
