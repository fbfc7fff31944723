// Every CLI command that takes --rules accepts the presets mahjongsoul, mleague and wrc
// (docs/rules-presets.md); runs the built CLI.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_run.hpp"

namespace {

using riichi::testing::CliRun;
using riichi::testing::contains;
using riichi::testing::run_cli;

constexpr const char* kNewPresets[] = {"mahjongsoul", "mleague", "wrc"};

// Riichi, pinfu, tanyao and one dora: 4 han 30 fu, 7700 without and 8000 with kiriage mangan
// (M.League "7700 is rounded up"; WRC "mangan rounding up").
TEST(CliPresets, ScoreKiriageMangan) {
  const std::string v = "\"closed=234m567p23s678s55m win=4s ron seat=S flags=riichi dora=1m\"";
  for (const auto& [rules, total] :
       {std::pair{"mleague", 8000}, {"wrc", 8000}, {"tenhou", 7700}, {"mahjongsoul", 7700}}) {
    const CliRun r = run_cli(std::string("score --json --rules ") + rules + " " + v, false);
    ASSERT_EQ(r.status, 0) << rules << r.out;
    EXPECT_EQ(nlohmann::json::parse(r.out).at("total"), total) << rules;
  }
}

TEST(CliPresets, HelpListsEveryPreset) {
  for (const char* command : {"score", "selfplay", "arena", "analyze"}) {
    const CliRun r = run_cli(std::string(command) + " --help");
    EXPECT_EQ(r.status, 0) << command;
    for (const char* preset : kNewPresets)
      EXPECT_TRUE(contains(r.out, preset)) << command << " --help lacks " << preset;
  }
}

TEST(CliPresets, SelfplayReplayArenaAnalyze) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("riichi_cli_presets_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* preset : kNewPresets) {
    SCOPED_TRACE(preset);
    const std::string record = (dir / (std::string(preset) + ".jsonl")).string();
    const CliRun play = run_cli(std::string("selfplay --rules ") + preset +
                                " --bots greedy --seed 3 --record '" + record + "'");
    ASSERT_EQ(play.status, 0) << play.out;
    EXPECT_TRUE(contains(play.out, std::string("rules ") + preset)) << play.out;
    const CliRun again = run_cli("replay --quiet '" + record + "'");
    EXPECT_EQ(again.status, 0) << again.out;
    const CliRun arena =
        run_cli(std::string("arena --rules ") + preset +
                    " --bots greedy,random,greedy,random --games 2 --seed 1 --json",
                false);
    ASSERT_EQ(arena.status, 0) << arena.out;
    EXPECT_EQ(nlohmann::json::parse(arena.out).at("rules"), preset);
    const CliRun ev =
        run_cli(std::string("analyze 1122335m1125577z --ev --dora 4p --seat N --round S --rules ") +
                preset);
    EXPECT_EQ(ev.status, 0) << ev.out;
  }
  std::filesystem::remove_all(dir);
}

// Three players (issue 20): both sanma presets in selfplay (three seats named with their winds
// over East, South, West: no P3 row, nobody North), replay, arena with three bot names, analyze.
TEST(CliPresets, SanmaPresetsInEveryCommand) {
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("riichi_cli_sanma_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  for (const char* preset : {"tenhou_sanma", "mahjongsoul_sanma"}) {
    SCOPED_TRACE(preset);
    EXPECT_TRUE(contains(run_cli("selfplay --help").out, preset));
    const std::string record = (dir / (std::string(preset) + ".jsonl")).string();
    const CliRun play = run_cli(std::string("selfplay --rules ") + preset +
                                " --bots greedy --seed 3 --record '" + record + "'");
    ASSERT_EQ(play.status, 0) << play.out;
    EXPECT_FALSE(contains(play.out, "P3")) << play.out;
    EXPECT_FALSE(contains(play.out, "(N)")) << play.out;  // no seat is North with three
    EXPECT_TRUE(contains(play.out, "(W)")) << play.out;
    EXPECT_EQ(run_cli("replay --quiet '" + record + "'").status, 0);
    const CliRun arena = run_cli(std::string("arena --rules ") + preset +
                                     " --bots greedy,random,defensive --games 3 --seed 1 --json",
                                 false);
    ASSERT_EQ(arena.status, 0) << arena.out;
    EXPECT_EQ(nlohmann::json::parse(arena.out).at("rules"), preset);
    const CliRun four = run_cli(std::string("arena --rules ") + preset +
                                " --bots greedy,random,greedy,random --games 3");
    EXPECT_EQ(four.status, 2) << four.out;  // four names for three seats
    const CliRun ev = run_cli(
        std::string("analyze 19m1125577p1123z4z --ev --dora 4p --seat W --rules ") + preset);
    EXPECT_EQ(ev.status, 0) << ev.out;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
