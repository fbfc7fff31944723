// `riichi danger-check`: the figures on one real log (JSON fields, a model better than the rules
// there), on engine records and their exports (the same figures), the games of rotated seats
// on the same walls each counted, and bad input: a missing path, a corrupt log (exit 2 naming
// the file), a bad option.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "cli_run.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

TEST(CliDanger, JsonFiguresOnARealGame) {
  const fs::path log = fs::path(RIICHI_MJLOG_DIR) / "2020061922gm-00a9-0000-6183ff37.mjlog";
  if (!fs::exists(log)) GTEST_SKIP() << "no Tenhou logs in " << RIICHI_MJLOG_DIR;
  const CliRun run = run_cli("danger-check '" + log.string() + "' --json", false);
  ASSERT_EQ(run.status, 0) << run.out;
  const auto j = nlohmann::json::parse(run.out);
  EXPECT_EQ(j["games"], 1);
  EXPECT_GT(j["discards"].get<int>(), 100);
  const auto& r = j["evaluation"]["riichi_discards"];
  for (const char* who : {"model", "rules_published", "rules_refit"}) {
    EXPECT_GE(r[who]["auc"].get<double>(), 0.0);
    EXPECT_LE(r[who]["auc"].get<double>(), 1.0);
    EXPECT_EQ(r[who]["count"], r["model"]["count"]);
    long binned = 0;
    for (const auto& b : r[who]["calibration"]) binned += b["count"].get<long>();
    EXPECT_EQ(binned, r[who]["count"].get<long>());
  }
}

nlohmann::json danger_json(const std::string& paths) {
  const CliRun run = run_cli("danger-check " + paths + " --json", false);
  EXPECT_EQ(run.status, 0) << run.out;
  return run.status == 0 ? nlohmann::json::parse(run.out) : nlohmann::json::object();
}

TEST(CliDanger, EngineRecordsAndTheirExportsGiveTheSameFigures) {
  const fs::path dir = fs::temp_directory_path() / "riichi_danger_records";
  fs::create_directories(dir);
  const std::string rec = (dir / "game.jsonl").string();
  const std::string t6 = (dir / "game6.json").string();
  const std::string mjai = (dir / "game_mjai.jsonl").string();
  ASSERT_EQ(run_cli("selfplay --rules tenhou --bots efficiency,defensive,efficiency,defensive "
                    "--seed 3 --quiet --record '" +
                    rec + "'")
                .status,
            0);
  ASSERT_EQ(run_cli("export --to tenhou6 '" + rec + "' -o '" + t6 + "'").status, 0);
  ASSERT_EQ(run_cli("export --to mjai '" + rec + "' -o '" + mjai + "'").status, 0);
  const nlohmann::json a = danger_json("'" + rec + "'");
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(a["games"], 1);
  EXPECT_GT(a["hands"].get<int>(), 0);
  EXPECT_EQ(a["mismatched_hands"], 0);
  EXPECT_GT(a["discards"].get<int>(), 100);
  const nlohmann::json bots = danger_json("'" + rec + "' --params bots");
  EXPECT_EQ(bots["discards"], a["discards"]);
  EXPECT_NE(bots["evaluation"], a["evaluation"]);  // other parameters, other predictions
  for (const std::string& other : {t6, mjai}) {
    const nlohmann::json b = danger_json("'" + other + "'");
    EXPECT_EQ(b["hands"], a["hands"]) << other;
    EXPECT_EQ(b["discards"], a["discards"]) << other;
    EXPECT_EQ(b["evaluation"], a["evaluation"]) << other;
  }
  fs::remove_all(dir);
}

// An arena plays the same walls with the bots rotated: the deals are the same, the games not.
// Only a deal seen again with the same players is a duplicate (a shortened copy of a log).
TEST(CliDanger, RotatedSeatsOnTheSameWallsAreEachCounted) {
  const fs::path dir = fs::temp_directory_path() / "riichi_danger_rotated";
  fs::create_directories(dir);
  const std::string a = (dir / "a.jsonl").string(), b = (dir / "b.jsonl").string();
  ASSERT_EQ(run_cli("selfplay --rules tenhou --bots efficiency,defensive,efficiency,defensive "
                    "--seed 3 --quiet --record '" +
                    a + "'")
                .status,
            0);
  ASSERT_EQ(run_cli("selfplay --rules tenhou --bots defensive,efficiency,defensive,efficiency "
                    "--seed 3 --quiet --record '" +
                    b + "'")
                .status,
            0);
  const nlohmann::json ja = danger_json("'" + a + "'"), jb = danger_json("'" + b + "'");
  const nlohmann::json both = danger_json("'" + a + "' '" + b + "'");
  EXPECT_EQ(both["duplicate_hands"], 0);
  EXPECT_EQ(both["hands"].get<int>(), ja["hands"].get<int>() + jb["hands"].get<int>());
  const nlohmann::json twice = danger_json("'" + a + "' '" + a + "'");
  EXPECT_EQ(twice["hands"], ja["hands"]);
  EXPECT_EQ(twice["duplicate_hands"], ja["hands"]);
  fs::remove_all(dir);
}

TEST(CliDanger, MissingPathIsBadInput) {
  const CliRun run = run_cli("danger-check /nonexistent/riichi-logs");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "cannot read '/nonexistent/riichi-logs'")) << run.out;
}

TEST(CliDanger, CorruptLogIsNamedAndSkippedWithKeepGoing) {
  const fs::path dir = fs::temp_directory_path() / "riichi_danger_corrupt";
  fs::create_directories(dir);
  const fs::path bad = dir / "broken.mjlog";
  std::ofstream(bad) << "this is not an mjlog";
  CliRun run = run_cli("danger-check '" + dir.string() + "'");
  EXPECT_EQ(run.status, 2) << run.out;
  EXPECT_TRUE(contains(run.out, "broken.mjlog")) << run.out;
  run = run_cli("danger-check '" + dir.string() + "' --keep-going");
  EXPECT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "0 games")) << run.out;
  fs::remove_all(dir);
}

TEST(CliDanger, BadOptionsAreRefused) {
  EXPECT_EQ(run_cli("danger-check . --cv 1").status, 2);
  EXPECT_EQ(run_cli("danger-check . --require-gain -1").status, 2);
  EXPECT_EQ(run_cli("danger-check").status, 2);
  EXPECT_EQ(run_cli("danger-check . --cv 5 --fit-on .").status, 2);
  EXPECT_EQ(run_cli("danger-check . --emit-params").status, 2);
  EXPECT_EQ(run_cli("danger-check . --params human").status, 2);
  EXPECT_EQ(run_cli("danger-check . --params bots --fit-on .").status, 2);
}

}  // namespace
}  // namespace riichi::testing
