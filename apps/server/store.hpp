// SQLite storage of the web tables and games (`riichi serve --db FILE`): one row per game with
// its seats, its record (the compact record text) and, once finished, its final table; imported
// Tenhou logs are finished games with source "tenhou". Every action of a game in progress is
// appended to `moves` (one small insert) before any client sees its effect; the game's row takes
// the whole record back at a hand's end, the game's end and the server's stop, and the moves of
// the game are then deleted in the same transaction. The record of a game is always its row's
// record followed by its moves. The database is in WAL mode: a commit survives the process being
// killed (synchronous NORMAL), and a power loss too with synchronous FULL.
#pragma once

#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace riichi::server {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GameRow {
  std::string id;
  std::string source;  // "engine" | "tenhou"
  std::string rules;
  std::string seed;        // decimal text (uint64)
  nlohmann::json seats;    // engine: [{human, bot, name, token}]
  nlohmann::json players;  // [4 names]
  std::string record;      // engine: the compact record text
  std::string mjlog;       // tenhou: the XML document
  std::string status;      // "playing" | "finished"
  nlohmann::json final;    // null until finished
  int hands = 0;
  std::string created_at, finished_at;  // ISO 8601 UTC
};

enum class StoreSync { kNormal, kFull };

// One graded practice answer of a named learner (the web page's Practice section).
struct PracticeAttempt {
  std::string name;   // the learner's name
  std::string drill;  // "waits" | "discard" | "score"
  int level = 1;
  std::string seed;  // decimal text (uint64)
  int index = 0;
  std::string rules;
  bool correct = false;
  std::string answer;   // the learner's answer as sent (JSON text)
  std::string summary;  // the grade's one sentence
  std::string at;       // ISO 8601 UTC
};

class Store {
 public:
  // Opens (creating) the database; ":memory:" for a private in-memory one. Throws StoreError
  // when it cannot be opened or written (a read-only file or folder, a database locked by
  // another process): a server must not run games it cannot save.
  // `busy_timeout_ms`: how long a write waits for a lock held by another process.
  explicit Store(const std::string& path, StoreSync sync = StoreSync::kNormal,
                 int busy_timeout_ms = 5000);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void insert(const GameRow& row);
  // Saves a game's row (record text, seats, status, final table once finished) and deletes its
  // moves (the record holds them), in one transaction.
  void update(const GameRow& row);
  // Appends actions `first`, `first + 1`, ... of a game (their record text tokens), in one
  // transaction.
  void append_moves(const std::string& id, std::size_t first,
                    const std::vector<std::string>& tokens);
  std::optional<GameRow> get(const std::string& id);
  std::vector<GameRow> unfinished();               // engine games still playing
  std::vector<GameRow> finished(int limit = 200);  // newest first, without record / mjlog
  int count(const std::string& status);
  // An imported log already stored: the id of the game whose log has exactly these bytes.
  std::optional<std::string> find_import(const std::string& log);

  // Practice history: the newest `limit` attempts of `name`, newest first.
  void add_attempt(const PracticeAttempt& attempt);
  std::vector<PracticeAttempt> attempts(const std::string& name, int limit = 200);

  static std::string now_iso();

 private:
  void exec(const char* sql);
  sqlite3_stmt* prepare(const char* sql);
  [[noreturn]] void fail(const std::string& what);
  std::vector<GameRow> query(sqlite3_stmt* stmt, bool full);
  void add_moves(GameRow& row);  // the record of a game in progress: row record + moves
  void step_done(sqlite3_stmt* stmt, const std::string& what);
  void note_import(const std::string& id, const std::string& log);  // an import's content hash
  void index_imports();

  std::mutex mu_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_stmt* update_ = nullptr;
  sqlite3_stmt* get_ = nullptr;
  sqlite3_stmt* unfinished_ = nullptr;
  sqlite3_stmt* finished_ = nullptr;
  sqlite3_stmt* add_move_ = nullptr;
  sqlite3_stmt* moves_ = nullptr;
  sqlite3_stmt* clear_moves_ = nullptr;
};

}  // namespace riichi::server
