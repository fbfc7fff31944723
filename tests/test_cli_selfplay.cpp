// End-to-end tests of `riichi selfplay` and `riichi replay` (runs the built CLI).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "text_lines.hpp"

namespace {

using riichi::testing::CliRun;
using riichi::testing::contains;
using riichi::testing::run_cli;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
}

using riichi::testing::join_lines;
using riichi::testing::split_lines;

class CliSelfplay : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(::testing::TempDir()) /
           ("riichi_cli_selfplay_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::filesystem::path dir_;
};

TEST_F(CliSelfplay, SelfplayThenReplay) {
  const std::string r = path("r.jsonl");
  const auto play = run_cli("selfplay --seed 7 --games 3 --record '" + r + "'");
  SCOPED_TRACE(play.out);
  ASSERT_EQ(play.status, 0);
  EXPECT_TRUE(contains(play.out, "== Game 1 of 3: seed 7"));
  EXPECT_TRUE(contains(play.out, "== Game 3 of 3: seed 9"));
  EXPECT_TRUE(contains(play.out, "East 1, 0 honba"));
  EXPECT_TRUE(contains(play.out, "scores:"));
  EXPECT_TRUE(contains(play.out, "Final table"));
  EXPECT_TRUE(contains(play.out, "uma"));
  const auto again = run_cli("replay '" + r + "'");
  SCOPED_TRACE(again.out);
  EXPECT_EQ(again.status, 0);
  EXPECT_TRUE(contains(again.out, "OK: 3 games"));
  EXPECT_TRUE(contains(again.out, "every event and score matches"));
}

TEST_F(CliSelfplay, SameSeedSameBytes) {
  const std::string a = path("a.jsonl"), b = path("b.jsonl"), c = path("c.jsonl");
  ASSERT_EQ(run_cli("selfplay --seed 7 --games 3 --quiet --record '" + a + "'").status, 0);
  ASSERT_EQ(run_cli("selfplay --seed 7 --games 3 --quiet --record '" + b + "'").status, 0);
  ASSERT_EQ(run_cli("selfplay --seed 8 --games 3 --quiet --record '" + c + "'").status, 0);
  const std::string ta = read_file(a);
  EXPECT_FALSE(ta.empty());
  EXPECT_EQ(ta, read_file(b));
  EXPECT_NE(ta, read_file(c));
}

TEST_F(CliSelfplay, OtherPresetsAndGreedyBots) {
  for (const char* rules : {"ema2008", "tenhou"}) {
    const std::string r = path(std::string(rules) + ".jsonl");
    ASSERT_EQ(run_cli(std::string("selfplay --rules ") + rules +
                      " --bots greedy --seed 3 --record '" + r + "'")
                  .status,
              0);
    const auto again = run_cli("replay --quiet '" + r + "'");
    EXPECT_EQ(again.status, 0) << again.out;
  }
}

TEST_F(CliSelfplay, CorruptRecordExitsTwoNamingTheLine) {
  const std::string r = path("r.jsonl");
  ASSERT_EQ(run_cli("selfplay --seed 7 --quiet --record '" + r + "'").status, 0);
  std::vector<std::string> lines = split_lines(read_file(r));
  ASSERT_GT(lines.size(), 20u);
  std::vector<std::string> bad = lines;
  bad[9] = "{\"type\": \"draw\", \"seat\": 1,";
  const std::string corrupt = path("corrupt.jsonl");
  write_file(corrupt, join_lines(bad));
  auto run = run_cli("replay '" + corrupt + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "line 10")) << run.out;
  EXPECT_TRUE(contains(run.out, "bad JSON")) << run.out;

  bad = lines;
  bad[4] = "{\"type\": \"teleport\"}";
  write_file(corrupt, join_lines(bad));
  run = run_cli("replay '" + corrupt + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "line 5: unknown line type 'teleport'")) << run.out;
}

TEST_F(CliSelfplay, IllegalActionExitsTwoNamingTheAction) {
  const std::string r = path("r.jsonl");
  ASSERT_EQ(run_cli("selfplay --seed 7 --quiet --record '" + r + "'").status, 0);
  std::vector<std::string> lines = split_lines(read_file(r));
  // The first pass action becomes a tsumo: never legal in a claim window.
  std::size_t i = 0;
  while (i < lines.size() && !contains(lines[i], "\"action\":\"pass\"")) ++i;
  ASSERT_LT(i, lines.size());
  const std::size_t at = lines[i].find("\"action\":\"pass\"");
  lines[i].replace(at, 15, "\"action\":\"tsumo\"");
  const std::string corrupt = path("illegal.jsonl");
  write_file(corrupt, join_lines(lines));
  const auto run = run_cli("replay '" + corrupt + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "line " + std::to_string(i + 1))) << run.out;
  EXPECT_TRUE(contains(run.out, "action ")) << run.out;
  EXPECT_TRUE(contains(run.out, "not a legal action")) << run.out;
}

TEST_F(CliSelfplay, TruncatedAndTamperedRecords) {
  const std::string r = path("r.jsonl");
  ASSERT_EQ(run_cli("selfplay --seed 11 --quiet --record '" + r + "'").status, 0);
  std::vector<std::string> lines = split_lines(read_file(r));
  const std::string cut = path("cut.jsonl");
  write_file(cut, join_lines({lines.begin(), lines.begin() + 40}));
  auto run = run_cli("replay '" + cut + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "ends before the game does")) << run.out;

  // A changed score: the replay differs (exit 1) at that line.
  std::size_t i = 0;
  while (i < lines.size() && !contains(lines[i], "\"type\":\"hand_end\"")) ++i;
  ASSERT_LT(i, lines.size());
  const std::size_t at = lines[i].find("\"scores\":[");
  ASSERT_NE(at, std::string::npos);
  lines[i].insert(at + 10, "1");
  write_file(cut, join_lines(lines));
  run = run_cli("replay '" + cut + "'");
  EXPECT_EQ(run.status, 1) << run.out;
  EXPECT_TRUE(contains(run.out, "line " + std::to_string(i + 1))) << run.out;
  EXPECT_TRUE(contains(run.out, "differs")) << run.out;
}

TEST(CliSelfplayErrors, BadOptionsExitTwo) {
  EXPECT_EQ(run_cli("selfplay --rules nosuchpreset").status, 2);
  EXPECT_EQ(run_cli("selfplay --games 0").status, 2);
  EXPECT_EQ(run_cli("replay /nonexistent/record.jsonl").status, 2);
}

TEST(CliSelfplayErrors, BadBotListsNameTheProblem) {
  const CliRun unknown = run_cli("selfplay --bots random,greedy,nosuchbot,random");
  EXPECT_EQ(unknown.status, 2);
  EXPECT_TRUE(contains(unknown.out, "unknown bot 'nosuchbot'")) << unknown.out;
  EXPECT_TRUE(contains(unknown.out, "random, greedy")) << unknown.out;
  const CliRun three = run_cli("selfplay --bots random,random,random");
  EXPECT_EQ(three.status, 2);
  EXPECT_TRUE(contains(three.out, "got 3")) << three.out;
}

TEST(CliSelfplayBots, MixedBotsPlayAWholeGame) {
  const CliRun r = run_cli("selfplay --bots greedy,random,random,random --seed 5 --quiet");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "bots greedy,random,random,random")) << r.out;
}

}  // namespace
