// `riichi arena` and `riichi stats` through the built CLI: JSON output, bad input, and a run
// interrupted by SIGINT that keeps exactly its finished games.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "cli_run.hpp"
#include "io/game_db.hpp"
#include "io/record_json.hpp"
#include "riichi/record.hpp"

namespace riichi {
namespace {

using testing::contains;
using testing::run_cli;

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("riichi_arena_cli_" + std::to_string(getpid()) + "_" + name))
      .string();
}

void remove_db(const std::string& path) {
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::string p = path;
    p += suffix;
    std::remove(p.c_str());
  }
}

TEST(ArenaCli, JsonIsOneObjectWithTheTable) {
  const testing::CliRun run =
      run_cli("arena --bots greedy,random,greedy,random --games 8 --seed 3 --json", false);
  ASSERT_EQ(run.status, 0) << run.out;
  const nlohmann::json j = nlohmann::json::parse(run.out);  // exactly one object
  EXPECT_EQ(j["games"], 8);
  EXPECT_EQ(j["seed"], 3);
  EXPECT_EQ(j["rules"], "ema2016");
  EXPECT_GT(j["games_per_second"].get<double>(), 0);
  ASSERT_EQ(j["bots"].size(), 2u);
  for (const nlohmann::json& b : j["bots"]) {
    EXPECT_EQ(b["games"], 16);  // two seats per game
    double rates = 0;
    for (const nlohmann::json& r : b["rank_rates"]) rates += r.get<double>();
    EXPECT_NEAR(rates, 1.0, 1e-9);
    for (const char* key :
         {"avg_rank", "avg_rank_ci95", "avg_score", "avg_score_ci95", "win_rate", "win_rate_ci95",
          "deal_in_rate", "deal_in_rate_ci95", "riichi_rate", "riichi_rate_ci95", "call_rate",
          "call_rate_ci95", "avg_win", "rank_rates_ci95"})
      EXPECT_TRUE(b.contains(key)) << key;
  }
  // The same seed gives the same table.
  const testing::CliRun again = run_cli(
      "arena --bots greedy,random,greedy,random --games 8 --seed 3 --json --threads 1", false);
  nlohmann::json k = nlohmann::json::parse(again.out);
  EXPECT_EQ(j["bots"], k["bots"]);
}

TEST(ArenaCli, TableNamesEveryColumn) {
  const testing::CliRun run = run_cli("arena --bots greedy --games 4");
  ASSERT_EQ(run.status, 0) << run.out;
  for (const char* col : {"avg rank", "1st", "4th", "avg final score", "win", "deal-in", "riichi",
                          "call", "avg win", "games/s"})
    EXPECT_TRUE(contains(run.out, col)) << col << "\n" << run.out;
  EXPECT_TRUE(contains(run.out, "greedy       16")) << run.out;  // one row, 4 entries a game
}

TEST(ArenaCli, BadInputExitsTwoWithTheReason) {
  testing::CliRun r = run_cli("arena --bots random,nobody,random,random --games 4");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "unknown bot 'nobody'")) << r.out;
  r = run_cli("arena --bots random,random --games 4");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "expected one bot name or four")) << r.out;
  r = run_cli("arena --bots random --games 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "--games must be at least 1")) << r.out;
  r = run_cli("arena --bots random --games 4 --rules nosuchpreset");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "unknown preset 'nosuchpreset'")) << r.out;
  r = run_cli("arena --bots random --games 4 --threads 0");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "--threads must be at least 1")) << r.out;

  const std::string text = temp_path("text.db");
  {
    std::ofstream out(text);
    out << "not a database at all, but long enough to be read as a header................\n";
  }
  r = run_cli("stats --db '" + text + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "not an SQLite database")) << r.out;
  r = run_cli("arena --bots random --games 4 --db '" + text + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "not an SQLite database")) << r.out;
  std::remove(text.c_str());
  r = run_cli("stats --db '" + temp_path("missing.db") + "'");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(contains(r.out, "cannot open")) << r.out;
}

// Starts the CLI with stdout and stderr into `out_path`; returns its pid.
pid_t spawn_cli(const std::vector<std::string>& args, const std::string& out_path) {
  const pid_t pid = fork();
  if (pid != 0) return pid;
  const int fd = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(fd, STDOUT_FILENO);
  dup2(fd, STDERR_FILENO);
  std::vector<char*> argv;
  std::string prog = RIICHI_CLI_PATH;
  argv.push_back(prog.data());
  std::vector<std::string> copy = args;
  for (std::string& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  execv(prog.c_str(), argv.data());
  _exit(127);
}

int stored_games(const std::string& db_path) {
  try {
    return io::GameDb::open(db_path, io::GameDb::Mode::kReadOnly).count_games();
  } catch (const io::GameDbError&) {
    return 0;  // not created yet
  }
}

TEST(ArenaCli, SigintKeepsExactlyTheFinishedGames) {
  const std::string db = temp_path("interrupted.db");
  const std::string out = temp_path("interrupted.out");
  remove_db(db);
  const pid_t pid = spawn_cli({"arena", "--bots", "greedy,random,greedy,random", "--games",
                               "1000000", "--threads", "2", "--db", db},
                              out);
  ASSERT_GT(pid, 0);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (stored_games(db) < 6 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_GE(stored_games(db), 6) << "no games stored in time";
  ASSERT_EQ(kill(pid, SIGINT), 0);
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by a signal instead of exiting";
  EXPECT_EQ(WEXITSTATUS(status), 130);  // docs/arena.md: interrupted runs exit 130

  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  const std::string printed = text.str();
  int finished = -1;
  const std::size_t at = printed.find("Interrupted: ");
  ASSERT_NE(at, std::string::npos) << printed;
  finished = std::stoi(printed.substr(at + 13));
  EXPECT_TRUE(contains(printed, "avg rank")) << printed;

  const io::GameDb store = io::GameDb::open(db, io::GameDb::Mode::kReadOnly);
  EXPECT_EQ(store.count_games(), finished);
  ASSERT_EQ(store.runs().size(), 1u);
  EXPECT_TRUE(store.runs()[0].interrupted);
  EXPECT_EQ(store.runs()[0].games_done, finished);
  // The finished games are 0..finished-1 and every record replays to its stored final scores.
  const std::vector<bots::GameResult> results = store.load_results();
  const std::vector<std::string> records = store.load_records(store.runs()[0].id);
  ASSERT_EQ(records.size(), static_cast<std::size_t>(finished));
  for (int g = 0; g < finished; ++g) {
    const auto i = static_cast<std::size_t>(g);
    EXPECT_EQ(results[i].index, g);
    std::istringstream rec(records[i]);
    const std::vector<io::RecordedGame> games = io::read_records(rec);
    ASSERT_EQ(games.size(), 1u);
    const ReplayResult replayed = replay(games[0].record);
    ASSERT_TRUE(replayed.ok()) << "game " << g << ": " << replayed.divergence->message();
    for (std::size_t s = 0; s < 4; ++s)
      EXPECT_EQ(replayed.log.final.final_scores[s], results[i].seats[s].final_score);
  }

  const testing::CliRun stats = run_cli("stats --db '" + db + "'");
  EXPECT_EQ(stats.status, 0) << stats.out;
  EXPECT_TRUE(contains(stats.out, std::to_string(finished) + " games")) << stats.out;
  EXPECT_TRUE(contains(stats.out, "interrupted")) << stats.out;
  EXPECT_TRUE(contains(stats.out, "greedy")) << stats.out;
  remove_db(db);
  std::remove(out.c_str());
}

}  // namespace
}  // namespace riichi
