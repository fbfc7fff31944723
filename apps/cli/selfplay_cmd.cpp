// `riichi selfplay [--rules SPEC] [--seed N] [--games N] [--bots A[,B,C,D]] [--record FILE]
// [--quiet]`: games between bots of the registry (bots/registry.hpp), with a hand-by-hand summary,
// the final table, and optionally the JSON-lines record (docs/record-format.md).
#include <fmt/core.h>

#include <cstdint>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "bots/registry.hpp"
#include "bots/selfplay.hpp"
#include "commands.hpp"
#include "game_summary.hpp"
#include "io/record_json.hpp"
#include "riichi/record.hpp"
#include "riichi/rules.hpp"

namespace riichi::cli {

namespace {

struct SelfplayOptions {
  std::string rules = "ema2016";
  std::uint64_t seed = 1;
  int games = 1;
  std::string record;
  std::string bots = "random";
  bool quiet = false;
};

void run_selfplay(const SelfplayOptions& opt) {
  std::string error;
  const std::optional<Rules> rules = Rules::try_parse(opt.rules, &error);
  if (!rules) {
    fmt::print(stderr, "error: --rules '{}': {}\n", opt.rules, error);
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (opt.games < 1) {
    fmt::print(stderr, "error: --games must be at least 1\n");
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::array<std::string, 4> names;
  try {
    names = bots::parse_bot_list(opt.bots, rules->players);
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "error: --bots: {}\n", e.what());
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::ofstream file;
  if (!opt.record.empty()) {
    file.open(opt.record, std::ios::binary | std::ios::trunc);
    if (!file) {
      fmt::print(stderr, "error: cannot write the record to '{}'\n", opt.record);
      throw CLI::RuntimeError(kExitBadInput);
    }
  }
  for (int g = 0; g < opt.games; ++g) {
    const std::uint64_t seed = opt.seed + static_cast<std::uint64_t>(g);
    const auto players = bots::make_bots(names, seed, *rules);  // judging under the game's rules
    const GameRecorder rec = bots::play_recorded(*rules, seed, bots::seats_of(players));
    const GameRecord record = rec.record();
    if (file) io::write_game(file, record, rec.log(), g);
    const std::string title = fmt::format("== Game {} of {}: seed {}, rules {}, bots {}", g + 1,
                                          opt.games, seed, rules->name, opt.bots);
    if (opt.quiet) {
      fmt::print("{}\n", title);
      fmt::print("{}", final_table(rec.log(), record));
    } else {
      fmt::print("{}", game_summary(record, rec.log(), title));
    }
    if (g + 1 < opt.games) fmt::print("\n");
  }
  if (file) {
    file.flush();
    if (!file) {
      fmt::print(stderr, "error: writing '{}' failed\n", opt.record);
      throw CLI::RuntimeError(1);
    }
    fmt::print("\nRecord written to {}\n", opt.record);
  }
}

}  // namespace

void add_selfplay_command(CLI::App& app) {
  auto opt = std::make_shared<SelfplayOptions>();
  CLI::App* sub =
      app.add_subcommand("selfplay", "Play games between bots and print them hand by hand.");
  sub->add_option("--rules", opt->rules, rules_option_help())->capture_default_str();
  sub->add_option("--seed", opt->seed, "Seed of the first game (game k uses seed + k)")
      ->capture_default_str();
  sub->add_option("--games", opt->games, "Number of games")
      ->capture_default_str()
      ->check(CLI::PositiveNumber);
  sub->add_option("--record", opt->record,
                  "Write the JSON-lines record of every game to FILE (docs/record-format.md)");
  std::string bot_help =
      "One bot name for all four seats, or four names separated by commas "
      "(seat 0 = the first East). Bots:";
  for (const bots::BotInfo& b : bots::bot_infos()) {
    bot_help += "\n  ";
    bot_help += b.name;
    bot_help += ": ";
    bot_help += b.description;
  }
  sub->add_option("--bots", opt->bots, bot_help)->capture_default_str();
  sub->add_flag("--quiet", opt->quiet, "Print only the final table of each game");
  sub->footer(
      "The same seed gives the same games and a byte-identical record.\n"
      "Example: riichi selfplay --seed 7 --games 3 --record r.jsonl && riichi replay r.jsonl");
  sub->callback([opt] { run_selfplay(*opt); });
}

}  // namespace riichi::cli
