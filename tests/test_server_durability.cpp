// Nothing acknowledged is lost (issue 21, docs/security.md): a move is in the database before any
// client sees its effect; `riichi serve` killed with SIGKILL mid-game many times resumes with
// every move a client saw; a database that cannot be written stops the server at start; a write
// that fails later pauses the game and tells the players, and nothing is lost.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <random>
#include <thread>

#include "riichi/record_text.hpp"
#include "store.hpp"
#include "ws_client.hpp"

extern char** environ;

namespace riichi::testing {
namespace {

namespace fs = std::filesystem;

fs::path temp_dir(const std::string& name) {
  const fs::path d =
      fs::temp_directory_path() / ("riichi-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

// Another process's lock on the database: BEGIN IMMEDIATE held until release().
class DbLock {
 public:
  explicit DbLock(const std::string& path) {
    EXPECT_EQ(sqlite3_open(path.c_str(), &db_), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db_, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  }
  ~DbLock() {
    release();
    sqlite3_close(db_);
  }
  void release() {
    if (held_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    held_ = false;
  }

 private:
  sqlite3* db_ = nullptr;
  bool held_ = true;
};

// The number of actions of a stored game that `seat` may know of (its own passes, no other's):
// its state version once resumed.
std::uint64_t stored_version(const std::string& db, const std::string& id, int seat) {
  server::Store store(db);
  const std::optional<server::GameRow> row = store.get(id);
  if (!row) return 0;
  const GameRecord record = record_from_text(row->record);
  std::uint64_t n = 0;
  for (const Action& a : record.actions) n += a.type != ActionType::kPass || a.seat == seat;
  return n;
}

TEST(ServerDurability, ADatabaseThatCannotBeWrittenStopsTheServerAtStart) {
  const fs::path dir = temp_dir("db-start");
  // A folder where the file should be.
  server::ServerOptions o = test_server_options((dir).string());
  EXPECT_THROW(server::Server(o).start(), server::StoreError);
  // A database locked by another process (a second server on the same file).
  const std::string db = (dir / "locked.db").string();
  { server::Store create(db); }
  {
    DbLock lock(db);
    o = test_server_options(db);
    o.db_busy_timeout_ms = 200;
    try {
      server::Server(o).start();
      ADD_FAILURE() << "a locked database was accepted";
    } catch (const server::StoreError& e) {
      EXPECT_NE(std::string(e.what()).find("cannot write the database"), std::string::npos)
          << e.what();
      EXPECT_NE(std::string(e.what()).find("locked"), std::string::npos) << e.what();
    }
  }
  // A read-only file (not for root, who may write it anyway).
  if (::geteuid() != 0) {
    fs::permissions(db, fs::perms::owner_read);
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_THROW(server::Server(test_server_options(db)).start(), server::StoreError);
    fs::permissions(dir, fs::perms::owner_all);
  }
  // The command says why and exits 1.
  std::string cmd = "'";
  cmd += RIICHI_CLI_PATH;
  cmd += "' serve --port 0 --db '" + (dir / "no" / "such" / "dir.db").string() + "' 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  ASSERT_NE(p, nullptr);
  std::string out;
  char buf[512];
  while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  EXPECT_EQ(WEXITSTATUS(pclose(p)), 1) << out;
  EXPECT_NE(out.find("error: cannot open the database"), std::string::npos) << out;
  fs::remove_all(dir);
}

// Plays seat 0 until it has something to do; returns that state.
json state_with_legal(WsClient& c) {
  return c.recv_type("state", [](const json& m) { return !m["legal"].empty(); });
}

TEST(ServerDurability, AFailedSaveStopsTheGameAndIsShownToThePlayers) {
  const fs::path dir = temp_dir("db-fail");
  const std::string db = (dir / "games.db").string();
  server::ServerOptions o = test_server_options(db);
  o.db_busy_timeout_ms = 100;
  o.timing.save_retry_ms = 100;
  server::Server srv(o);
  srv.start();
  const HttpResult r = http_request(srv.port(), http::verb::post, "/api/tables",
                                    R"({"seats":["human","greedy","greedy","greedy"],"seed":4})");
  ASSERT_EQ(r.status, 201u);
  const std::string id = r.j()["id"];
  WsClient c(srv.port());
  c.send(json{{"type", "join"}, {"table", id}});
  c.recv_type("joined");
  const json s = state_with_legal(c);
  const std::uint64_t version = s["version"];
  {
    DbLock lock(db);  // the disk is "full" now
    c.send(json{{"type", "action"}, {"version", version}, {"index", 0}});
    const json storage = c.recv_type("storage");
    EXPECT_FALSE(storage["ok"].get<bool>());
    EXPECT_NE(storage["reason"].get<std::string>().find("cannot save"), std::string::npos)
        << storage;
    // Nothing shows the move while it is not saved, and the game waits.
    while (std::optional<json> m = c.try_recv(std::chrono::milliseconds(400)))
      EXPECT_NE((*m)["type"], "state") << "a state shown before its move was saved: " << *m;
    c.send(json{{"type", "action"}, {"version", version}, {"index", 0}});
    const json refused = c.recv_type("error");
    EXPECT_NE(refused["reason"].get<std::string>().find("the game waits"), std::string::npos)
        << refused;
    EXPECT_NE(srv.table(id)->actions_saved(), srv.table(id)->actions_applied());
    // Whoever comes to the table meanwhile is told at once that the game waits, and why (its
    // `joined`, like every message of the table, waits for the save).
    WsClient watcher(srv.port());
    watcher.send(json{{"type", "join"}, {"table", id}, {"watch", true}});
    const json told = watcher.recv();
    EXPECT_EQ(told["type"], "storage") << told;
    EXPECT_FALSE(told["ok"].get<bool>()) << told;
    EXPECT_NE(told["reason"].get<std::string>().find("cannot save"), std::string::npos) << told;
  }
  // The disk is back: the game is saved, then shown, then goes on.
  EXPECT_TRUE(c.recv_type("storage")["ok"].get<bool>());
  const json shown = c.recv_type(
      "state", [](const json& m) { return m["last"].is_object() && m["last"]["seat"] == 0; });
  EXPECT_GT(shown["version"].get<std::uint64_t>(), version);
  state_with_legal(c);
  std::shared_ptr<server::Table> table = srv.table(id);
  EXPECT_GE(stored_version(db, id, 0), shown["version"].get<std::uint64_t>());
  srv.stop();
  fs::remove_all(dir);
}

// `riichi serve` in a child process; its port from the first line it prints.
class ServeProcess {
 public:
  ServeProcess(const std::string& db) {
    int out[2];
    EXPECT_EQ(pipe(out), 0);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    const std::string bin = RIICHI_CLI_PATH;
    std::vector<std::string> args = {bin,
                                     "serve",
                                     "--port",
                                     "0",
                                     "--db",
                                     db,
                                     "--bot-delay-ms",
                                     "3",
                                     "--hand-pause-ms",
                                     "0",
                                     "--allow-chosen-seed"};
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    EXPECT_EQ(posix_spawn(&pid_, bin.c_str(), &actions, nullptr, argv.data(), environ), 0);
    posix_spawn_file_actions_destroy(&actions);
    close(out[1]);
    std::string line;
    char c;
    while (read(out[0], &c, 1) == 1 && c != '\n') line += c;
    close(out[0]);
    const auto colon = line.rfind(':');
    if (colon != std::string::npos)
      port_ = static_cast<unsigned short>(std::atoi(&line[colon + 1]));
    EXPECT_NE(port_, 0) << "serve printed: " << line;
  }
  ~ServeProcess() { kill9(); }
  void kill9() {
    if (pid_ <= 0) return;
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  unsigned short port() const { return port_; }

 private:
  pid_t pid_ = -1;
  unsigned short port_ = 0;
};

TEST(ServerDurability, SigkillMidGameManyTimesLosesNoAcknowledgedMove) {
  const fs::path dir = temp_dir("kill9");
  const std::string db = (dir / "games.db").string();
  auto serve = std::make_unique<ServeProcess>(db);
  const HttpResult r = http_request(serve->port(), http::verb::post, "/api/tables",
                                    R"({"seats":["human","greedy","greedy","greedy"],"seed":13})");
  ASSERT_EQ(r.status, 201u) << r.body;
  const std::string id = r.j()["id"];
  std::string token;
  std::uint64_t acknowledged = 0;  // the highest version seat 0 has seen
  std::mt19937 rng(3);
  int kills = 0, moves = 0;
  bool over = false;
  constexpr int kKills = 25;
  while (kills < kKills && !over) {
    WsClient c(serve->port());
    c.send(json{{"type", "join"}, {"table", id}, {"token", token}});
    const json joined = c.recv_type("joined");
    token = joined["token"];
    // Play for a random while, then kill the server in the middle of whatever it does.
    const auto until = std::chrono::steady_clock::now() +
                       std::chrono::milliseconds(std::uniform_int_distribution<>(20, 150)(rng));
    bool first = true;
    std::string acted_on;
    while (std::chrono::steady_clock::now() < until) {
      const std::optional<json> m = c.try_recv(std::chrono::milliseconds(5));
      if (!m) continue;
      if ((*m)["type"] == "game_end") over = true;
      if ((*m)["type"] != "state") continue;
      const std::uint64_t v = (*m)["version"];
      if (first) {
        // The first state after a restart: every move seen before the kill is there.
        EXPECT_GE(v, acknowledged) << "after kill " << kills;
        first = false;
      }
      acknowledged = std::max(acknowledged, v);
      const json& legal = (*m)["legal"];
      const std::string key = std::to_string(v) + legal.dump();
      if (legal.empty() || key == acted_on) continue;
      acted_on = key;
      c.send(json{{"type", "action"},
                  {"version", v},
                  {"index", std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)}});
      ++moves;
    }
    serve->kill9();
    ++kills;
    // What the database holds after the kill covers every move seat 0 saw.
    EXPECT_GE(stored_version(db, id, 0), acknowledged) << "after kill " << kills;
    serve = std::make_unique<ServeProcess>(db);
  }
  EXPECT_GT(moves, 20);
  EXPECT_GE(kills, over ? 1 : kKills);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace riichi::testing
