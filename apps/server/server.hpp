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
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "table.hpp"

namespace riichi::server {

class Store;

struct ServerOptions {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::string db = "riichi-web.db";
  std::string web_dir;  // empty: the source tree's web/ (RIICHI_WEB_DIR)
  int threads = 2;
  TableTiming timing;
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
  HttpAnswer handle_http(const std::string& method, const std::string& target,
                         const std::string& body);
  std::shared_ptr<Table> table(const std::string& id);

  const ServerOptions& options() const { return options_; }

 private:
  struct Impl;
  HttpAnswer create_table(const std::string& body);
  HttpAnswer list_tables();
  HttpAnswer list_games();
  HttpAnswer replay(const std::string& id);
  HttpAnswer import_mjlog(const std::string& body);
  HttpAnswer review_log(const std::string& target, const std::string& body);  // review_api.cpp
  HttpAnswer review_stored(const std::string& id, const std::string& target);
  HttpAnswer static_file(const std::string& path);
  std::string new_id();
  boost::asio::io_context& impl_ioc();
  void resume_tables();

  ServerOptions options_;
  std::unique_ptr<Impl> impl_;
  std::unique_ptr<Store> store_;
  std::mutex tables_mu_;
  std::map<std::string, std::shared_ptr<Table>> tables_;
  std::vector<std::thread> threads_;
  unsigned short port_ = 0;
  int resumed_ = 0;
  bool stopped_ = false;
};

}  // namespace riichi::server
