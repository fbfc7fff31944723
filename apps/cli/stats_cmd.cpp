// `riichi stats --db FILE [--run ID] [--json]`: the arena's statistics table from the games
// stored in an arena database (every run, or one), the same table `riichi arena` prints.
#include <fmt/core.h>

#include <optional>
#include <string>
#include <vector>

#include "bots/arena.hpp"
#include "commands.hpp"
#include "io/arena_report.hpp"
#include "io/game_db.hpp"
#include "io/json_text.hpp"

namespace riichi::cli {

namespace {

struct StatsOptions {
  std::string db;
  long long run = 0;  // 0 = every run
  bool json = false;
};

nlohmann::ordered_json run_json(const io::RunInfo& r) {
  nlohmann::ordered_json j;
  j["id"] = r.id;
  j["bots"] = r.bots;
  j["rules"] = r.rules;
  j["seed"] = r.seed;
  j["games_requested"] = r.games_requested;
  j["games"] = r.games_done;
  j["threads"] = r.threads;
  j["started"] = r.started;
  j["finished"] = r.finished;
  j["seconds"] = r.seconds;
  j["interrupted"] = r.interrupted;
  return j;
}

std::string run_line(const io::RunInfo& r) {
  std::string state;
  if (r.finished.empty()) {
    state = "not finished (the process stopped)";
  } else {
    state = fmt::format("{:.2f} s", r.seconds);
    if (r.interrupted) state += ", interrupted";
  }
  return fmt::format("  run {}: {}, rules {}, seed {}, {} of {} games, {} threads, {}, {}\n", r.id,
                     r.bots, r.rules, r.seed, r.games_done, r.games_requested, r.threads, r.started,
                     state);
}

void run_stats(const StatsOptions& opt) {
  std::vector<io::RunInfo> runs;
  std::vector<bots::GameResult> games;
  try {
    const io::GameDb db = io::GameDb::open(opt.db, io::GameDb::Mode::kReadOnly);
    runs = db.runs();
    std::optional<long long> only;
    if (opt.run != 0) {
      std::erase_if(runs, [&opt](const io::RunInfo& r) { return r.id != opt.run; });
      if (runs.empty()) {
        fmt::print(stderr, "error: {}: no run {}\n", opt.db, opt.run);
        throw CLI::RuntimeError(kExitBadInput);
      }
      only = opt.run;
    }
    games = db.load_results(only);
  } catch (const io::GameDbError& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    throw CLI::RuntimeError(kExitBadInput);
  }
  const bots::ArenaTable table = bots::summarize(games);
  double seconds = 0;
  int timed_games = 0;
  for (const io::RunInfo& r : runs) {
    if (r.seconds <= 0) continue;
    seconds += r.seconds;
    timed_games += r.games_done;
  }
  const double rate = seconds > 0 ? timed_games / seconds : 0;
  if (opt.json) {
    nlohmann::ordered_json j = io::arena_table_json(table);
    j["games_per_second"] = rate;
    j["seed"] = runs.size() == 1 ? nlohmann::ordered_json(runs[0].seed) : nullptr;
    bool same_rules = !runs.empty();
    for (const io::RunInfo& r : runs) same_rules = same_rules && r.rules == runs[0].rules;
    j["rules"] = same_rules ? nlohmann::ordered_json(runs[0].rules) : nullptr;
    j["runs"] = nlohmann::ordered_json::array();
    for (const io::RunInfo& r : runs) j["runs"].push_back(run_json(r));
    fmt::print("{}\n", io::dump_json(j));
    return;
  }
  fmt::print("Database {}: {} run{}, {} games\n", opt.db, runs.size(), runs.size() == 1 ? "" : "s",
             games.size());
  for (const io::RunInfo& r : runs) fmt::print("{}", run_line(r));
  fmt::print("\n{}", io::arena_table_text(table));
  if (rate > 0) fmt::print("{:.1f} games/s (over the finished runs)\n", rate);
}

}  // namespace

void add_stats_command(CLI::App& app) {
  auto opt = std::make_shared<StatsOptions>();
  CLI::App* sub = app.add_subcommand(
      "stats", "Print the arena statistics of the games stored in an arena database.");
  sub->add_option("--db", opt->db, "SQLite file written by `riichi arena --db`")->required();
  sub->add_option("--run", opt->run, "Only this run (ids as listed); default: every run");
  sub->add_flag("--json", opt->json, "Print one JSON object instead of the table");
  sub->footer(
      "Entries are grouped by bot name over every stored game (docs/arena.md).\n"
      "Example: riichi stats --db arena.db --json");
  sub->callback([opt] { run_stats(*opt); });
}

}  // namespace riichi::cli
