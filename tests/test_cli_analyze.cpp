// End-to-end tests of `riichi analyze` (the "done when" examples among them).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

#include "cli_run.hpp"

namespace riichi {
namespace {

using testing::contains;
using testing::run_cli;

TEST(CliAnalyze, SevenTileHandWithImpliedMeldsWaitsOn147p) {
  const auto r = run_cli("analyze 23456p99s");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "tenpai")) << r.out;
  for (const char* tile : {"1p", "4p", "7p"}) EXPECT_TRUE(contains(r.out, tile)) << r.out;
  EXPECT_TRUE(contains(r.out, "ryanmen")) << r.out;
}

TEST(CliAnalyze, JsonNineGates) {
  const auto r = run_cli("analyze --json 1112345678999m", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["shanten"], 0);
  std::set<std::string> tiles;
  for (const auto& w : j["waits"]) tiles.insert(w["tile"].get<std::string>());
  EXPECT_EQ(tiles, (std::set<std::string>{"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"}));
  // RULES.md remaining counts: 4 minus the copies held (1m and 9m held 3 times).
  EXPECT_EQ(j["waits"][0]["remaining"], 1);
  EXPECT_EQ(j["waits"][1]["remaining"], 3);
  EXPECT_EQ(j["waits_total"], 1 + 3 * 7 + 1);
}

TEST(CliAnalyze, JsonDiscardTable) {
  const auto r = run_cli("analyze --json 239m45p123s456s99s1z", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["shanten"], 1);
  ASSERT_FALSE(j["discards"].empty());
  // Discarding 9m or 1z keeps 1-shanten with 1m 4m 3p 6p: 16 tiles; kind order breaks the tie.
  EXPECT_EQ(j["discards"][0]["tile"], "9m");
  EXPECT_EQ(j["discards"][0]["shanten"], 1);
  EXPECT_EQ(j["discards"][0]["ukeire_total"], 16);
  EXPECT_EQ(j["discards"][1]["tile"], "1z");
}

TEST(CliAnalyze, JsonUkeireWhenNotTenpai) {
  const auto r = run_cli("analyze --json 23m45p123s456s99s1z", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["shanten"], 1);
  EXPECT_EQ(j["ukeire_total"], 16);
  EXPECT_EQ(j["ukeire"].size(), 4u);
}

TEST(CliAnalyze, VisibleTilesLowerRemaining) {
  const auto r = run_cli("analyze --json 23456p99s123m456s --visible 1p1p1p", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["waits"][0]["tile"], "1p");
  EXPECT_EQ(j["waits"][0]["remaining"], 1);
}

TEST(CliAnalyze, MalformedInputExitsTwoWithPosition) {
  for (const char* bad : {"12m8z", "11111m123p456p789p", "1m2", "123m!", "''", "123m"}) {
    const auto r = run_cli(std::string("analyze ") + bad);
    EXPECT_EQ(r.status, 2) << bad << ": " << r.out;
    EXPECT_TRUE(contains(r.out, "error")) << bad << ": " << r.out;
  }
  const auto r = run_cli("analyze 12m8z");
  EXPECT_TRUE(contains(r.out, "position 4")) << r.out;
  // The hand holds one 4p: four more visible would make five.
  const auto v = run_cli("analyze 23456p99s123m456s --visible 4p4p4p4p");
  EXPECT_EQ(v.status, 2) << v.out;
  EXPECT_TRUE(contains(v.out, "more than four copies of 4p")) << v.out;
}

TEST(CliAnalyze, Help) {
  const auto r = run_cli("analyze --help");
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "--visible")) << r.out;
  EXPECT_TRUE(contains(r.out, "--json")) << r.out;
  const auto top = run_cli("--help");
  EXPECT_EQ(top.status, 0);
  EXPECT_TRUE(contains(top.out, "analyze")) << top.out;
  EXPECT_TRUE(contains(top.out, "score")) << top.out;
}

}  // namespace
}  // namespace riichi
