// The arena's SQLite store (docs/arena.md "Database"): runs, games (with their JSON-lines record)
// and per-player results. Runs accumulate across invocations; each add_games() call is one
// transaction, so an interrupted run keeps every game already added. Loading the per-player rows
// back gives the same GameResults, hence the same bots::summarize() table.
//
//   GameDb db = GameDb::open("arena.db", GameDb::Mode::kCreate);
//   const long long run = db.begin_run(info);
//   db.add_games(run, games);            // as games finish, from one thread
//   db.finish_run(run, done, seconds, interrupted);
//   bots::ArenaTable t = bots::summarize(db.load_results());
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "bots/arena.hpp"

struct sqlite3;

namespace riichi::io {

inline constexpr int kGameDbVersion = 1;
inline constexpr const char* kGameDbFormat = "riichi-arena";

// Any failure: not an SQLite file, not a riichi arena database, a schema version this build does
// not read, an I/O error. The message names the file and the reason.
class GameDbError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct RunInfo {
  long long id = 0;
  std::string bots;   // "a,b,c,d" in rotation order
  std::string rules;  // the spec given ("ema2016", "tenhou,aka=false")
  std::uint64_t seed = 0;
  int games_requested = 0;
  int threads = 1;
  std::string started;   // UTC, ISO 8601
  std::string finished;  // empty while running (or when the process died)
  int games_done = 0;    // games stored for the run
  double seconds = 0;    // wall time of the run (0 until finished)
  bool interrupted = false;
};

struct StoredGame {
  bots::GameResult result;
  std::string record;  // JSON-lines text of src/io/record_json (one game, game index 0)
};

class GameDb {
 public:
  enum class Mode { kCreate, kReadOnly };  // kCreate: create the file and schema when missing

  static GameDb open(const std::string& path, Mode mode);
  GameDb(GameDb&& other) noexcept;
  GameDb& operator=(GameDb&& other) noexcept;
  GameDb(const GameDb&) = delete;
  GameDb& operator=(const GameDb&) = delete;
  ~GameDb();

  // A new run; `info.id`, `started` (if empty), `games_done` are filled in. Returns the id.
  long long begin_run(RunInfo info);
  // Stores the games in one transaction (all or nothing).
  void add_games(long long run_id, std::span<const StoredGame> games);
  void finish_run(long long run_id, double seconds, bool interrupted);

  std::vector<RunInfo> runs() const;
  int count_games(std::optional<long long> run_id = std::nullopt) const;
  // Every stored game's result (of one run, or of all), by run then game index.
  std::vector<bots::GameResult> load_results(std::optional<long long> run_id = std::nullopt) const;
  // The records of a run's games, by game index.
  std::vector<std::string> load_records(long long run_id) const;

 private:
  GameDb(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  void exec(const char* sql) const;
  [[noreturn]] void fail(const std::string& what) const;
  void check_schema(bool create);

  sqlite3* db_ = nullptr;
  std::string path_;
};

}  // namespace riichi::io
