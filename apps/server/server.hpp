// The web table server (`riichi serve`): HTTP (the page, its assets, the JSON API) and WebSocket
// (the game messages) with Boost.Beast over one io_context run by a few threads. The protocol is
// docs/web-protocol.md. Tables live in memory and in the SQLite store (store.hpp); unfinished
// games are resumed at start.
//
//   ServerOptions opt; opt.port = 0;  // a free port
//   Server server(opt);
//   server.start();                   // binds, resumes stored tables, runs the threads
//   server.port();                    // the real port
//   server.stop();                    // or wait() until SIGINT/SIGTERM with stop_on_signals()
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "request_guard.hpp"
#include "table.hpp"

namespace riichi::server {

class Store;

// What one client may ask of the server (docs/security.md lists each with its reason).
struct ServerLimits {
  std::size_t max_request_body = 1024 * 1024;  // any request body (an mjlog import)
  std::size_t max_json_body = 64 * 1024;       // POST /api/tables
  std::size_t max_ws_message = 64 * 1024;      // one WebSocket message
  int max_import_hands = 48;                   // hands of an imported log (real games: <= 20)
  int tables_per_minute = 10;                  // table creations per client address
  int imports_per_minute = 5;                  // imports per client address
  int reviews_per_minute = 30;  // reviews of a player per client address (~2 s of CPU each)
  int max_live_tables = 500;    // unfinished tables at once
};

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string db = "riichi-web.db";
  std::string web_dir;  // empty: the source tree's web/ (RIICHI_WEB_DIR)
  int threads = 2;
  TableTiming timing;
  ServerLimits limits;
  // Host names the page may be reached by besides IP literals and localhost (DNS rebinding).
  std::vector<std::string> allow_hosts;
  // POST /api/tables may name the seed (every wall follows from it): for tests and teaching.
  bool allow_chosen_seed = false;
  bool sync_full = false;         // SQLite synchronous=FULL (survives a power loss; slower)
  int db_busy_timeout_ms = 5000;  // a save waits this long for another process's lock
};

// An HTTP request as the API sees it.
struct HttpRequest {
  std::string method;
  std::string target;  // as sent ("/api/tables?x=1")
  std::string body;
  std::string client = "local";  // the client's address (rate limits)
};

// An HTTP answer: status and JSON or file body.
struct HttpAnswer {
  unsigned status = 200;
  std::string content_type = "application/json";
  std::string body;
};

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Opens the store, resumes unfinished games, binds and starts the threads. Throws
  // std::runtime_error (StoreError, bind failure) with the reason.
  void start();
  unsigned short port() const { return port_; }
  int resumed() const { return resumed_; }
  // SIGINT / SIGTERM stop the server (for the CLI).
  void stop_on_signals();
  void stop();
  void wait();  // until stopped

  // The HTTP API and static files (also used directly by tests).
  HttpAnswer handle_http(const HttpRequest& request);
  HttpAnswer handle_http(const std::string& method, const std::string& target,
                         const std::string& body) {
    return handle_http(HttpRequest{method, target, body});
  }
  std::shared_ptr<Table> table(const std::string& id);

  const ServerOptions& options() const { return options_; }
  const HostGuard& host_guard() const { return host_guard_; }

 private:
  struct Impl;
  HttpAnswer create_table(const HttpRequest& request);
  HttpAnswer list_tables();
  HttpAnswer list_games();
  HttpAnswer replay(const std::string& id);
  HttpAnswer import_mjlog(const HttpRequest& request);
  // /api/practice... (practice_api.cpp)
  HttpAnswer practice(const std::string& method, const std::string& target,
                      const std::string& body);
  HttpAnswer review_log(const std::string& target, const std::string& body);  // review_api.cpp
  HttpAnswer review_stored(const std::string& id, const std::string& target);
  bool review_allowed(const HttpRequest& request);
  HttpAnswer review_refused() const;
  HttpAnswer static_file(const std::string& path);
  std::string new_id();
  boost::asio::io_context& impl_ioc();
  void resume_tables();
  void forget_finished_tables();

  ServerOptions options_;
  HostGuard host_guard_;
  RateLimiter table_limiter_;
  RateLimiter import_limiter_;
  RateLimiter review_limiter_;
  std::filesystem::path web_root_;               // canonical --web-dir
  std::vector<std::filesystem::path> db_files_;  // canonical database, -wal, -shm
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<Store> store_;
  std::mutex tables_mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  std::vector<std::string> table_order_;  // ids in creation order (forgetting finished ones)
  std::vector<std::thread> threads_;
  unsigned short port_ = 0;
  int resumed_ = 0;
  bool stopped_ = false;
};

}  // namespace riichi::server
