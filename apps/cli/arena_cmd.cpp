// `riichi arena --bots A,B,C,D --games N [--rules SPEC] [--threads T] [--seed S] [--db FILE]
// [--json]`: N games between four bots with seat rotation, a progress bar, and the statistics
// table per bot (docs/arena.md). Ctrl-C stops handing out games, lets the running ones finish,
// stores and prints what is finished, and exits with status 130.
#include <fmt/core.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <exception>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "bots/arena.hpp"
#include "bots/registry.hpp"
#include "commands.hpp"
#include "input_error.hpp"
#include "io/arena_report.hpp"
#include "io/game_db.hpp"
#include "io/json_text.hpp"
#include "io/record_json.hpp"
#include "riichi/rules.hpp"

namespace riichi::cli {

namespace {

// Exit status of a run interrupted by SIGINT (128 + SIGINT, as a shell reports it).
constexpr int kExitInterrupted = 130;

struct ArenaOptions {
  std::string bots;
  std::string rules = "ema2016";
  int games = 0;
  int threads = 2;
  std::uint64_t seed = 1;
  std::string db;
  bool json = false;
};

std::atomic<bool> g_cancel{false};
static_assert(std::atomic<bool>::is_always_lock_free);

extern "C" void on_sigint(int) {
  g_cancel.store(true);
  std::signal(SIGINT, SIG_DFL);  // a second Ctrl-C ends the process at once
}

std::string format_duration(double seconds) {
  const long s = seconds < 0 ? 0 : static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

// Progress on stderr: a bar redrawn a few times per second on a terminal, a plain line every
// five seconds otherwise.
class Progress {
 public:
  explicit Progress(int total) : total_(total), tty_(isatty(STDERR_FILENO) != 0) {}

  void update(int done, double elapsed, bool force = false) {
    const double since = elapsed - last_;
    if (!force && since < (tty_ ? 0.25 : 5.0)) return;
    last_ = elapsed;
    const double rate = elapsed > 0 ? done / elapsed : 0;
    const double eta = rate > 0 ? (total_ - done) / rate : 0;
    if (tty_) {
      constexpr int kWidth = 30;
      const int filled =
          total_ > 0 ? static_cast<int>(static_cast<long long>(done) * kWidth / total_) : 0;
      std::string bar(static_cast<std::size_t>(filled), '#');
      bar.resize(kWidth, '.');
      fmt::print(stderr, "\r\033[K[{}] {}/{} games  {:.0f} games/s  ETA {}", bar, done, total_,
                 rate, format_duration(eta));
      drawn_ = true;
    } else {
      fmt::print(stderr, "arena: {}/{} games, {:.0f} games/s, ETA {}\n", done, total_, rate,
                 format_duration(eta));
    }
    std::fflush(stderr);
  }

  void clear() {
    if (drawn_) fmt::print(stderr, "\r\033[K");
    std::fflush(stderr);
  }

 private:
  int total_;
  bool tty_;
  bool drawn_ = false;
  double last_ = 0;
};

// Finished games waiting for the writer (the main thread), filled by the workers.
class GameQueue {
 public:
  void push(io::StoredGame game) {
    const std::lock_guard<std::mutex> lock(mutex_);
    games_.push_back(std::move(game));
  }
  std::vector<io::StoredGame> take() {
    const std::lock_guard<std::mutex> lock(mutex_);
    return std::exchange(games_, {});
  }

 private:
  std::mutex mutex_;
  std::vector<io::StoredGame> games_;
};

// "a,b,c,d" (three players: "a,b,c").
std::string bot_list_text(const bots::ArenaConfig& config) {
  std::string out = config.bots[0];
  for (int s = 1; s < config.rules.players; ++s)
    out += "," + config.bots[static_cast<std::size_t>(s)];
  return out;
}

void print_result(const ArenaOptions& opt, const bots::ArenaConfig& config,
                  const bots::ArenaRun& run) {
  const bots::ArenaTable table = bots::summarize(run.games);
  const double rate = run.seconds > 0 ? static_cast<double>(run.games.size()) / run.seconds : 0;
  if (opt.json) {
    nlohmann::ordered_json j = io::arena_table_json(table);
    j["games_per_second"] = rate;
    j["seconds"] = run.seconds;
    j["seed"] = opt.seed;
    j["rules"] = opt.rules;
    j["bot_list"] =
        std::vector<std::string>(config.bots.begin(), config.bots.begin() + config.rules.players);
    j["threads"] = config.threads;
    j["interrupted"] = run.cancelled;
    fmt::print("{}\n", io::dump_json(j));
    return;
  }
  fmt::print("Arena: {} (seat rotation), rules {}, seed {}, {} threads\n", bot_list_text(config),
             opt.rules, opt.seed, config.threads);
  if (run.cancelled)
    fmt::print("Interrupted: {} of {} games finished\n", run.games.size(), config.games);
  fmt::print("\n{}", io::arena_table_text(table));
  fmt::print("{:.1f} games/s ({} games in {:.2f} s)\n", rate, run.games.size(), run.seconds);
}

void run_arena_command(const ArenaOptions& opt) {
  bots::ArenaConfig config;
  std::string error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &error);
  if (!rules) bad_input(fmt::format("--rules '{}': {}", opt.rules, error));
  try {
    config.bots = bots::parse_bot_list(opt.bots, rules->players);
  } catch (const std::invalid_argument& e) {
    bad_input(fmt::format("--bots '{}' (rules {}): {}", opt.bots, opt.rules, e.what()));
  }
  if (opt.games < 1) bad_input(fmt::format("--games must be at least 1 (got {})", opt.games));
  if (opt.threads < 1) bad_input(fmt::format("--threads must be at least 1 (got {})", opt.threads));
  config.rules = *rules;
  config.games = opt.games;
  config.threads = opt.threads;
  config.seed = opt.seed;
  config.record = !opt.db.empty();

  std::optional<io::GameDb> db;
  long long run_id = 0;
  if (!opt.db.empty()) {
    try {
      db.emplace(io::GameDb::open(opt.db, io::GameDb::Mode::kCreate));
      io::RunInfo info;
      info.bots = bot_list_text(config);
      info.rules = opt.rules;
      info.seed = opt.seed;
      info.games_requested = opt.games;
      info.threads = opt.threads;
      run_id = db->begin_run(info);
    } catch (const io::GameDbError& e) {
      bad_input(e.what());
    }
  }

  GameQueue queue;
  std::atomic<int> done{0};
  bots::ArenaCallbacks callbacks;
  callbacks.on_progress = [&done](int d) {
    int prev = done.load();
    while (prev < d && !done.compare_exchange_weak(prev, d)) {
    }
  };
  if (db) {
    callbacks.on_game = [&queue](const bots::GameResult& r, const GameRecorder* rec) {
      queue.push(io::StoredGame{r, io::game_to_text(rec->record(), rec->log(), 0)});
    };
  }

  g_cancel = false;
  const auto previous = std::signal(SIGINT, on_sigint);
  bots::ArenaRun run;
  std::exception_ptr failure;
  std::atomic<bool> finished{false};
  std::thread runner([&] {
    try {
      run = bots::run_arena(config, callbacks, &g_cancel);
    } catch (...) {
      failure = std::current_exception();
    }
    finished = true;
  });

  Progress progress(opt.games);
  const auto start = std::chrono::steady_clock::now();
  std::exception_ptr db_failure;
  auto write_pending = [&] {
    if (!db || db_failure) return;
    try {
      const std::vector<io::StoredGame> batch = queue.take();
      db->add_games(run_id, batch);
    } catch (...) {
      db_failure = std::current_exception();
      g_cancel = true;  // stop: the games could not be stored
    }
  };
  while (!finished) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    write_pending();
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.update(done.load(), elapsed);
  }
  runner.join();
  write_pending();
  progress.clear();
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);

  if (failure) {
    try {
      std::rethrow_exception(failure);
    } catch (const std::exception& e) {
      fmt::print(stderr, "error: the arena stopped: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  }
  if (db) {
    try {
      if (db_failure) std::rethrow_exception(db_failure);
      db->finish_run(run_id, run.seconds, run.cancelled);
    } catch (const io::GameDbError& e) {
      fmt::print(stderr, "error: {}\n", e.what());
      throw CLI::RuntimeError(1);
    }
  }
  print_result(opt, config, run);
  if (db && !opt.json)
    fmt::print("Stored {} games in {} (run {})\n", run.games.size(), opt.db, run_id);
  if (run.cancelled) {
    fmt::print(stderr, "arena: interrupted after {} of {} games\n", run.games.size(), opt.games);
    throw CLI::RuntimeError(kExitInterrupted);
  }
}

}  // namespace

void add_arena_command(CLI::App& app) {
  auto opt = std::make_shared<ArenaOptions>();
  CLI::App* sub = app.add_subcommand(
      "arena", "Play many games between four bots with seat rotation and print statistics.");
  sub->add_option("--bots", opt->bots,
                  "Four bot names separated by commas (three under three-player rules such as "
                  "tenhou_sanma), or one name for every seat; "
                  "known: " +
                      bots::bot_names())
      ->required();
  sub->add_option("--games", opt->games, "Number of games (hanchan under the default presets)")
      ->required();
  sub->add_option("--rules", opt->rules, rules_option_help())->capture_default_str();
  sub->add_option("--threads", opt->threads, "Worker threads")->capture_default_str();
  sub->add_option("--seed", opt->seed, "Seed of the run (block b plays from a seed mixed from it)")
      ->capture_default_str();
  sub->add_option("--db", opt->db,
                  "SQLite file to store every game (record and per-player results); runs "
                  "accumulate across invocations");
  sub->add_flag("--json", opt->json, "Print one JSON object instead of the table");
  sub->footer(
      "Games come in blocks of 4 (3 for three players) with the same seed, the bots rotated\n"
      "through the seats.\n"
      "Ctrl-C stops after the running games, stores and prints them, exit status 130.\n"
      "Example: riichi arena --bots greedy,random,greedy,random --games 400 --db a.db\n"
      "         riichi arena --rules tenhou_sanma --bots strong,greedy,defensive --games 30");
  sub->callback([opt] { run_arena_command(*opt); });
}

}  // namespace riichi::cli
