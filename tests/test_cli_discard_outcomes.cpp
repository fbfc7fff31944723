// `riichi discard-outcomes`: a small run read back (the header, one played candidate and one
// efficiency move per decision, every candidate at the decision's lowest shanten, one outcome
// per decision), the same file on one and two threads, and bad input refused with exit 2.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "bots/discard_features.hpp"
#include "cli_run.hpp"
#include "text_lines.hpp"

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

std::string outcome_file_text(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(CliDiscardOutcomes, SmallRunReadBack) {
  const fs::path out = fs::temp_directory_path() / "riichi_discard_outcomes_1.tsv";
  const CliRun run = run_cli("discard-outcomes --games 3 --seed 5 --out '" + out.string() + "'");
  ASSERT_EQ(run.status, 0) << run.out;
  EXPECT_TRUE(contains(run.out, "3 games")) << run.out;
  std::ifstream in(out);
  std::string line;
  ASSERT_TRUE(std::getline(in, line));
  const std::vector<std::string> header = split_tabs(line);
  ASSERT_EQ(header.size(), 9u + bots::kDiscardFeatures);
  EXPECT_EQ(header[3], "chosen");
  EXPECT_EQ(header[7], "delta");
  EXPECT_EQ(header[8], "place");
  for (int i = 0; i < bots::kDiscardFeatures; ++i)
    EXPECT_EQ(header[9 + static_cast<std::size_t>(i)],
              bots::kDiscardFeatureNames[static_cast<std::size_t>(i)]);
  std::size_t eff_col = 0;
  for (std::size_t i = 0; i < header.size(); ++i)
    if (header[i] == "efficiency") eff_col = i;
  ASSERT_GT(eff_col, 0u);
  std::map<long, int> chosen, efficiency, rows;
  std::map<long, std::set<std::string>> shanten, delta;
  std::map<long, std::set<int>> seats_per_game;
  std::set<std::string> games;
  while (std::getline(in, line)) {
    if (line.rfind("# game ", 0) == 0) {
      games.insert(line);
      continue;
    }
    const std::vector<std::string> c = split_tabs(line);
    ASSERT_EQ(c.size(), header.size()) << line;
    const long d = std::stol(c[1]);
    ++rows[d];
    chosen[d] += std::stoi(c[3]);
    efficiency[d] += std::stod(c[eff_col]) > 0.5 ? 1 : 0;
    shanten[d].insert(c[5]);
    delta[d].insert(c[7] + "/" + c[8] + "/" + c[2]);
    const int place = std::stoi(c[8]);
    EXPECT_TRUE(place >= 1 && place <= 4) << line;
    EXPECT_EQ(std::stod(c[9]), 0.0) << line;  // shanten_up: the lowest shanten only
  }
  EXPECT_EQ(games.size(), 3u);
  // Three hanchan: about ten hands each, up to one explored decision per seat and hand.
  EXPECT_GT(rows.size(), 20u);
  long d_expected = 0;
  for (const auto& [d, n] : rows) {
    EXPECT_EQ(d, d_expected++);  // numbered from 0 over the file
    EXPECT_GE(n, 2) << "decision " << d;
    EXPECT_EQ(chosen[d], 1) << "decision " << d;
    EXPECT_EQ(efficiency[d], 1) << "decision " << d;
    EXPECT_EQ(shanten[d].size(), 1u) << "decision " << d;
    EXPECT_EQ(delta[d].size(), 1u) << "decision " << d;  // one outcome, seat and place
  }
  // The same file on two threads.
  const fs::path out2 = fs::temp_directory_path() / "riichi_discard_outcomes_2.tsv";
  const CliRun run2 =
      run_cli("discard-outcomes --games 3 --seed 5 --threads 2 --out '" + out2.string() + "'");
  ASSERT_EQ(run2.status, 0) << run2.out;
  EXPECT_EQ(outcome_file_text(out), outcome_file_text(out2));
  fs::remove(out);
  fs::remove(out2);
}

TEST(CliDiscardOutcomes, BadInputIsRefused) {
  const std::string tmp = (fs::temp_directory_path() / "riichi_do_x.tsv").string();
  CliRun run = run_cli("discard-outcomes --games 0 --out " + tmp);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "--games must be at least 1")) << run.out;
  run = run_cli("discard-outcomes --rules nosuchrules --out " + tmp);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "--rules 'nosuchrules'")) << run.out;
  run = run_cli("discard-outcomes --explore 1.5 --out " + tmp);
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "--explore must be within [0, 1]")) << run.out;
  run = run_cli("discard-outcomes --games 1 --out /nonexistent/dir/x.tsv");
  EXPECT_EQ(run.status, 2);
  EXPECT_TRUE(contains(run.out, "cannot write '/nonexistent/dir/x.tsv'")) << run.out;
  EXPECT_EQ(run_cli("discard-outcomes --games 1").status, 2);  // no --out
  fs::remove(tmp);
}

}  // namespace
}  // namespace riichi::testing
