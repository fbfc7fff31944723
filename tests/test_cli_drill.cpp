// `riichi drill` on the command line: the same seed gives the same problems, --json has the
// fields docs/drills.md promises, --play grades answers read from stdin, bad input exits 2
// with a message naming it.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_run.hpp"

namespace riichi::testing {
namespace {

std::vector<nlohmann::json> JsonLines(const std::string& out) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(out);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

TEST(CliDrill, JsonProblemsCarryTheirKeysAndRepeatWithTheSeed) {
  const CliRun a = run_cli("drill waits --level 2 --seed 5 --count 4 --json", false);
  const CliRun b = run_cli("drill waits --level 2 --seed 5 --count 4 --json", false);
  ASSERT_EQ(a.status, 0) << a.out;
  EXPECT_EQ(a.out, b.out);
  const auto waits = JsonLines(a.out);
  ASSERT_EQ(waits.size(), 4u);
  for (const auto& j : waits) {
    EXPECT_TRUE(j["hand"].is_string());
    for (const auto& w : j["answer"]["waits"]) {
      EXPECT_TRUE(w["tile"].is_string());
      EXPECT_TRUE(w["shapes"].is_array());
      EXPECT_TRUE(w["remaining"].is_number_integer());
    }
  }
  const CliRun s = run_cli("drill score --level 3 --seed 5 --count 3 --json --rules tenhou", false);
  ASSERT_EQ(s.status, 0) << s.out;
  for (const auto& j : JsonLines(s.out)) {
    EXPECT_TRUE(j["vector"].is_string());
    for (const char* f : {"han", "fu", "limit", "payments", "total"})
      EXPECT_TRUE(j["answer"].contains(f)) << f;
    EXPECT_EQ(j["rules"], "tenhou");
  }
  const CliRun d = run_cli("drill discard --level 1 --seed 5 --count 1 --json", false);
  ASSERT_EQ(d.status, 0) << d.out;
  const auto pos = JsonLines(d.out);
  ASSERT_EQ(pos.size(), 1u);
  EXPECT_TRUE(pos[0]["position"].is_object());
  EXPECT_TRUE(pos[0]["answer"]["best"].is_string());
  EXPECT_EQ(pos[0]["answer"]["table"][0]["tile"], pos[0]["answer"]["best"]);
}

TEST(CliDrill, PlayGradesTheAnswersReadFromStdin) {
  // Problem 1 is answered with its key (from --json), problem 2 with a tile that does not win
  // (7z, or 6z when 7z wins).
  const auto keys =
      JsonLines(run_cli("drill waits --level 2 --seed 8 --count 2 --json", false).out);
  ASSERT_EQ(keys.size(), 2u);
  std::string right;
  for (const auto& w : keys[0]["answer"]["waits"]) right += w["tile"].get<std::string>();
  std::string wrong = "7z";
  for (const auto& w : keys[1]["answer"]["waits"])
    if (w["tile"] == "7z") wrong = "6z";
  const std::string input = ::testing::TempDir() + "drill_play_input.txt";
  std::ofstream(input) << right << "\n" << wrong << "\n";
  const CliRun r = run_cli("drill waits --level 2 --seed 8 --count 2 --play < '" + input + "'");
  ASSERT_EQ(r.status, 0) << r.out;
  EXPECT_TRUE(contains(r.out, "Right: every winning tile")) << r.out;
  EXPECT_TRUE(contains(r.out, "Not quite")) << r.out;
  EXPECT_TRUE(contains(r.out, "Score 1/2")) << r.out;
  std::remove(input.c_str());
}

TEST(CliDrill, BadInputExitsTwoNamingIt) {
  CliRun r = run_cli("drill waits --level 7");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "level 7")) << r.out;
  r = run_cli("drill score --rules nosuch");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "nosuch")) << r.out;
  r = run_cli("drill discard --level 5 --logs /nonexistent-dir --count 1");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "/nonexistent-dir")) << r.out;
  r = run_cli("drill waits --json --play");
  EXPECT_EQ(r.status, 2) << r.out;
}

}  // namespace
}  // namespace riichi::testing
