// `riichi replay FILE [--quiet]`: re-runs every game of a JSON-lines record through the engine,
// checks every event and score against the file, and reports the first divergence.
//
// Exit status: 0 the replay matches; 1 the replay differs from the recorded events or scores;
// 2 a corrupt record (bad line, illegal action, truncated file).
#include <fmt/core.h>

#include <fstream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "game_summary.hpp"
#include "io/record_json.hpp"
#include "riichi/record.hpp"

namespace riichi::cli {

namespace {

constexpr int kExitDivergence = 1;

struct ReplayOptions {
  std::string file;
  bool quiet = false;
};

void run_replay(const ReplayOptions& opt) {
  std::ifstream in(opt.file, std::ios::binary);
  if (!in) {
    fmt::print(stderr, "error: cannot read '{}'\n", opt.file);
    throw CLI::RuntimeError(kExitBadInput);
  }
  std::vector<io::RecordedGame> games;
  try {
    games = io::read_records(in);
  } catch (const io::RecordError& e) {
    fmt::print(stderr, "error: {}: {}\n", opt.file, e.what());
    throw CLI::RuntimeError(kExitBadInput);
  }
  long total_actions = 0, total_hands = 0;
  for (const io::RecordedGame& game : games) {
    const ReplayResult result = replay(game.record);
    if (result.divergence) {
      const Divergence& d = *result.divergence;
      const int line =
          d.action_index >= 0 && d.action_index < static_cast<int>(game.action_lines.size())
              ? game.action_lines[static_cast<std::size_t>(d.action_index)]
          : game.lines.empty() ? game.header_line
                               : game.lines.back().first;
      fmt::print(stderr, "error: {}: line {}: game {}: {}\n", opt.file, line, game.game_index,
                 d.message());
      throw CLI::RuntimeError(kExitBadInput);
    }
    if (const auto diff = io::compare_game(game, result.log)) {
      fmt::print(stderr, "divergence: {}: game {}: {}\n", opt.file, game.game_index,
                 diff->message());
      throw CLI::RuntimeError(kExitDivergence);
    }
    const std::string title =
        fmt::format("== Game {} (seed {}, rules {}): replayed from line {}", game.game_index,
                    game.record.seed, game.record.rules.name, game.header_line);
    if (opt.quiet) {
      fmt::print("{}\n{}", title, final_table(result.log, game.record));
    } else {
      fmt::print("{}", game_summary(game.record, result.log, title));
    }
    fmt::print("verified: {} hands, {} actions, {} lines: every event and score matches\n\n",
               result.log.hands.size(), game.record.actions.size(), game.lines.size() + 1);
    total_actions += static_cast<long>(game.record.actions.size());
    total_hands += static_cast<long>(result.log.hands.size());
  }
  fmt::print("OK: {} game{}, {} hands, {} actions replayed from {}\n", games.size(),
             games.size() == 1 ? "" : "s", total_hands, total_actions, opt.file);
}

}  // namespace

void add_replay_command(CLI::App& app) {
  auto opt = std::make_shared<ReplayOptions>();
  CLI::App* sub = app.add_subcommand(
      "replay", "Replay a JSON-lines game record and verify every event and score.");
  sub->add_option("file", opt->file, "The record (written by selfplay --record)")->required();
  sub->add_flag("--quiet", opt->quiet, "Print only the final tables and the verdict");
  sub->footer(
      "Exit status: 0 the replay matches the record; 1 it differs (the first differing line is\n"
      "shown); 2 a corrupt record: a bad line, an illegal action or a truncated file (the line\n"
      "and the action are named).");
  sub->callback([opt] { run_replay(*opt); });
}

}  // namespace riichi::cli
