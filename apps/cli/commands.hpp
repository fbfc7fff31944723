// Subcommands of the `riichi` CLI. Each lives in its own file and registers itself here.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

#include "riichi/rules.hpp"

namespace riichi::cli {

// Exit status for bad user input (malformed hand, vector or option value).
inline constexpr int kExitBadInput = 2;

// The help text of every --rules option: the syntax and the list of presets.
inline std::string rules_option_help() {
  std::string presets;
  for (const std::string& n : Rules::preset_names()) presets += (presets.empty() ? "" : ", ") + n;
  return "Rule preset and overrides: PRESET[,key=value...] (presets: " + presets + ")";
}

void add_analyze_command(CLI::App& app);
void add_score_command(CLI::App& app);
void add_selfplay_command(CLI::App& app);
void add_replay_command(CLI::App& app);
void add_tenhou_check_command(CLI::App& app);
void add_danger_check_command(CLI::App& app);
void add_discard_samples_command(CLI::App& app);
void add_discard_outcomes_command(CLI::App& app);
void add_export_command(CLI::App& app);
void add_arena_command(CLI::App& app);
void add_stats_command(CLI::App& app);
void add_mjai_bot_command(CLI::App& app);
void add_mjai_server_command(CLI::App& app);
void add_serve_command(CLI::App& app);
void add_drill_command(CLI::App& app);
void add_review_command(CLI::App& app);

}  // namespace riichi::cli
