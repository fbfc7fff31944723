// `riichi analyze --ev`: the hand value per discard (docs/eval.md), text and JSON, and bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"

namespace riichi {
namespace {

using testing::contains;
using testing::run_cli;

// The first example hand of ../shared/ev-reference (hand 0): discarding 2z leaves a chiitoitsu
// tanki on 5m; the calculator gives win 0.370278 and 5924.46 points at turn 1, 0.0288462 and
// 461.538 at turn 17 (3 live 5m over 121 - 17 = 104 tiles: 3/104; baiman 16000 x 3/104).
TEST(CliAnalyzeEv, ReferenceJson) {
  const auto r = run_cli(
      "analyze 0112233m1125577z --ev --model reference --dora 4p --seat N --round S --json", false);
  ASSERT_EQ(r.status, 0) << r.out;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.contains("ev_time_ms"));
  EXPECT_EQ(j["ev_model"], "reference");
  const auto& first = j["discards"][0];
  EXPECT_EQ(first["tile"], "2z");
  EXPECT_EQ(first["shanten"], 0);
  EXPECT_EQ(first["ukeire_total"], 3);
  const auto& ev = first["ev"];
  EXPECT_NEAR(ev["win_prob"].get<double>(), 0.370278, 5e-7);
  EXPECT_NEAR(ev["exp_score"].get<double>(), 5924.46, 5e-3);
  EXPECT_EQ(ev["tenpai_prob"].get<double>(), 1.0);
  ASSERT_EQ(ev["win_prob_by_turn"].size(), 19u);
  ASSERT_EQ(ev["exp_score_by_turn"].size(), 19u);
  ASSERT_EQ(ev["tenpai_prob_by_turn"].size(), 19u);
  EXPECT_NEAR(ev["win_prob_by_turn"][17].get<double>(), 3.0 / 104, 1e-12);
  EXPECT_NEAR(ev["exp_score_by_turn"][17].get<double>(), 3.0 / 104 * 16000, 1e-8);
  // Best first by expected score at the turn.
  for (std::size_t i = 1; i < j["discards"].size(); ++i)
    EXPECT_GE(j["discards"][i - 1]["ev"]["exp_score"].get<double>(),
              j["discards"][i]["ev"]["exp_score"].get<double>());
}

TEST(CliAnalyzeEv, RedAndPlainFiveAreTwoDiscards) {
  const auto r =
      run_cli("analyze 0556m123p456s789s1z --ev --model reference --dora 1z --json", false);
  ASSERT_EQ(r.status, 0) << r.out;
  int red = 0, plain = 0;
  const auto j = nlohmann::json::parse(r.out);
  for (const auto& d : j["discards"]) {
    red += d["tile"] == "0m";
    plain += d["tile"] == "5m";
  }
  EXPECT_EQ(red, 1);
  EXPECT_EQ(plain, 1);
}

TEST(CliAnalyzeEv, TextTableAtATurn) {
  const auto r = run_cli("analyze 234567m234p22s34s5p --ev --turn 6 --dora 1z");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "turn 6 (12 draws left)")) << r.out;
  EXPECT_TRUE(contains(r.out, "exp.score")) << r.out;
  EXPECT_TRUE(contains(r.out, "model default")) << r.out;
}

TEST(CliAnalyzeEv, BadInputExitsTwo) {
  for (const char* args :
       {"analyze 123456789m123p5s --ev",  // 13 tiles: nothing to discard
        "analyze 123456789m123p5s7z --ev --turn 19", "analyze 123456789m123p5s7z --ev --turn -1",
        "analyze 123456789m123p5s7z --ev --visible 5s5s5s5s",
        "analyze 123456789m123p5s7z --ev --seat X", "analyze 123456789m123p5s7z --ev --model best",
        "analyze 123456789m123p5s7z --ev --rules nosuch",
        "analyze 123456789m123p5s7z --ev --dora 1x",
        "analyze 123456789m123p0s7z --ev --rules ema2016"}) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.status, 2) << args << "\n" << r.out;
    EXPECT_TRUE(contains(r.out, "error")) << args << "\n" << r.out;
  }
}

}  // namespace
}  // namespace riichi
