// `riichi discard-samples`: the file written for one real log (its header, one chosen candidate
// per decision, the columns read back against their definitions), and bad input: a missing
// path, an unwritable output, a missing --out.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bots/discard_features.hpp"
#include "cli_run.hpp"
#include "text_lines.hpp"

#ifndef RIICHI_MJLOG_DIR
#define RIICHI_MJLOG_DIR "../shared/data/tenhou-mjlog"
#endif

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

TEST(CliDiscardSamples, OneRealGame) {
  const fs::path log = fs::path(RIICHI_MJLOG_DIR) / "2020061922gm-00a9-0000-6183ff37.mjlog";
  if (!fs::exists(log)) GTEST_SKIP() << "no Tenhou logs in " << RIICHI_MJLOG_DIR;
  const fs::path out = fs::temp_directory_path() / "riichi_discard_samples.tsv";
  const CliRun run = run_cli("discard-samples '" + log.string() + "' --out '" + out.string() + "'");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "1 games")) << run.out;
  std::ifstream in(out);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  EXPECT_EQ(line.rfind("# game 0 ", 0), 0u) << line;
  ASSERT_TRUE(std::getline(in, line));
  const std::vector<std::string> header = split_tabs(line);
  ASSERT_EQ(header.size(), 7u + bots::kDiscardFeatures);
  EXPECT_EQ(header[0], "game");
  EXPECT_EQ(header[3], "chosen");
  for (int i = 0; i < bots::kDiscardFeatures; ++i)
    EXPECT_EQ(header[7 + static_cast<std::size_t>(i)],
              bots::kDiscardFeatureNames[static_cast<std::size_t>(i)]);
  // Per decision: how many candidates were chosen, the lowest shanten_up, the kinds seen.
  std::map<long, int> chosen, lowest_up, rows;
  std::map<long, std::vector<int>> kinds;
  while (std::getline(in, line)) {
    const std::vector<std::string> c = split_tabs(line);
    ASSERT_EQ(c.size(), header.size()) << line;
    const long d = std::stol(c[1]);
    chosen[d] += std::stoi(c[3]);
    const int up = static_cast<int>(std::stod(c[7]));
    lowest_up[d] = rows[d]++ == 0 ? up : std::min(lowest_up[d], up);
    kinds[d].push_back(std::stoi(c[4]));
    EXPECT_EQ(std::stoi(c[5]) >= 0, true) << line;
  }
  ASSERT_GT(rows.size(), 100u);  // a hanchan has hundreds of discards
  for (const auto& [d, n] : rows) {
    EXPECT_EQ(chosen[d], 1) << "decision " << d;     // the player's discard, once
    EXPECT_EQ(lowest_up[d], 0) << "decision " << d;  // shanten_up is relative to the lowest
    EXPECT_GE(n, 2) << "decision " << d;             // a choice between two kinds at least
    const std::vector<int>& k = kinds[d];
    for (std::size_t i = 1; i < k.size(); ++i) EXPECT_LT(k[i - 1], k[i]);  // each kind once
  }
  fs::remove(out);
}

TEST(CliDiscardSamples, BadInputIsRefused) {
  CliRun run = run_cli("discard-samples /nonexistent/riichi-logs --out /tmp/riichi_ds_x.tsv");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "cannot read '/nonexistent/riichi-logs'")) << run.out;
  const fs::path log = fs::path(RIICHI_MJLOG_DIR) / "2020061922gm-00a9-0000-6183ff37.mjlog";
  if (fs::exists(log)) {
    run = run_cli("discard-samples '" + log.string() + "' --out /nonexistent/dir/x.tsv");
    EXPECT_EQ(run.status, 2);
    EXPECT_TRUE(contains(run.out, "cannot write '/nonexistent/dir/x.tsv'")) << run.out;
  }
  EXPECT_EQ(run_cli("discard-samples .").status, 2);            // no --out
  EXPECT_EQ(run_cli("discard-samples --out x.tsv").status, 2);  // no log
}

}  // namespace
}  // namespace riichi::testing
