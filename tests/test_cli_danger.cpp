// `riichi danger-check`: the figures on one real log (JSON fields, a model better than the rules
// there), and bad input: a missing path, a corrupt log (exit 2 naming the file), a bad option.
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
}

}  // namespace
}  // namespace riichi::testing
