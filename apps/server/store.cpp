#include "store.hpp"

#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <ctime>
#include <utility>

#include "io/json_text.hpp"

namespace riichi::server {

namespace {

constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS games(
  id TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  rules TEXT NOT NULL,
  seed TEXT NOT NULL DEFAULT '',
  seats TEXT NOT NULL DEFAULT '[]',
  players TEXT NOT NULL DEFAULT '[]',
  record TEXT NOT NULL DEFAULT '',
  mjlog TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  final TEXT NOT NULL DEFAULT 'null',
  hands INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  finished_at TEXT NOT NULL DEFAULT '');
CREATE INDEX IF NOT EXISTS games_status ON games(status, finished_at);
CREATE TABLE IF NOT EXISTS moves(
  game_id TEXT NOT NULL,
  n INTEGER NOT NULL,
  action TEXT NOT NULL,
  PRIMARY KEY(game_id, n)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS practice(
  name TEXT NOT NULL,
  drill TEXT NOT NULL,
  level INTEGER NOT NULL,
  seed TEXT NOT NULL,
  idx INTEGER NOT NULL,
  rules TEXT NOT NULL,
  correct INTEGER NOT NULL,
  answer TEXT NOT NULL DEFAULT '',
  summary TEXT NOT NULL DEFAULT '',
  at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS practice_name ON practice(name, at);
CREATE TABLE IF NOT EXISTS imports(
  hash TEXT NOT NULL,
  id TEXT NOT NULL,
  PRIMARY KEY(hash, id)) WITHOUT ROWID;
)";

// The content hash of an imported log (64-bit FNV-1a, hex): finds the candidates, whose bytes
// are then compared (a collision never opens another game).
std::string content_hash(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, h >>= 4) out[static_cast<std::size_t>(i)] = kHex[h & 15];
  return out;
}

// The number of actions in a compact record text ("riichi/1 <rules> <seed> <action>...").
std::size_t record_actions(const std::string& record) {
  std::size_t tokens = 0;
  bool in_token = false;
  for (char c : record) {
    if (c != ' ' && !in_token) ++tokens;
    in_token = c != ' ';
  }
  return tokens > 3 ? tokens - 3 : 0;
}

constexpr const char* kColumns =
    "id, source, rules, seed, seats, players, record, mjlog, status, final, hands, created_at, "
    "finished_at";

std::string column_text(sqlite3_stmt* s, int i) {
  const unsigned char* t = sqlite3_column_text(s, i);
  return t != nullptr ? reinterpret_cast<const char*>(t) : "";
}

nlohmann::json column_json(sqlite3_stmt* s, int i) {
  return io::try_parse_json(column_text(s, i)).value_or(nlohmann::json());
}

}  // namespace

Store::Store(const std::string& path, StoreSync sync, int busy_timeout_ms) {
  if (sqlite3_open_v2(path.c_str(), &db_,
                      SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_FULLMUTEX,
                      nullptr) != SQLITE_OK) {
    std::string msg = "cannot open the database '";
    msg += path;
    msg += "': ";
    msg += db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError(msg);
  }
  sqlite3_busy_timeout(db_, busy_timeout_ms);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec(sync == StoreSync::kFull ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL");
    exec(kSchema);
    index_imports();
    // A write now, so that a read-only or locked database stops the server at start.
    exec(
        "INSERT INTO meta(key, value) VALUES('opened_at', strftime('%Y-%m-%dT%H:%M:%SZ')) "
        "ON CONFLICT(key) DO UPDATE SET value = excluded.value");
  } catch (const StoreError& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot write the database '" + path + "': " + e.what());
  }
  std::string sql = "INSERT INTO games(";
  sql += kColumns;
  sql += ") VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)";
  insert_ = prepare(sql.c_str());
  update_ = prepare(
      "UPDATE games SET seats=?2, players=?3, record=?4, status=?5, final=?6, hands=?7, "
      "finished_at=?8 WHERE id=?1");
  sql = "SELECT ";
  sql += kColumns;
  get_ = prepare((sql + " FROM games WHERE id=?").c_str());
  unfinished_ = prepare((sql + " FROM games WHERE status<>'finished' ORDER BY created_at").c_str());
  finished_ = prepare(
      (sql + " FROM games WHERE status='finished' ORDER BY finished_at DESC, rowid DESC LIMIT ?")
          .c_str());
  add_move_ = prepare("INSERT OR REPLACE INTO moves(game_id, n, action) VALUES(?,?,?)");
  moves_ = prepare("SELECT n, action FROM moves WHERE game_id=? ORDER BY n");
  clear_moves_ = prepare("DELETE FROM moves WHERE game_id=?");
}

Store::~Store() {
  for (sqlite3_stmt* s :
       {insert_, update_, get_, unfinished_, finished_, add_move_, moves_, clear_moves_})
    sqlite3_finalize(s);
  sqlite3_close(db_);
}

void Store::fail(const std::string& what) {
  std::string msg = "database: ";
  msg += what;
  msg += ": ";
  msg += sqlite3_errmsg(db_);
  throw StoreError(msg);
}

void Store::exec(const char* sql) {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    std::string msg = "database: ";
    msg += err != nullptr ? err : "error";
    sqlite3_free(err);
    throw StoreError(msg);
  }
}

void Store::step_done(sqlite3_stmt* stmt, const std::string& what) {
  if (sqlite3_step(stmt) != SQLITE_DONE) fail(what);
}

namespace {

// BEGIN IMMEDIATE .. COMMIT, rolled back when the body throws.
template <typename Body>
void in_transaction(sqlite3* db, Body body) {
  const auto run = [db](const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string msg = "database: ";
      msg += err != nullptr ? err : "error";
      sqlite3_free(err);
      throw StoreError(msg);
    }
  };
  run("BEGIN IMMEDIATE");
  try {
    body();
    run("COMMIT");
  } catch (...) {
    sqlite3_exec(db, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

}  // namespace

sqlite3_stmt* Store::prepare(const char* sql) {
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db_, sql, -1, &s, nullptr) != SQLITE_OK) fail("prepare");
  return s;
}

std::string Store::now_iso() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

namespace {

void bind_text(sqlite3_stmt* s, int i, const std::string& text) {
  sqlite3_bind_text(s, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
}

}  // namespace

void Store::insert(const GameRow& r) {
  std::lock_guard lock(mu_);
  sqlite3_reset(insert_);
  bind_text(insert_, 1, r.id);
  bind_text(insert_, 2, r.source);
  bind_text(insert_, 3, r.rules);
  bind_text(insert_, 4, r.seed);
  bind_text(insert_, 5, io::dump_json(r.seats));
  bind_text(insert_, 6, io::dump_json(r.players));
  bind_text(insert_, 7, r.record);
  bind_text(insert_, 8, r.mjlog);
  bind_text(insert_, 9, r.status);
  bind_text(insert_, 10, io::dump_json(r.final));
  sqlite3_bind_int(insert_, 11, r.hands);
  bind_text(insert_, 12, r.created_at.empty() ? now_iso() : r.created_at);
  bind_text(insert_, 13, r.finished_at);
  if (sqlite3_step(insert_) != SQLITE_DONE) fail("insert " + r.id);
  if (!r.mjlog.empty()) note_import(r.id, r.mjlog);
}

void Store::note_import(const std::string& id, const std::string& log) {
  sqlite3_stmt* s = prepare("INSERT OR IGNORE INTO imports(hash, id) VALUES(?,?)");
  bind_text(s, 1, content_hash(log));
  bind_text(s, 2, id);
  const int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) fail("index the import " + id);
}

// Imports stored before the imports table existed get their hash once.
void Store::index_imports() {
  sqlite3_stmt* s = prepare(
      "SELECT id, mjlog FROM games WHERE mjlog <> '' AND id NOT IN (SELECT id FROM imports)");
  std::vector<std::pair<std::string, std::string>> rows;
  while (sqlite3_step(s) == SQLITE_ROW) rows.emplace_back(column_text(s, 0), column_text(s, 1));
  sqlite3_finalize(s);
  for (const auto& [id, log] : rows) note_import(id, log);
}

std::optional<std::string> Store::find_import(const std::string& log) {
  std::lock_guard lock(mu_);
  sqlite3_stmt* s = prepare(
      "SELECT g.id, g.mjlog FROM imports i JOIN games g ON g.id = i.id WHERE i.hash = ? "
      "ORDER BY g.rowid");
  bind_text(s, 1, content_hash(log));
  std::optional<std::string> found;
  while (!found && sqlite3_step(s) == SQLITE_ROW)
    if (column_text(s, 1) == log) found = column_text(s, 0);
  sqlite3_finalize(s);
  return found;
}

void Store::update(const GameRow& r) {
  std::lock_guard lock(mu_);
  in_transaction(db_, [&] {
    sqlite3_reset(update_);
    bind_text(update_, 1, r.id);
    bind_text(update_, 2, io::dump_json(r.seats));
    bind_text(update_, 3, io::dump_json(r.players));
    bind_text(update_, 4, r.record);
    bind_text(update_, 5, r.status);
    bind_text(update_, 6, io::dump_json(r.final));
    sqlite3_bind_int(update_, 7, r.hands);
    bind_text(update_, 8, r.finished_at);
    step_done(update_, "update " + r.id);
    sqlite3_reset(clear_moves_);
    bind_text(clear_moves_, 1, r.id);
    step_done(clear_moves_, "update " + r.id);
  });
}

void Store::append_moves(const std::string& id, std::size_t first,
                         const std::vector<std::string>& tokens) {
  if (tokens.empty()) return;
  std::lock_guard lock(mu_);
  in_transaction(db_, [&] {
    for (std::size_t i = 0; i < tokens.size(); ++i) {
      sqlite3_reset(add_move_);
      bind_text(add_move_, 1, id);
      sqlite3_bind_int64(add_move_, 2, static_cast<sqlite3_int64>(first + i));
      bind_text(add_move_, 3, tokens[i]);
      step_done(add_move_, "save a move of " + id);
    }
  });
}

void Store::add_moves(GameRow& row) {
  if (row.source != "engine" || row.record.empty()) return;
  const std::size_t have = record_actions(row.record);
  sqlite3_reset(moves_);
  bind_text(moves_, 1, row.id);
  int rc;
  while ((rc = sqlite3_step(moves_)) == SQLITE_ROW) {
    if (static_cast<std::size_t>(sqlite3_column_int64(moves_, 0)) < have) continue;
    row.record += ' ';
    row.record += column_text(moves_, 1);
  }
  if (rc != SQLITE_DONE) fail("read the moves of " + row.id);
}

std::vector<GameRow> Store::query(sqlite3_stmt* s, bool full) {
  std::vector<GameRow> rows;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    GameRow r;
    r.id = column_text(s, 0);
    r.source = column_text(s, 1);
    r.rules = column_text(s, 2);
    r.seed = column_text(s, 3);
    r.seats = column_json(s, 4);
    r.players = column_json(s, 5);
    if (full) {
      r.record = column_text(s, 6);
      r.mjlog = column_text(s, 7);
    }
    r.status = column_text(s, 8);
    r.final = column_json(s, 9);
    r.hands = sqlite3_column_int(s, 10);
    r.created_at = column_text(s, 11);
    r.finished_at = column_text(s, 12);
    rows.push_back(std::move(r));
  }
  if (rc != SQLITE_DONE) fail("query");
  return rows;
}

std::optional<GameRow> Store::get(const std::string& id) {
  std::lock_guard lock(mu_);
  sqlite3_reset(get_);
  bind_text(get_, 1, id);
  std::vector<GameRow> rows = query(get_, true);
  if (rows.empty()) return std::nullopt;
  add_moves(rows.front());
  return std::move(rows.front());
}

std::vector<GameRow> Store::unfinished() {
  std::lock_guard lock(mu_);
  sqlite3_reset(unfinished_);
  std::vector<GameRow> rows = query(unfinished_, true);
  for (GameRow& r : rows) add_moves(r);
  return rows;
}

std::vector<GameRow> Store::finished(int limit) {
  std::lock_guard lock(mu_);
  sqlite3_reset(finished_);
  sqlite3_bind_int(finished_, 1, limit);
  return query(finished_, false);
}

int Store::count(const std::string& status) {
  std::lock_guard lock(mu_);
  sqlite3_stmt* s = prepare("SELECT COUNT(*) FROM games WHERE status=?");
  bind_text(s, 1, status);
  const int n = sqlite3_step(s) == SQLITE_ROW ? sqlite3_column_int(s, 0) : 0;
  sqlite3_finalize(s);
  return n;
}

void Store::add_attempt(const PracticeAttempt& a) {
  std::lock_guard lock(mu_);
  sqlite3_stmt* s = prepare(
      "INSERT INTO practice(name, drill, level, seed, idx, rules, correct, answer, summary, at) "
      "VALUES(?,?,?,?,?,?,?,?,?,?)");
  bind_text(s, 1, a.name);
  bind_text(s, 2, a.drill);
  sqlite3_bind_int(s, 3, a.level);
  bind_text(s, 4, a.seed);
  sqlite3_bind_int(s, 5, a.index);
  bind_text(s, 6, a.rules);
  sqlite3_bind_int(s, 7, a.correct ? 1 : 0);
  bind_text(s, 8, a.answer);
  bind_text(s, 9, a.summary);
  bind_text(s, 10, a.at.empty() ? now_iso() : a.at);
  const int rc = sqlite3_step(s);
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) fail("insert practice attempt of " + a.name);
}

std::vector<PracticeAttempt> Store::attempts(const std::string& name, int limit) {
  std::lock_guard lock(mu_);
  sqlite3_stmt* s = prepare(
      "SELECT name, drill, level, seed, idx, rules, correct, answer, summary, at FROM practice "
      "WHERE name=? ORDER BY at DESC, rowid DESC LIMIT ?");
  bind_text(s, 1, name);
  sqlite3_bind_int(s, 2, limit);
  std::vector<PracticeAttempt> out;
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    PracticeAttempt a;
    a.name = column_text(s, 0);
    a.drill = column_text(s, 1);
    a.level = sqlite3_column_int(s, 2);
    a.seed = column_text(s, 3);
    a.index = sqlite3_column_int(s, 4);
    a.rules = column_text(s, 5);
    a.correct = sqlite3_column_int(s, 6) != 0;
    a.answer = column_text(s, 7);
    a.summary = column_text(s, 8);
    a.at = column_text(s, 9);
    out.push_back(std::move(a));
  }
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) fail("query practice of " + name);
  return out;
}

}  // namespace riichi::server
