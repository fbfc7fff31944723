// SQLite storage of the web tables and games (`riichi serve --db FILE`): one row per game with
// its seats, its record (the compact record text, saved after every action) and, once finished,
// its final table; imported Tenhou logs are finished games with source "tenhou".
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
  // Opens (creating) the database; ":memory:" for a private in-memory one. Throws StoreError.
  explicit Store(const std::string& path);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  void insert(const GameRow& row);
  // Saves a game's progress (record text, seats, status, final table once finished).
  void update(const GameRow& row);
  std::optional<GameRow> get(const std::string& id);
  std::vector<GameRow> unfinished();               // engine games still playing
  std::vector<GameRow> finished(int limit = 200);  // newest first, without record / mjlog
  int count(const std::string& status);

  // Practice history: the newest `limit` attempts of `name`, newest first.
  void add_attempt(const PracticeAttempt& attempt);
  std::vector<PracticeAttempt> attempts(const std::string& name, int limit = 200);

  static std::string now_iso();

 private:
  void exec(const char* sql);
  sqlite3_stmt* prepare(const char* sql);
  [[noreturn]] void fail(const std::string& what);
  std::vector<GameRow> query(sqlite3_stmt* stmt, bool full);

  std::mutex mu_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* insert_ = nullptr;
  sqlite3_stmt* update_ = nullptr;
  sqlite3_stmt* get_ = nullptr;
  sqlite3_stmt* unfinished_ = nullptr;
  sqlite3_stmt* finished_ = nullptr;
};

}  // namespace riichi::server
