// End-to-end tests of `riichi score` (runs the built CLI; RIICHI_CLI_PATH is its path).
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"

namespace {

using riichi::testing::CliRun;
using riichi::testing::contains;
using riichi::testing::run_cli;

const std::string kExample =
    "\"closed=33m123m123s456s78s win=9s tsumo seat=S round=E flags=riichi\"";

TEST(CliScore, ExplainsRiichiTsumoPinfuIttsuMangan) {
  const CliRun r = run_cli("score " + kExample);
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "riichi"));
  EXPECT_TRUE(contains(r.out, "menzen tsumo"));
  EXPECT_TRUE(contains(r.out, "pinfu"));
  EXPECT_TRUE(contains(r.out, "ittsu"));
  EXPECT_TRUE(contains(r.out, "mangan"));
  EXPECT_TRUE(contains(r.out, "2000/4000"));
  EXPECT_TRUE(contains(r.out, "5 han"));
}

TEST(CliScore, ExplainFlagIsAccepted) {
  const CliRun r = run_cli("score --explain " + kExample);
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "2000/4000"));
}

TEST(CliScore, JsonHasTheFields) {
  const CliRun r = run_cli("score --json " + kExample, /*merge_stderr=*/false);
  SCOPED_TRACE(r.out);
  ASSERT_EQ(r.status, 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("han"), 5);
  EXPECT_TRUE(j.at("fu").is_number());
  ASSERT_TRUE(j.at("yaku").is_array());
  int han = 0;
  bool has_ittsu = false;
  for (const auto& y : j.at("yaku")) {
    han += y.at("han").get<int>();
    has_ittsu = has_ittsu || y.at("name") == "ittsu";
  }
  EXPECT_EQ(han, 5);
  EXPECT_TRUE(has_ittsu);
  ASSERT_TRUE(j.at("fu_items").is_array());
  for (const auto& f : j.at("fu_items")) {
    EXPECT_TRUE(f.at("name").is_string());
    EXPECT_TRUE(f.at("fu").is_number());
  }
  EXPECT_EQ(j.at("dora"), 0);
  EXPECT_EQ(j.at("ura"), 0);
  EXPECT_EQ(j.at("red"), 0);
  EXPECT_EQ(j.at("limit"), "mangan");
  EXPECT_EQ(j.at("payments").at("dealer"), 4000);
  EXPECT_EQ(j.at("payments").at("non_dealer"), 2000);
  const auto& d = j.at("payments").at("deltas");
  EXPECT_EQ(d.at("E"), -4000);
  EXPECT_EQ(d.at("S"), 8000);
  EXPECT_EQ(d.at("W"), -2000);
  EXPECT_EQ(d.at("N"), -2000);
  EXPECT_EQ(j.at("total"), 8000);
  EXPECT_TRUE(j.at("reading").is_string());
  EXPECT_FALSE(j.contains("error"));
}

TEST(CliScore, JsonRonAndDealerTsumoPayments) {
  const CliRun ron =
      run_cli("score --json \"closed=33m123m123s456s78s win=9s ron seat=S flags=riichi\"", false);
  ASSERT_EQ(ron.status, 0) << ron.out;
  const nlohmann::json jr = nlohmann::json::parse(ron.out);
  EXPECT_EQ(jr.at("payments").at("ron"), 7700);  // RULES §8.4 #2
  EXPECT_TRUE(jr.at("limit").is_null());
  const CliRun dealer =
      run_cli("score --json \"closed=33m123m123s456s78s win=9s tsumo seat=E flags=riichi\"", false);
  ASSERT_EQ(dealer.status, 0) << dealer.out;
  EXPECT_EQ(nlohmann::json::parse(dealer.out).at("payments").at("each"), 4000);
}

TEST(CliScore, JsonYakumanItem) {
  const CliRun r = run_cli("score --json \"closed=333m222p444p33s88s win=8s tsumo\"", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const nlohmann::json j = nlohmann::json::parse(r.out);
  ASSERT_FALSE(j.at("yaku").empty());
  EXPECT_EQ(j.at("yaku")[0].at("yakuman"), 1);
  EXPECT_EQ(j.at("payments").at("dealer"), 16000);  // RULES §8.4 #4
}

TEST(CliScore, PaoShowsWhoPays) {
  const CliRun r = run_cli(
      "score \"closed=123m4p melds=[p555z p666z p777z] win=4p ron seat=S from=W pao=N honba=1\"");
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "16300"));  // RULES §8.4: discarder pays half + counters
  EXPECT_TRUE(contains(r.out, "16000"));  // the liable player pays half
  EXPECT_TRUE(contains(r.out, "32300"));
}

TEST(CliScore, BadVectorExits2WithPositionAndCaret) {
  const CliRun r = run_cli("score \"closed=33m123m123s456s78s win=9s ron seat=X\"");
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "error: position 43:"));
  EXPECT_TRUE(contains(r.out, std::string(2 + 42, ' ') + "^"));
}

TEST(CliScore, BadVectorJsonHasPosition) {
  const CliRun r =
      run_cli("score --json \"closed=33m123m123s456s78s win=9s ron colour=red\"", false);
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 2);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j.at("position"), 37);
  EXPECT_TRUE(j.at("error").is_string());
}

TEST(CliScore, BadRulesExits2) {
  const CliRun r = run_cli("score --rules nosuchpreset " + kExample);
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "ema2016"));  // the error lists what is accepted
}

TEST(CliScore, RulesOverrideApplies) {
  // RULES §7: open tanyao is no yaku with open_tanyao=false (kuitan nashi) -> not a valid win.
  const std::string v = "\"closed=234m567p23s55m melds=[c678s] win=4s ron seat=S\"";
  EXPECT_EQ(run_cli("score --rules tenhou " + v).status, 0);
  const CliRun r = run_cli("score --rules ema2016,open_tanyao=false " + v);
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.out, "yaku"));
}

TEST(CliScore, NoValidWinExits1) {
  const CliRun r = run_cli("score \"closed=234m567p23s789s55m win=9s ron\"");
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 1);
  EXPECT_TRUE(contains(r.out, "not_complete") || contains(r.out, "not complete"));
  const CliRun j = run_cli("score --json \"closed=234m567p23s789s55m win=9s ron\"", false);
  EXPECT_EQ(j.status, 1);
  EXPECT_TRUE(nlohmann::json::parse(j.out).at("error").is_string());
}

TEST(CliScore, HelpHasAnExample) {
  const CliRun r = run_cli("score --help");
  SCOPED_TRACE(r.out);
  EXPECT_EQ(r.status, 0);
  EXPECT_TRUE(contains(r.out, "--rules"));
  EXPECT_TRUE(contains(r.out, "Example"));
  EXPECT_TRUE(contains(r.out, "closed="));
}

}  // namespace
