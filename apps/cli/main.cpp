// riichi: command-line front-end of the engine.
#include <cstdio>
#include <string_view>

#include "commands.hpp"

namespace {

// Every subcommand, by the name it registers under.
struct Command {
  std::string_view name;
  void (*add)(CLI::App&);
};

constexpr Command kCommands[] = {
    {"analyze", riichi::cli::add_analyze_command},
    {"score", riichi::cli::add_score_command},
    {"selfplay", riichi::cli::add_selfplay_command},
    {"replay", riichi::cli::add_replay_command},
    {"tenhou-check", riichi::cli::add_tenhou_check_command},
    {"danger-check", riichi::cli::add_danger_check_command},
    {"discard-samples", riichi::cli::add_discard_samples_command},
    {"discard-outcomes", riichi::cli::add_discard_outcomes_command},
    {"export", riichi::cli::add_export_command},
    {"arena", riichi::cli::add_arena_command},
    {"stats", riichi::cli::add_stats_command},
    {"mjai-bot", riichi::cli::add_mjai_bot_command},
    {"mjai-server", riichi::cli::add_mjai_server_command},
    {"serve", riichi::cli::add_serve_command},
    {"drill", riichi::cli::add_drill_command},
    {"review", riichi::cli::add_review_command},
};

const Command* find_command(std::string_view name) {
  for (const Command& command : kCommands)
    if (command.name == name) return &command;
  return nullptr;
}

// Registers the subcommands. Building one's options and help costs CLI11 tens of thousands of
// instructions (all fifteen: about 1.5 M, a third of a quick `riichi analyze` before), so when
// the first argument names a subcommand only that one is built; otherwise (no argument, an
// option such as `--help`) all of them are, for the full help.
void add_commands(CLI::App& app, int argc, char** argv) {
  if (const Command* named = argc > 1 ? find_command(argv[1]) : nullptr) {
    named->add(app);
    return;
  }
  for (const Command& command : kCommands) command.add(app);
}

// A first argument that is neither an option nor a command: CLI11 would only say "A subcommand
// is required"; say which word and what the commands are.
bool refuse_unknown_command(int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-' || find_command(argv[1]) != nullptr) return false;
  std::fprintf(stderr, "error: unknown command '%s'; the commands are:", argv[1]);
  for (const Command& command : kCommands)
    std::fprintf(stderr, " %.*s", static_cast<int>(command.name.size()), command.name.data());
  std::fprintf(stderr, "\nRun with --help for more information.\n");
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "riichi: a Riichi Mahjong engine (EMA 2016, EMA 2008 and Tenhou rules).\n"
      "Tiles use the mpsz notation: 123m456p789s11z, 0 = red five, z = honours\n"
      "(1z-4z East South West North, 5z-7z White Green Red)."};
  app.require_subcommand(1);
  if (refuse_unknown_command(argc, argv)) return riichi::cli::kExitBadInput;
  add_commands(app, argc, argv);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();  // a command failed and has already said why
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : riichi::cli::kExitBadInput;
  } catch (const std::exception& e) {
    // A command that did not catch its own error: say what, never abort.
    std::fprintf(stderr, "error: %s\n", e.what());
    return riichi::cli::kExitBadInput;
  }
  return 0;
}
