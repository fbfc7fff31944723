#include "io/game_db.hpp"

#include <sqlite3.h>

#include <bit>
#include <ctime>
#include <map>
#include <utility>

#include "io/sqlite_statement.hpp"

namespace riichi::io {

namespace {

constexpr const char* kGameSchema = R"sql(
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  bots TEXT NOT NULL,
  rules TEXT NOT NULL,
  seed INTEGER NOT NULL,
  games_requested INTEGER NOT NULL,
  threads INTEGER NOT NULL,
  started TEXT NOT NULL,
  finished TEXT,
  seconds REAL NOT NULL DEFAULT 0,
  interrupted INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE games (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id),
  game_index INTEGER NOT NULL,
  block INTEGER NOT NULL,
  rotation INTEGER NOT NULL,
  seed INTEGER NOT NULL,
  rules TEXT NOT NULL,
  hands INTEGER NOT NULL,
  finished_at TEXT NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (run_id, game_index)
);
CREATE TABLE players (
  game_id INTEGER NOT NULL REFERENCES games(id),
  seat INTEGER NOT NULL,
  bot TEXT NOT NULL,
  rank INTEGER NOT NULL,
  points INTEGER NOT NULL,
  final_score INTEGER NOT NULL,
  hands INTEGER NOT NULL,
  wins INTEGER NOT NULL,
  tsumo INTEGER NOT NULL,
  deal_ins INTEGER NOT NULL,
  riichi INTEGER NOT NULL,
  calls INTEGER NOT NULL,
  win_points INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat)
);
)sql";

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::int64_t to_sql(std::uint64_t v) { return std::bit_cast<std::int64_t>(v); }
std::uint64_t from_sql(std::int64_t v) { return std::bit_cast<std::uint64_t>(v); }

}  // namespace

GameDb GameDb::open(const std::string& path, Mode mode) {
  sqlite3* raw = nullptr;
  const int flags =
      mode == Mode::kCreate ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string msg = path;
    msg += ": cannot open the database: ";
    msg += raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc);
    sqlite3_close(raw);
    throw GameDbError(msg);
  }
  GameDb db(raw, path);
  sqlite3_busy_timeout(raw, 10000);
  db.check_schema(mode == Mode::kCreate);
  return db;
}

GameDb::GameDb(GameDb&& other) noexcept
    : db_(std::exchange(other.db_, nullptr)), path_(std::move(other.path_)) {}

GameDb& GameDb::operator=(GameDb&& other) noexcept {
  if (this != &other) {
    sqlite3_close(db_);
    db_ = std::exchange(other.db_, nullptr);
    path_ = std::move(other.path_);
  }
  return *this;
}

GameDb::~GameDb() { sqlite3_close(db_); }

void GameDb::fail(const std::string& what) const {
  std::string msg = path_;
  msg += ": ";
  msg += what;
  if (db_ != nullptr) {
    const int code = sqlite3_errcode(db_);
    if (code == SQLITE_NOTADB) {
      msg += ": not an SQLite database (is it a riichi arena database?)";
    } else if (code != SQLITE_OK && code != SQLITE_ROW && code != SQLITE_DONE) {
      msg += ": ";
      msg += sqlite3_errmsg(db_);
    }
  }
  throw GameDbError(msg);
}

void GameDb::exec(const char* sql) const {
  char* err = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
    sqlite3_free(err);
    fail("SQL failed");
  }
}

void GameDb::check_schema(bool create) {
  int n = 0;
  {
    Statement tables(db_, "SELECT count(*) FROM sqlite_master WHERE type = 'table'");
    if (!tables.ok() || tables.step() != SQLITE_ROW) fail("cannot read the database");
    n = tables.integer(0);
  }
  if (n == 0) {
    if (!create) fail("not a riichi arena database (it holds no tables)");
    exec("PRAGMA journal_mode = WAL");
    exec("BEGIN");
    exec(kGameSchema);
    std::string meta = "INSERT INTO meta (key, value) VALUES ('format', '";
    meta += kGameDbFormat;
    meta += "'), ('version', '";
    meta += std::to_string(kGameDbVersion);
    meta += "')";
    exec(meta.c_str());
    exec("COMMIT");
    return;
  }
  std::map<std::string, std::string> meta;
  {
    Statement st(db_, "SELECT key, value FROM meta");
    if (!st.ok()) throw GameDbError(path_ + ": not a riichi arena database (no 'meta' table)");
    while (st.step() == SQLITE_ROW) meta[st.text(0)] = st.text(1);
  }
  if (meta["format"] != kGameDbFormat) {
    std::string msg = path_;
    msg += ": not a riichi arena database (format '";
    msg += meta["format"];
    msg += "', expected '";
    msg += kGameDbFormat;
    msg += "')";
    throw GameDbError(msg);
  }
  if (meta["version"] != std::to_string(kGameDbVersion)) {
    std::string msg = path_;
    msg += ": schema version ";
    msg += meta["version"];
    msg += " is not supported (this riichi reads version ";
    msg += std::to_string(kGameDbVersion);
    msg += ")";
    throw GameDbError(msg);
  }
  if (create) exec("PRAGMA journal_mode = WAL");
}

long long GameDb::begin_run(RunInfo info) {
  if (info.started.empty()) info.started = utc_now();
  Statement st(db_,
               "INSERT INTO runs (bots, rules, seed, games_requested, threads, started) "
               "VALUES (?, ?, ?, ?, ?, ?)");
  if (!st.ok()) fail("cannot record the run");
  st.bind(1, info.bots);
  st.bind(2, info.rules);
  st.bind(3, to_sql(info.seed));
  st.bind(4, info.games_requested);
  st.bind(5, info.threads);
  st.bind(6, info.started);
  if (st.step() != SQLITE_DONE) fail("cannot record the run");
  return sqlite3_last_insert_rowid(db_);
}

void GameDb::add_games(long long run_id, std::span<const StoredGame> games) {
  if (games.empty()) return;
  std::string rules;
  {
    Statement st(db_, "SELECT rules FROM runs WHERE id = ?");
    if (!st.ok()) fail("cannot read the run");
    st.bind(1, static_cast<std::int64_t>(run_id));
    if (st.step() != SQLITE_ROW) fail("no run " + std::to_string(run_id));
    rules = st.text(0);
  }
  exec("BEGIN IMMEDIATE");
  try {
    Statement game(db_,
                   "INSERT INTO games (run_id, game_index, block, rotation, seed, rules, hands, "
                   "finished_at, record) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    Statement player(db_,
                     "INSERT INTO players (game_id, seat, bot, rank, points, final_score, hands, "
                     "wins, tsumo, deal_ins, riichi, calls, win_points) "
                     "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    if (!game.ok() || !player.ok()) fail("cannot store games");
    const std::string now = utc_now();
    for (const StoredGame& g : games) {
      const bots::GameResult& r = g.result;
      game.reset();
      game.bind(1, static_cast<std::int64_t>(run_id));
      game.bind(2, r.index);
      game.bind(3, r.block);
      game.bind(4, r.rotation);
      game.bind(5, to_sql(r.seed));
      game.bind(6, rules);
      game.bind(7, r.hands);
      game.bind(8, now);
      game.bind(9, g.record);
      if (game.step() != SQLITE_DONE) fail("cannot store game " + std::to_string(r.index));
      const std::int64_t game_id = sqlite3_last_insert_rowid(db_);
      for (const bots::SeatResult& p : r.seats) {
        if (p.bot.empty()) continue;  // the empty seat of a three-player game
        player.reset();
        player.bind(1, game_id);
        player.bind(2, p.seat);
        player.bind(3, p.bot);
        player.bind(4, p.rank);
        player.bind(5, p.points);
        player.bind(6, p.final_score);
        player.bind(7, p.hands);
        player.bind(8, p.wins);
        player.bind(9, p.tsumo);
        player.bind(10, p.deal_ins);
        player.bind(11, p.riichi);
        player.bind(12, p.calls);
        player.bind(13, static_cast<std::int64_t>(p.win_points));
        if (player.step() != SQLITE_DONE)
          fail("cannot store the players of game " + std::to_string(r.index));
      }
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

void GameDb::finish_run(long long run_id, double seconds, bool interrupted) {
  Statement st(db_, "UPDATE runs SET finished = ?, seconds = ?, interrupted = ? WHERE id = ?");
  if (!st.ok()) fail("cannot finish the run");
  st.bind(1, utc_now());
  st.bind(2, seconds);
  st.bind(3, interrupted ? 1 : 0);
  st.bind(4, static_cast<std::int64_t>(run_id));
  if (st.step() != SQLITE_DONE) fail("cannot finish the run");
}

std::vector<RunInfo> GameDb::runs() const {
  Statement st(db_,
               "SELECT r.id, r.bots, r.rules, r.seed, r.games_requested, r.threads, r.started, "
               "r.finished, r.seconds, r.interrupted, "
               "(SELECT count(*) FROM games g WHERE g.run_id = r.id) FROM runs r ORDER BY r.id");
  if (!st.ok()) fail("cannot read the runs");
  std::vector<RunInfo> out;
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) {
    RunInfo r;
    r.id = st.int64(0);
    r.bots = st.text(1);
    r.rules = st.text(2);
    r.seed = from_sql(st.int64(3));
    r.games_requested = st.integer(4);
    r.threads = st.integer(5);
    r.started = st.text(6);
    r.finished = st.text(7);
    r.seconds = st.real(8);
    r.interrupted = st.integer(9) != 0;
    r.games_done = st.integer(10);
    out.push_back(std::move(r));
  }
  if (rc != SQLITE_DONE) fail("cannot read the runs");
  return out;
}

int GameDb::count_games(std::optional<long long> run_id) const {
  Statement st(
      db_, run_id ? "SELECT count(*) FROM games WHERE run_id = ?" : "SELECT count(*) FROM games");
  if (!st.ok()) fail("cannot count the games");
  if (run_id) st.bind(1, static_cast<std::int64_t>(*run_id));
  if (st.step() != SQLITE_ROW) fail("cannot count the games");
  return st.integer(0);
}

std::vector<bots::GameResult> GameDb::load_results(std::optional<long long> run_id) const {
  std::string sql =
      "SELECT g.id, g.game_index, g.block, g.rotation, g.seed, g.hands, p.seat, p.bot, p.rank, "
      "p.points, p.final_score, p.hands, p.wins, p.tsumo, p.deal_ins, p.riichi, p.calls, "
      "p.win_points FROM games g JOIN players p ON p.game_id = g.id";
  if (run_id) sql += " WHERE g.run_id = ?";
  sql += " ORDER BY g.run_id, g.game_index, p.seat";
  Statement st(db_, sql.c_str());
  if (!st.ok()) fail("cannot read the games");
  if (run_id) st.bind(1, static_cast<std::int64_t>(*run_id));
  std::vector<bots::GameResult> out;
  std::int64_t current = -1;
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) {
    if (st.int64(0) != current) {
      current = st.int64(0);
      bots::GameResult g;
      g.index = st.integer(1);
      g.block = st.integer(2);
      g.rotation = st.integer(3);
      g.seed = from_sql(st.int64(4));
      g.hands = st.integer(5);
      out.push_back(std::move(g));
    }
    const int seat = st.integer(6);
    if (seat < 0 || seat > 3) fail("game " + std::to_string(current) + ": bad seat");
    bots::SeatResult& p = out.back().seats[static_cast<std::size_t>(seat)];
    p.seat = seat;
    p.bot = st.text(7);
    p.rank = st.integer(8);
    p.points = st.integer(9);
    p.final_score = st.integer(10);
    p.hands = st.integer(11);
    p.wins = st.integer(12);
    p.tsumo = st.integer(13);
    p.deal_ins = st.integer(14);
    p.riichi = st.integer(15);
    p.calls = st.integer(16);
    p.win_points = st.int64(17);
  }
  if (rc != SQLITE_DONE) fail("cannot read the games");
  return out;
}

std::vector<std::string> GameDb::load_records(long long run_id) const {
  Statement st(db_, "SELECT record FROM games WHERE run_id = ? ORDER BY game_index");
  if (!st.ok()) fail("cannot read the records");
  st.bind(1, static_cast<std::int64_t>(run_id));
  std::vector<std::string> out;
  int rc = 0;
  while ((rc = st.step()) == SQLITE_ROW) out.push_back(st.text(0));
  if (rc != SQLITE_DONE) fail("cannot read the records");
  return out;
}

}  // namespace riichi::io
