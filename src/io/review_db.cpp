#include "io/review_db.hpp"

#include <utility>

#include "io/review_json.hpp"
#include "io/sqlite_statement.hpp"

namespace riichi::io {

namespace {

constexpr const char* kReviewSchema = R"sql(
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  game TEXT PRIMARY KEY,      -- the log id, else the source file
  source TEXT NOT NULL, format TEXT NOT NULL,
  date TEXT NOT NULL,         -- "YYYY-MM" from the log id, "" when unknown
  reviewed TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
  summary TEXT NOT NULL       -- the review's summary as JSON
);
CREATE TABLE IF NOT EXISTS players (
  game TEXT NOT NULL REFERENCES games(game) ON DELETE CASCADE,
  seat INTEGER NOT NULL, name TEXT NOT NULL,
  hands INTEGER NOT NULL, wins INTEGER NOT NULL, deal_ins INTEGER NOT NULL,
  riichi INTEGER NOT NULL, called_hands INTEGER NOT NULL,
  win_points INTEGER NOT NULL, deal_in_points INTEGER NOT NULL,
  final_score INTEGER NOT NULL, rank INTEGER NOT NULL,
  decisions INTEGER NOT NULL, top1 INTEGER NOT NULL, top3 INTEGER NOT NULL,
  total_loss REAL NOT NULL,
  PRIMARY KEY (game, seat)
);
CREATE INDEX IF NOT EXISTS players_name ON players(name);
)sql";

}  // namespace

ReviewDb ReviewDb::open(const std::string& path) {
  sqlite3* raw = nullptr;
  const int rc =
      sqlite3_open_v2(path.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = path + ": cannot open the database: ";
    msg += raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
    sqlite3_close(raw);
    throw ReviewDbError(msg);
  }
  ReviewDb db(raw, path);
  sqlite3_busy_timeout(raw, 10000);
  db.check_schema();
  return db;
}

ReviewDb::ReviewDb(ReviewDb&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

ReviewDb::~ReviewDb() { sqlite3_close(db_); }

void ReviewDb::fail(const std::string& what) const {
  std::string msg = path_ + ": " + what;
  const int code = db_ != nullptr ? sqlite3_errcode(db_) : SQLITE_OK;
  if (code == SQLITE_NOTADB)
    msg += ": not an SQLite database";
  else if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE)
    msg += std::string(": ") + sqlite3_errmsg(db_);
  throw ReviewDbError(msg);
}

void ReviewDb::exec(const char* sql) const {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    sqlite3_free(err);
    fail("SQL failed");
  }
}

void ReviewDb::check_schema() {
  exec("PRAGMA foreign_keys = ON");
  Statement tables(db_, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'");
  if (!tables.ok()) fail("cannot read the schema");
  const bool fresh = tables.step() != SQLITE_ROW;
  if (!fresh) {
    Statement meta(db_, "SELECT value FROM meta WHERE key = ?");
    if (!meta.ok()) fail("cannot read the schema");
    meta.bind(1, std::string("format"));
    if (meta.step() != SQLITE_ROW || meta.text(0) != kReviewDbFormat)
      fail(std::string("not a ") + kReviewDbFormat + " database");
    meta.reset();
    meta.bind(1, std::string("version"));
    if (meta.step() != SQLITE_ROW || meta.text(0) != std::to_string(kReviewDbVersion))
      fail("a review database of another version (this build reads version " +
           std::to_string(kReviewDbVersion) + ")");
    return;
  }
  exec("BEGIN");
  exec(kReviewSchema);
  Statement put(db_, "INSERT INTO meta (key, value) VALUES (?, ?)");
  if (!put.ok()) fail("cannot create the schema");
  for (const auto& [k, v] : {std::pair<std::string, std::string>{"format", kReviewDbFormat},
                             {"version", std::to_string(kReviewDbVersion)}}) {
    put.bind(1, k);
    put.bind(2, v);
    if (put.step() != SQLITE_DONE) fail("cannot create the schema");
    put.reset();
  }
  exec("COMMIT");
}

void ReviewDb::store(const review::GameReview& r, const std::vector<review::GameRow>& rows) {
  exec("BEGIN IMMEDIATE");
  try {
    Statement del(db_, "DELETE FROM players WHERE game = ?");
    if (!del.ok()) fail("cannot store the game");
    del.bind(1, r.game);
    if (del.step() != SQLITE_DONE) fail("cannot store the game");
    Statement game(db_,
                   "INSERT OR REPLACE INTO games (game, source, format, date, summary) "
                   "VALUES (?, ?, ?, ?, ?)");
    if (!game.ok()) fail("cannot store the game");
    game.bind(1, r.game);
    game.bind(2, r.source);
    game.bind(3, r.format);
    game.bind(4, r.date);
    game.bind(5, summary_to_json(r.summary, r.decisions).dump());
    if (game.step() != SQLITE_DONE) fail("cannot store the game");
    Statement row(db_,
                  "INSERT INTO players VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!row.ok()) fail("cannot store the game");
    for (const review::GameRow& g : rows) {
      int i = 0;
      row.bind(++i, g.game);
      row.bind(++i, g.seat);
      row.bind(++i, g.name);
      for (int v : {g.hands, g.wins, g.deal_ins, g.riichi, g.called_hands}) row.bind(++i, v);
      row.bind(++i, static_cast<std::int64_t>(g.win_points));
      row.bind(++i, static_cast<std::int64_t>(g.deal_in_points));
      for (int v : {g.final_score, g.rank, g.decisions, g.top1, g.top3}) row.bind(++i, v);
      row.bind(++i, g.total_loss);
      if (row.step() != SQLITE_DONE) fail("cannot store the game");
      row.reset();
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<review::GameRow> ReviewDb::rows(const std::string& name) const {
  Statement q(db_,
              "SELECT p.game, g.date, p.name, p.seat, p.hands, p.wins, p.deal_ins, p.riichi, "
              "p.called_hands, p.win_points, p.deal_in_points, p.final_score, p.rank, "
              "p.decisions, p.top1, p.top3, p.total_loss FROM players p JOIN games g "
              "ON g.game = p.game WHERE p.name = ? ORDER BY g.date, p.game");
  if (!q.ok()) fail("cannot read the games");
  q.bind(1, name);
  std::vector<review::GameRow> out;
  int rc = 0;
  while ((rc = q.step()) == SQLITE_ROW) {
    review::GameRow g;
    int c = 0;
    g.game = q.text(c++);
    g.date = q.text(c++);
    g.name = q.text(c++);
    for (int* v : {&g.seat, &g.hands, &g.wins, &g.deal_ins, &g.riichi, &g.called_hands})
      *v = q.integer(c++);
    g.win_points = static_cast<long>(q.int64(c++));
    g.deal_in_points = static_cast<long>(q.int64(c++));
    for (int* v : {&g.final_score, &g.rank, &g.decisions, &g.top1, &g.top3}) *v = q.integer(c++);
    g.total_loss = q.real(c++);
    out.push_back(g);
  }
  if (rc != SQLITE_DONE) fail("cannot read the games");
  return out;
}

std::vector<std::string> ReviewDb::names() const {
  Statement q(db_, "SELECT name FROM players GROUP BY name ORDER BY COUNT(*) DESC, name");
  if (!q.ok()) fail("cannot read the players");
  std::vector<std::string> out;
  while (q.step() == SQLITE_ROW) out.push_back(q.text(0));
  return out;
}

int ReviewDb::count_games() const {
  Statement q(db_, "SELECT COUNT(*) FROM games");
  if (!q.ok() || q.step() != SQLITE_ROW) fail("cannot count the games");
  return q.integer(0);
}

}  // namespace riichi::io
