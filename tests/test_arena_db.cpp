// The arena's SQLite store (src/io/game_db.*): round trip of results and records, accumulation
// of runs, and the errors for files that are not arena databases.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "io/game_db.hpp"
#include "io/record_json.hpp"
#include "riichi/record.hpp"

namespace riichi {
namespace {

// A fresh path in the temporary directory, removed (with its WAL files) at the end.
class TempDb {
 public:
  explicit TempDb(const std::string& tag) {
    path_ = (std::filesystem::temp_directory_path() /
             ("riichi_arena_" + tag + "_" + std::to_string(getpid()) + ".db"))
                .string();
    remove_all();
  }
  ~TempDb() { remove_all(); }
  const std::string& path() const { return path_; }

 private:
  void remove_all() {
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
      std::string p = path_;
      p += suffix;
      std::remove(p.c_str());
    }
  }
  std::string path_;
};

std::vector<io::StoredGame> play_stored(const bots::ArenaConfig& config) {
  std::vector<io::StoredGame> stored;
  std::mutex m;
  bots::ArenaCallbacks cb;
  cb.on_game = [&](const bots::GameResult& r, const GameRecorder* rec) {
    const std::lock_guard<std::mutex> lock(m);
    stored.push_back({r, io::game_to_text(rec->record(), rec->log(), 0)});
  };
  bots::run_arena(config, cb, nullptr);
  return stored;
}

bots::ArenaConfig config_of(const std::string& list, int games, std::uint64_t seed) {
  bots::ArenaConfig c;
  c.bots = {"greedy", "random", "greedy", "random"};
  if (list == "greedy") c.bots = {"greedy", "greedy", "greedy", "greedy"};
  c.rules = Rules::parse("ema2016");
  c.games = games;
  c.threads = 2;
  c.seed = seed;
  c.record = true;
  return c;
}

TEST(ArenaDb, RoundTripGivesTheSameTableAndReplayableRecords) {
  TempDb file("roundtrip");
  const bots::ArenaConfig config = config_of("mixed", 8, 5);
  std::vector<io::StoredGame> stored = play_stored(config);
  ASSERT_EQ(stored.size(), 8u);
  long long run = 0;
  {
    io::GameDb db = io::GameDb::open(file.path(), io::GameDb::Mode::kCreate);
    io::RunInfo info;
    info.bots = "greedy,random,greedy,random";
    info.rules = "ema2016";
    info.seed = 5;
    info.games_requested = 8;
    info.threads = 2;
    run = db.begin_run(info);
    // Stored in finishing order, in two transactions.
    db.add_games(run, std::span(stored).first(3));
    db.add_games(run, std::span(stored).subspan(3));
    db.finish_run(run, 1.5, false);
  }
  std::vector<bots::GameResult> direct;
  for (const io::StoredGame& g : stored) direct.push_back(g.result);
  std::sort(direct.begin(), direct.end(),
            [](const auto& a, const auto& b) { return a.index < b.index; });

  const io::GameDb db = io::GameDb::open(file.path(), io::GameDb::Mode::kReadOnly);
  const std::vector<bots::GameResult> loaded = db.load_results();
  ASSERT_EQ(loaded.size(), 8u);
  for (std::size_t g = 0; g < 8; ++g) {
    EXPECT_EQ(loaded[g].index, direct[g].index);
    EXPECT_EQ(loaded[g].seed, direct[g].seed);  // a full 64-bit seed survives SQLite's int64
    EXPECT_EQ(loaded[g].rotation, direct[g].rotation);
    EXPECT_EQ(loaded[g].hands, direct[g].hands);
    for (std::size_t s = 0; s < 4; ++s) {
      EXPECT_EQ(loaded[g].seats[s].bot, direct[g].seats[s].bot);
      EXPECT_EQ(loaded[g].seats[s].rank, direct[g].seats[s].rank);
      EXPECT_EQ(loaded[g].seats[s].points, direct[g].seats[s].points);
      EXPECT_EQ(loaded[g].seats[s].final_score, direct[g].seats[s].final_score);
      EXPECT_EQ(loaded[g].seats[s].wins, direct[g].seats[s].wins);
      EXPECT_EQ(loaded[g].seats[s].deal_ins, direct[g].seats[s].deal_ins);
      EXPECT_EQ(loaded[g].seats[s].riichi, direct[g].seats[s].riichi);
      EXPECT_EQ(loaded[g].seats[s].calls, direct[g].seats[s].calls);
      EXPECT_EQ(loaded[g].seats[s].win_points, direct[g].seats[s].win_points);
    }
  }
  const bots::ArenaTable a = bots::summarize(direct);
  const bots::ArenaTable b = bots::summarize(loaded);
  ASSERT_EQ(a.bots.size(), b.bots.size());
  for (std::size_t i = 0; i < a.bots.size(); ++i) {
    EXPECT_EQ(a.bots[i].name, b.bots[i].name);
    EXPECT_EQ(a.bots[i].avg_rank.value, b.bots[i].avg_rank.value);
    EXPECT_EQ(a.bots[i].avg_rank.ci95, b.bots[i].avg_rank.ci95);
    EXPECT_EQ(a.bots[i].avg_score.value, b.bots[i].avg_score.value);
    EXPECT_EQ(a.bots[i].win_rate.value, b.bots[i].win_rate.value);
    EXPECT_EQ(a.bots[i].call_rate.value, b.bots[i].call_rate.value);
  }

  const std::vector<io::RunInfo> runs = db.runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].games_done, 8);
  EXPECT_EQ(runs[0].bots, "greedy,random,greedy,random");
  EXPECT_FALSE(runs[0].finished.empty());
  EXPECT_DOUBLE_EQ(runs[0].seconds, 1.5);

  // Every stored record replays to the stored final scores.
  const std::vector<std::string> records = db.load_records(run);
  ASSERT_EQ(records.size(), 8u);
  for (std::size_t g = 0; g < 8; ++g) {
    std::istringstream in(records[g]);
    const std::vector<io::RecordedGame> games = io::read_records(in);
    ASSERT_EQ(games.size(), 1u);
    const ReplayResult replayed = replay(games[0].record);
    ASSERT_TRUE(replayed.ok()) << replayed.divergence->message();
    EXPECT_FALSE(io::compare_game(games[0], replayed.log).has_value());
    EXPECT_EQ(games[0].record.seed, loaded[g].seed);
    for (std::size_t s = 0; s < 4; ++s) {
      EXPECT_EQ(replayed.log.final.final_scores[s], loaded[g].seats[s].final_score);
      EXPECT_EQ(games[0].record.players[s], loaded[g].seats[s].bot);
    }
  }
}

TEST(ArenaDb, RunsAccumulateAcrossOpenings) {
  TempDb file("accumulate");
  for (int r = 0; r < 2; ++r) {
    io::GameDb db = io::GameDb::open(file.path(), io::GameDb::Mode::kCreate);
    io::RunInfo info;
    info.bots = "greedy,greedy,greedy,greedy";
    info.rules = "ema2016";
    info.seed = static_cast<std::uint64_t>(r + 1);
    const long long id = db.begin_run(info);
    db.add_games(id, play_stored(config_of("greedy", 4, info.seed)));
    db.finish_run(id, 0.5, false);
  }
  const io::GameDb db = io::GameDb::open(file.path(), io::GameDb::Mode::kReadOnly);
  EXPECT_EQ(db.runs().size(), 2u);
  EXPECT_EQ(db.count_games(), 8);
  EXPECT_EQ(db.count_games(db.runs()[1].id), 4);
  const bots::ArenaTable t = bots::summarize(db.load_results());
  ASSERT_EQ(t.bots.size(), 1u);
  EXPECT_EQ(t.bots[0].games, 32);
}

std::string error_of(const std::string& path, io::GameDb::Mode mode) {
  try {
    io::GameDb::open(path, mode);
  } catch (const io::GameDbError& e) {
    return e.what();
  }
  return "";
}

TEST(ArenaDb, FilesThatAreNotArenaDatabasesAreRefusedWithTheReason) {
  TempDb text("text");
  {
    std::ofstream out(text.path());
    out << "this is not a database, just some text long enough to fill a header\n";
  }
  std::string e = error_of(text.path(), io::GameDb::Mode::kReadOnly);
  EXPECT_NE(e.find(text.path()), std::string::npos) << e;
  EXPECT_NE(e.find("not an SQLite database"), std::string::npos) << e;

  TempDb other("other");
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(other.path().c_str(), &raw), SQLITE_OK);
    sqlite3_exec(raw, "CREATE TABLE x (a)", nullptr, nullptr, nullptr);
    sqlite3_close(raw);
  }
  e = error_of(other.path(), io::GameDb::Mode::kCreate);
  EXPECT_NE(e.find("not a riichi arena database"), std::string::npos) << e;

  TempDb future("future");
  io::GameDb::open(future.path(), io::GameDb::Mode::kCreate);
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(future.path().c_str(), &raw), SQLITE_OK);
    sqlite3_exec(raw, "UPDATE meta SET value = '99' WHERE key = 'version'", nullptr, nullptr,
                 nullptr);
    sqlite3_close(raw);
  }
  e = error_of(future.path(), io::GameDb::Mode::kReadOnly);
  EXPECT_NE(e.find("schema version 99 is not supported"), std::string::npos) << e;

  TempDb missing("missing");
  e = error_of(missing.path(), io::GameDb::Mode::kReadOnly);
  EXPECT_NE(e.find("cannot open"), std::string::npos) << e;
}

}  // namespace
}  // namespace riichi
