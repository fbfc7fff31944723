// `riichi serve [--port 8080] [--host 127.0.0.1] [--db FILE] [--web-dir DIR] [--bot-delay-ms N]
// [--claim-timeout-ms N] [--reconnect-timeout-ms N] [--hand-pause-ms N] [--allow-host NAME]...
// [--allow-chosen-seed] [--sync normal|full] [limits]`: the web table (apps/server/,
// docs/web-protocol.md, docs/security.md). Prints the address to open; SIGINT / SIGTERM stop it
// (every game is already stored in the database). A database that cannot be written stops it at
// start (exit 1).
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
  check_non_negative(opt.timing.hand_over_ms, "--hand-over-ms");
  check_non_negative(opt.timing.turn_ms, "--turn-ms");
  check_non_negative(opt.timing.bank_ms, "--time-bank-ms");
  if (opt.timing.turn_ms > server::kMaxTurnMs || opt.timing.bank_ms > server::kMaxBankMs) {
    fmt::print(stderr, "error: --turn-ms is at most {} and --time-bank-ms at most {}\n",
               server::kMaxTurnMs, server::kMaxBankMs);
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (opt.threads < 1) {
    fmt::print(stderr, "error: --threads must be at least 1\n");
    throw CLI::RuntimeError(kExitBadInput);
  }
  opt.timing.substitute_bot = "efficiency";
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
                  "pause of the bots after a hand's result when humans play (--hand-over-ms 0)")
      ->capture_default_str();
  cmd->add_option("--hand-over-ms", opt->timing.hand_over_ms,
                  "after a hand the table waits for every human's OK, at most this long (0: no "
                  "wait)")
      ->capture_default_str();
  cmd->add_option("--turn-ms", opt->timing.turn_ms,
                  "turn timer of a table with one human: time per discard (0: no timer); "
                  "tables of friends start without one")
      ->capture_default_str();
  cmd->add_option("--time-bank-ms", opt->timing.bank_ms,
                  "the time bank of each seat for a game, used once a turn's time is over")
      ->capture_default_str();
  cmd->add_option("--threads", opt->threads, "network threads")->capture_default_str();
  cmd->add_option("--allow-host", opt->allow_hosts,
                  "a host name the page may be opened by (repeatable); IP addresses and\n"
                  "localhost always work; other names are refused (DNS rebinding)");
  cmd->add_flag("--allow-chosen-seed", opt->allow_chosen_seed,
                "let table creators choose the seed (its creator then knows every wall)");
  auto sync = std::make_shared<std::string>("normal");
  cmd->add_option("--sync", *sync,
                  "SQLite synchronous level: normal (a saved move survives the server being\n"
                  "killed) or full (also a power loss; slower)")
      ->check(CLI::IsMember({"normal", "full"}))
      ->capture_default_str();
  server::ServerLimits& limits = opt->limits;
  cmd->add_option("--max-tables-per-minute", limits.tables_per_minute,
                  "table creations per client address and minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-imports-per-minute", limits.imports_per_minute,
                  "log imports per client address and minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-reviews-per-minute", limits.reviews_per_minute,
                  "reviews of a player per client address and minute (0: no limit)")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-live-tables", limits.max_live_tables, "games in progress at once")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-import-bytes", limits.max_request_body,
                  "largest request body (an imported log)")
      ->capture_default_str()
      ->check(CLI::Range(std::size_t{1024}, std::size_t{64} << 20));
  cmd->add_option("--max-import-hands", limits.max_import_hands, "hands of an imported log")
      ->capture_default_str()
      ->check(CLI::Range(1, 1000));
  cmd->callback([opt, sync] {
    opt->sync_full = *sync == "full";
    run_serve(*opt);
  });
}

}  // namespace riichi::cli
