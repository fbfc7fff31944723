// `riichi serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--web-dir DIR] [--bot-delay-ms N]
// [--claim-timeout-ms N] [--reconnect-timeout-ms N] [--hand-pause-ms N]`: the web table
// (apps/server/, docs/web-protocol.md). Prints the address to open; SIGINT / SIGTERM stop it
// (every game is already stored in the database).
#include <fmt/core.h>

#include <cstdio>
#include <string>

#include "bots/registry.hpp"
#include "commands.hpp"
#include "server.hpp"

namespace riichi::cli {

namespace {

void check_non_negative(int value, const char* option) {
  if (value < 0) {
    fmt::print(stderr, "error: {} must be 0 or more\n", option);
    throw CLI::RuntimeError(kExitBadInput);
  }
}

void run_serve(server::ServerOptions opt) {
  check_non_negative(opt.timing.bot_delay_ms, "--bot-delay-ms");
  check_non_negative(opt.timing.claim_timeout_ms, "--claim-timeout-ms");
  check_non_negative(opt.timing.reconnect_timeout_ms, "--reconnect-timeout-ms");
  check_non_negative(opt.timing.hand_pause_ms, "--hand-pause-ms");
  if (opt.threads < 1) {
    fmt::print(stderr, "error: --threads must be at least 1\n");
    throw CLI::RuntimeError(kExitBadInput);
  }
  opt.timing.substitute_bot = "strong";
  server::Server srv(opt);
  try {
    srv.start();
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    throw CLI::RuntimeError(1);
  }
  srv.stop_on_signals();
  const std::string host = opt.host == "0.0.0.0" ? "localhost" : opt.host;
  fmt::print("riichi web table: http://{}:{}/\n", host, srv.port());
  fmt::print("  database {}, {} unfinished game(s) resumed, page from {}\n", opt.db, srv.resumed(),
             srv.options().web_dir);
  std::fflush(stdout);
  srv.wait();
  fmt::print("riichi web table stopped\n");
}

}  // namespace

void add_serve_command(CLI::App& app) {
  auto opt = std::make_shared<server::ServerOptions>();
  CLI::App* cmd = app.add_subcommand(
      "serve",
      "Serve the web table: play in the browser against bots or with friends, replay past\n"
      "games (docs/web-protocol.md). Prints the address to open.");
  cmd->add_option("--port", opt->port, "TCP port (0 picks a free one)")->capture_default_str();
  cmd->add_option("--host", opt->host, "address to listen on")->capture_default_str();
  cmd->add_option("--db", opt->db, "SQLite database of tables and games (:memory: allowed)")
      ->capture_default_str();
  cmd->add_option("--web-dir", opt->web_dir, "directory of the page (default: the source's web/)");
  cmd->add_option("--bot-delay-ms", opt->timing.bot_delay_ms, "pause before each bot move")
      ->capture_default_str();
  cmd->add_option("--claim-timeout-ms", opt->timing.claim_timeout_ms,
                  "time a human has to answer a call, then the server passes")
      ->capture_default_str();
  cmd->add_option("--reconnect-timeout-ms", opt->timing.reconnect_timeout_ms,
                  "time a left (or never taken) human seat waits before a bot plays it")
      ->capture_default_str();
  cmd->add_option("--hand-pause-ms", opt->timing.hand_pause_ms,
                  "pause of the bots after a hand's result when humans play")
      ->capture_default_str();
  cmd->add_option("--threads", opt->threads, "network threads")->capture_default_str();
  cmd->callback([opt] { run_serve(*opt); });
}

}  // namespace riichi::cli
